import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectFaces, FACE_MIN_CONFIDENCE, faceApi, rereadLandmarks } from './detector.ts';
import { faceOn, type SampleFace } from './test-images.ts';

// The detector runs here, in the test's own process (the engine's tests go through its worker).
let faceapi: Awaited<ReturnType<typeof faceApi>>;
beforeAll(async () => {
  faceapi = await faceApi();
}, 60_000);

/** A sample face as the engine hands it to detection: RGB, at most 1000 px a side. */
async function detectionInput(face: SampleFace) {
  const { data, info } = await sharp(await faceOn(face))
    .resize(1000, 1000, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: new Uint8Array(data), width: info.width, height: info.height };
}

describe('SSD MobileNet forward pass (decision 0093-memory)', () => {
  it.each(['brunette', 'blonde'] as const)("finds face-api's own boxes and scores on the %s sample", async (face) => {
    const { rgb, width, height } = await detectionInput(face);
    const net = faceapi.nets.ssdMobilenetv1;
    const ownForward = Object.getPrototypeOf(net).forwardInput as typeof net.forwardInput;
    expect(net.forwardInput).not.toBe(ownForward);
    const image = faceapi.tf.tensor3d(rgb, [height, width, 3], 'int32');
    const input = await faceapi.toNetInput(image);
    const run = (forward: typeof net.forwardInput) => {
      const { boxes, scores } = forward.call(net, input);
      const values = {
        boxes: boxes.map((t) => Array.from(t.dataSync())),
        scores: scores.map((t) => Array.from(t.dataSync())),
      };
      for (const t of [...boxes, ...scores]) t.dispose();
      return values;
    };
    try {
      expect(run(net.forwardInput)).toEqual(run(ownForward));
    } finally {
      image.dispose();
    }
  });

  it("holds at most 64 MB of tensors at once for a 1000 px photo, weights included (face-api's own: 147 MB)", async () => {
    const { rgb, width, height } = await detectionInput('brunette');
    let faces = 0;
    // face-api's bundled typing of tf leaves profile out; it is tfjs's own.
    const { profile: measure } = faceapi.tf as unknown as typeof import('@tensorflow/tfjs');
    const profile = await measure(async () => {
      faces = (await detectFaces(rgb, width, height)).length;
    });
    expect(faces).toBe(1);
    expect(profile.peakBytes / 2 ** 20).toBeLessThanOrEqual(64);
  });
});

describe('detectFaces on a 512 px copy of the photo (decision 0122-memory-peak)', () => {
  it.each(['brunette', 'blonde'] as const)(
    "finds the face face-api's whole pipeline finds in the 1000 px %s sample, box and landmarks within 1% of its width",
    async (face) => {
      const { rgb, width, height } = await detectionInput(face);
      const image = faceapi.tf.tensor3d(rgb, [height, width, 3], 'int32');
      const options = new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_CONFIDENCE });
      const own = await faceapi.detectAllFaces(image as never, options).withFaceLandmarks();
      // Its landmarks read again in the box they draw, as detectFaces reads them (landmark-box.ts).
      const ownLandmarks = await Promise.all(
        own.map(({ landmarks }) =>
          rereadLandmarks(
            faceapi,
            image,
            landmarks.positions.flatMap((point) => [point.x, point.y]),
          ),
        ),
      );
      image.dispose();
      const found = await detectFaces(rgb, width, height);
      expect(found).toHaveLength(own.length);
      const [expected, expectedLandmarks, actual] = [own[0], ownLandmarks[0], found[0]];
      if (!expected || !expectedLandmarks || !actual) throw new Error('no face');
      const tolerance = expected.detection.box.width / 100;
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(actual.box[side] - expected.detection.box[side])).toBeLessThanOrEqual(tolerance);
      }
      const apart = Array.from({ length: 68 }, (_, i) =>
        Math.hypot(
          (expectedLandmarks[2 * i] ?? 0) - (actual.landmarks[2 * i] ?? 0),
          (expectedLandmarks[2 * i + 1] ?? 0) - (actual.landmarks[2 * i + 1] ?? 0),
        ),
      );
      expect(apart.reduce((sum, d) => sum + d, 0) / apart.length).toBeLessThanOrEqual(tolerance);
    },
  );
});
