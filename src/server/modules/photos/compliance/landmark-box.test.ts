import { describe, expect, it } from 'vitest';
import { LANDMARK_BOX, landmarkBox } from './landmark-box.ts';

/** 68 landmarks, all at the face's middle except the eyes (36–47) and the mouth (48–67). */
function face(leftEye: [number, number], rightEye: [number, number], mouth: [number, number]): number[] {
  return Array.from({ length: 68 }, (_, i) =>
    i >= 36 && i <= 41 ? leftEye : i >= 42 && i <= 47 ? rightEye : i >= 48 ? mouth : [50, 60],
  ).flat();
}

describe('landmarkBox', () => {
  it('draws the box from the eyes and the mouth, in eye-to-mouth distances from their centre', () => {
    // Eyes 60 px apart, the mouth 80 px below them: 85.4 px from each eye.
    const unit = Math.hypot(30, 80);
    const centre = { x: 500, y: (400 + 400 + 480) / 3 };
    const box = landmarkBox(face([470, 400], [530, 400], [500, 480]));
    expect(box.x).toBeCloseTo(centre.x - (LANDMARK_BOX.width / 2) * unit);
    expect(box.y).toBeCloseTo(centre.y + LANDMARK_BOX.top * unit);
    expect(box.width).toBeCloseTo(LANDMARK_BOX.width * unit);
    expect(box.height).toBeCloseTo(LANDMARK_BOX.height * unit);
    // Above the eyes for the forehead, below the mouth for the chin, centred across.
    expect(box.y).toBeLessThan(400 - unit);
    expect(box.y + box.height).toBeGreaterThan(480 + 0.5 * unit);
    expect(box.x + box.width / 2).toBeCloseTo(500);
  });

  it('frames a face the same however much of the photo it fills: scaled and moved with it', () => {
    const small = landmarkBox(face([470, 400], [530, 400], [500, 480]));
    // The same face twice as large, 100 px further right and down.
    const large = landmarkBox(face([1040, 900], [1160, 900], [1100, 1060]));
    expect(large.x).toBeCloseTo(2 * small.x + 100);
    expect(large.y).toBeCloseTo(2 * small.y + 100);
    expect(large.width).toBeCloseTo(2 * small.width);
    expect(large.height).toBeCloseTo(2 * small.height);
  });

  it('is not cut at the photo’s edges: a face at its corner keeps its whole box', () => {
    const corner = landmarkBox(face([10, 20], [70, 20], [40, 100]));
    expect(corner.x).toBeLessThan(0);
    expect(corner.y).toBeLessThan(0);
    expect(corner.width).toBeCloseTo(LANDMARK_BOX.width * Math.hypot(30, 80));
  });
});
