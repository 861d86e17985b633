import { describe, expect, it } from 'vitest';
import { PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import { MAX_CENTRE_OFFSET } from './checks.ts';
import {
  cropBounds,
  type FaceGeometry,
  MAX_STRAIGHTEN_DEGREES,
  placement,
  planCrop,
  planLevelCrop,
  straighteningAngle,
  turn,
} from './geometry.ts';

/** A level face, eyes at (400, 400), head 396 px from crown (164) to chin (560). */
const FACE: FaceGeometry = {
  box: { left: 290, top: 300, width: 220, height: 260 },
  eyes: [
    { x: 355, y: 400 },
    { x: 445, y: 400 },
  ],
  eyeMid: { x: 400, y: 400 },
  chin: { x: 400, y: 560 },
  crown: { x: 400, y: 164 },
  headHeight: 396,
  rollDegrees: 0,
  face: { left: 290, top: 340, width: 220, height: 220 },
  head: { left: 257, top: 164, width: 286, height: 396 },
};
const us = PHOTO_SIZES['us-2x2'];
const [minHead, maxHead] = us.headHeight ?? [0, 1];

describe('straightening', () => {
  it('turns clockwise on the screen, as sharp does', () => {
    const turned = turn({ x: 10, y: 0 }, { x: 0, y: 0 }, 90);
    expect(turned.x).toBeCloseTo(0);
    expect(turned.y).toBeCloseTo(10);
  });

  it('levels a roll from 1° to the maximum, and leaves jitter and a lean alone', () => {
    expect(straighteningAngle(6)).toBe(-6);
    expect(straighteningAngle(-2.5)).toBe(2.5);
    expect(straighteningAngle(0.6)).toBe(0);
    expect(straighteningAngle(MAX_STRAIGHTEN_DEGREES + 0.5)).toBe(0);
  });

  it('plans a turned crop only where it lies inside the photo: never a pixel of fill', () => {
    const crop = planLevelCrop(FACE, us, { width: 1000, height: 1200 }, -6);
    if (!crop) throw new Error('no crop');
    const bounds = cropBounds(crop);
    expect(bounds.left).toBeGreaterThanOrEqual(0);
    expect(bounds.top).toBeGreaterThanOrEqual(0);
    expect(bounds.left + bounds.width).toBeLessThanOrEqual(1000);
    expect(bounds.top + bounds.height).toBeLessThanOrEqual(1200);
    // Turned, its frame needs more of the photo than the crop itself.
    expect(bounds.width).toBeGreaterThan(crop.width * 1.05);
    expect(placement(FACE, crop)).toMatchObject({ centreOffset: expect.closeTo(0, 5) });
    // Too tight around the face: fitted as taken rather than filled.
    expect(planLevelCrop(FACE, us, { width: 640, height: 1000 }, -6)).toBeNull();
  });
});

describe('planCrop near an edge', () => {
  it('keeps the face centred by making the head a little bigger, within its range', () => {
    // The ideal crop (666 px wide about the eyes at x 400) would leave a 710 px wide photo by 22 px.
    const place = placement(FACE, planCrop(FACE, us, { width: 710, height: 1000 }));
    expect(Math.abs(place.centreOffset)).toBeLessThan(0.001);
    expect(place.headFraction).toBeGreaterThan(minHead);
    expect(place.headFraction).toBeLessThanOrEqual(maxHead);
  });

  it('moves the crop off centre only when the head is already at the top of its range', () => {
    const crop = planCrop(FACE, us, { width: 650, height: 1000 });
    expect(crop.left + crop.width).toBeLessThanOrEqual(650);
    const place = placement(FACE, crop);
    expect(place.headFraction).toBeGreaterThan(maxHead - (maxHead - minHead) * 0.2);
    expect(place.headFraction).toBeLessThanOrEqual(maxHead);
    expect(place.centreOffset).toBeGreaterThan(MAX_CENTRE_OFFSET);
  });
});

describe('the Indian passport’s crop: the head at photo-specs.md’s 80–85 %', () => {
  const passport = PHOTO_SIZES['in-passport'];
  const [minEye, maxEye] = passport.eyeLine ?? [0, 1];
  /** FACE with its eyes `share` of the head's height above the chin: 0.45–0.48 on face-api's 22 demo faces. */
  const eyesAt = (share: number): FaceGeometry => {
    const y = FACE.chin.y - share * FACE.headHeight;
    return {
      ...FACE,
      eyes: [
        { ...FACE.eyes[0], y },
        { ...FACE.eyes[1], y },
      ],
      eyeMid: { ...FACE.eyeMid, y },
    };
  };

  it.each([0.45, 0.48])(
    'frames the whole head, chin to crown, with eyes %s of the way up it inside the eye line',
    (share) => {
      const face = eyesAt(share);
      const crop = planCrop(face, passport, { width: 2000, height: 2000 });
      const place = placement(face, crop);
      expect(place.headFraction).toBeCloseTo(0.825);
      // An eye line as high as 55 % cut the crown off a head this large.
      expect(place.crownCut).toBe(false);
      expect(face.chin.y).toBeLessThanOrEqual(crop.top + crop.height);
      expect(place.eyeFraction).toBeGreaterThanOrEqual(minEye);
      expect(place.eyeFraction).toBeLessThanOrEqual(maxEye);
    },
  );
});
