// Face detection with @vladmandic/face-api on tfjs's WebAssembly backend, offline (DESIGN.md §2b).
// Runs inside the detection worker only (detect-worker.ts): the models and tfjs's memory cost
// ~130 MB and a detection ~0.5 s of CPU, neither of which belongs on the server's event loop.
import { createRequire, registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { loadOnce } from '../../../lib/load-once.ts';
import type { RawFace } from './faces.ts';
import { landmarkBox } from './landmark-box.ts';
import { leanForwardInput } from './ssd-forward.ts';
import { distinctFaces, type Region, tilesOf } from './tiles.ts';

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');
type Tensor3D = ReturnType<FaceApi['tf']['tensor3d']>;
type Tensor4D = ReturnType<FaceApi['tf']['tensor4d']>;
type Detection = InstanceType<FaceApi['FaceDetection']>;

const require = createRequire(import.meta.url);

/**
 * SSD MobileNet v1 finds faces the tiny detector misses (a tilted head in the spike); below this
 * score a detection is not counted as a face. 0.5 keeps the package samples' real faces
 * (0.59–1.00) and drops the texture and poster false positives seen at 0.3.
 */
export const FACE_MIN_CONFIDENCE = 0.5;
/**
 * A first look that finds no face scoring FACE_MIN_CONFIDENCE, but something scoring this much,
 * looks again, in tiles (faceDetections). SSD MobileNet scores a clear face about 55–70 px wide in
 * its 512 px input far lower than one smaller or larger: the sample faces at that size scored
 * 0.25–0.48 in the whole photo, 0.72–1.00 in a tile (tiles.ts). Blank walls, a busy background,
 * blurred and dark faces, a signature and a thumb impression score nothing over 0.07: they are not
 * looked at again.
 */
export const LOOK_AGAIN_FLOOR = 0.2;
/** More faces than this are reported as "many"; counting further costs landmark time for nothing. */
const MAX_FACES = 10;

/**
 * The packages @tensorflow/tfjs requires besides tfjs-core, none of which face detection uses:
 * face-api calls tfjs-core's ops and io, on the wasm backend.
 */
const UNUSED_TFJS_PACKAGES = new Set([
  '@tensorflow/tfjs-layers',
  '@tensorflow/tfjs-converter',
  '@tensorflow/tfjs-data',
  '@tensorflow/tfjs-backend-cpu',
  '@tensorflow/tfjs-backend-webgl',
]);
const UNUSED_TFJS_PACKAGE = require.resolve('./tfjs-unused.cjs');

async function load(): Promise<FaceApi> {
  // The bare package import wants tfjs-node (native, not installable offline); the node-wasm
  // build brings tfjs and the wasm backend, which finds its .wasm files beside itself: no
  // setWasmPaths, which would point at a CDN. tfjs's own bundle (tfjs-core's chained ops, which
  // face-api calls) is kept, the packages it re-exports and face-api never calls are empty
  // while it loads: 8 MB less of the worker's heap, 13 MB less resident (decision 0122-memory-peak).
  const hooks = registerHooks({
    resolve: (specifier, context, nextResolve) =>
      nextResolve(UNUSED_TFJS_PACKAGES.has(specifier) ? UNUSED_TFJS_PACKAGE : specifier, context),
  });
  let faceapi: FaceApi;
  try {
    faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  } finally {
    hooks.deregister();
  }
  const { tf } = faceapi as unknown as { tf: typeof import('@tensorflow/tfjs') };
  await tf.setBackend('wasm');
  await tf.ready();
  const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  const ssd = faceapi.nets.ssdMobilenetv1;
  await ssd.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  // The same network, freeing each layer's activations as it goes (its own property: the
  // prototype's, face-api's, stays for ssd-forward.test.ts to compare with).
  ssd.forwardInput = leanForwardInput(faceapi.tf, ssd);
  return faceapi;
}

/** Loads the backend and models once, on first use. A failed load is retried by the next call. */
export const faceApi = loadOnce(load);

/**
 * SSD MobileNet's own input size: face-api pads every image to a square and resizes it to this.
 * The detector is handed the photo already this small (sharp's resize), not the ≤ 1000 px one:
 * face-api's int32 copy of that, padded, took two 9–12 MB blocks of tfjs's WebAssembly memory
 * (which never shrinks) next to the network's own (decision 0122-memory-peak).
 */
const SSD_INPUT_SIDE = 512;

type Landmarks = InstanceType<FaceApi['FaceLandmarks68']>;

/**
 * The landmarks of each face, read in the detector's box, as x0, y0, … in the pixels given;
 * undefined for the last faces when face-api cut some box to nothing (it leaves a box under a
 * pixel out once clipped to the photo, and its pipeline then drops the last faces, as here).
 */
async function landmarksInDetections(
  faceapi: FaceApi,
  image: Tensor3D,
  detections: Detection[],
): Promise<(number[] | undefined)[]> {
  const faces = await faceapi.extractFaceTensors(image, detections);
  try {
    // One face tensor in, one set of landmarks out (an array only for an array in): in the face's
    // pixels, moved to the box's place as face-api's extendWithFaceLandmarks moves them.
    const read = (await Promise.all(
      faces.map((face) => faceapi.nets.faceLandmark68Net.detectLandmarks(face)),
    )) as Landmarks[];
    return detections.map(({ box }, i) => read[i]?.positions.flatMap((point) => [point.x + box.x, point.y + box.y]));
  } finally {
    for (const face of faces) face.dispose();
  }
}

/**
 * The face's own box is sampled this many pixels across, twice the landmark network's 112 px
 * input (the network halves it, as it resizes any face it is given), whatever the face's size in
 * the photo: the readings in it do not depend on the photo's resolution either.
 */
const REREAD_SIDE = 224;

/**
 * Times the landmarks are read again, each time in the box the reading before draws. The box drawn
 * from the detector's reading still carries the detector's framing, through the eyes and the mouth
 * it placed: on face-api's 22 demo faces the box moved by a median 2.3 % of its width at the first
 * reading again, then 0.85, 0.43 and 0.22 % at the next three. Read once, a fitted photo's head
 * re-measured up to 1.0 point from the plan on the test faces (the blonde's Indian passport photo,
 * her head planned at 82.5 %); read 4 times, within 0.2. Each reading is ~13 ms beside detection's
 * ~0.6 s.
 */
const REREAD_PASSES = 4;

/** One reading of the landmarks in the box they draw (landmark-box.ts), in `image`'s pixels. */
async function readInOwnBox(faceapi: FaceApi, image: Tensor3D, landmarks: number[]): Promise<number[]> {
  const { tf } = faceapi;
  const [height, width] = image.shape;
  const box = landmarkBox(landmarks);
  const size = [Math.round((REREAD_SIDE * box.height) / box.width), REREAD_SIDE] as const;
  const step = { x: box.width / size[1], y: box.height / size[0] };
  const face = tf.tidy(() => {
    // cropAndResize takes the first and last samples' places as fractions of (side − 1).
    const crops = tf.image.cropAndResize(
      tf.expandDims<Tensor4D>(image, 0),
      [
        [
          box.y / (height - 1),
          box.x / (width - 1),
          (box.y + step.y * (size[0] - 1)) / (height - 1),
          (box.x + step.x * (size[1] - 1)) / (width - 1),
        ],
      ],
      [0],
      [size[0], size[1]],
      'bilinear',
      0,
    );
    return tf.reshape(crops, [size[0], size[1], 3]) as Tensor3D;
  });
  try {
    const read = (await faceapi.nets.faceLandmark68Net.detectLandmarks(face)) as Landmarks;
    return read.positions.flatMap((point) => [box.x + point.x * step.x, box.y + point.y * step.y]);
  } finally {
    face.dispose();
  }
}

/**
 * A face's landmarks (x0, y0, … in `image`'s pixels) read again in the box they draw around it
 * (landmark-box.ts), REREAD_PASSES times. The box is sampled where it lies, to a fraction of a
 * pixel, and black where it reaches past the photo, so the face sits in it as it would in a
 * larger photo.
 */
export async function rereadLandmarks(faceapi: FaceApi, image: Tensor3D, landmarks: number[]): Promise<number[]> {
  let read = landmarks;
  for (let pass = 0; pass < REREAD_PASSES; pass += 1) read = await readInOwnBox(faceapi, image, read);
  return read;
}

/**
 * The faces SSD finds in `region` of the photo, read at most SSD_INPUT_SIDE a side, as detections
 * in the whole photo's pixels. Its tensors are freed before it returns: looking again reads one
 * tile at a time, each at the first look's cost (decision 0122-memory-peak).
 */
async function locate(
  faceapi: FaceApi,
  photo: { rgb: Uint8Array; width: number; height: number },
  region: Region,
  minConfidence = FACE_MIN_CONFIDENCE,
): Promise<Detection[]> {
  const { rgb, width, height } = photo;
  const { tf } = faceapi;
  const whole = region.width === width && region.height === height;
  const pixels = sharp(rgb, { raw: { width, height, channels: 3 } });
  // Cut before the resize (sharp's order when extract comes first), so the tile is read at 512 px.
  const small = await (whole ? pixels : pixels.extract(region))
    .resize({ width: SSD_INPUT_SIDE, height: SSD_INPUT_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ssdInput = tf.tensor3d(small.data, [small.info.height, small.info.width, 3], 'int32');
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence, maxResults: MAX_FACES });
  const found = await faceapi.nets.ssdMobilenetv1
    .locateFaces(ssdInput as never, options)
    .finally(() => ssdInput.dispose());
  // Boxes relative to the region, made relative to the photo (their `box` is then in its pixels).
  return found.map(
    ({ score, relativeBox: box }) =>
      new faceapi.FaceDetection(
        score,
        new faceapi.Rect(
          (region.left + box.x * region.width) / width,
          (region.top + box.y * region.height) / height,
          (box.width * region.width) / width,
          (box.height * region.height) / height,
        ),
        { width, height },
      ),
  );
}

/**
 * The faces in the photo: found in the whole of it or, when none is but something nearly is
 * (LOOK_AGAIN_FLOOR), in its tiles (tiles.ts), where the same face is larger to the network. Every
 * face counted scored over FACE_MIN_CONFIDENCE in one reading: looking again reads parts of the
 * photo larger, never with a lower bar. About 0.2 s a tile on this machine unloaded (two for a
 * 4 : 3 photo, three for 16 : 9, four for a square one), paid only by a photo the first look
 * nearly found a face in.
 */
async function faceDetections(
  faceapi: FaceApi,
  photo: { rgb: Uint8Array; width: number; height: number },
): Promise<Detection[]> {
  const whole = { left: 0, top: 0, width: photo.width, height: photo.height };
  // One network pass: face-api keeps boxes greedily, best first, so those over FACE_MIN_CONFIDENCE
  // are the ones it keeps with that bar.
  const seen = await locate(faceapi, photo, whole, LOOK_AGAIN_FLOOR);
  const faces = seen.filter((detection) => detection.score > FACE_MIN_CONFIDENCE);
  if (faces.length > 0 || seen.length === 0) return faces;
  const inTiles: Detection[] = [];
  for (const tile of tilesOf(photo.width, photo.height)) inTiles.push(...(await locate(faceapi, photo, tile)));
  return distinctFaces(inTiles).slice(0, MAX_FACES);
}

/**
 * Faces with their 68 landmarks in tightly packed RGB pixels (3 bytes a pixel, row by row): the
 * faces are found in the photo at most SSD_INPUT_SIDE a side (or in its tiles, when the whole of
 * it nearly shows one: faceDetections), their landmarks read in the pixels given, first in the
 * detector's box, then again in the box each reading draws around the face (landmark-box.ts,
 * REREAD_PASSES), so that they do not depend on how tightly the photo is framed. The box and score
 * returned are the detector's.
 */
export async function detectFaces(rgb: Uint8Array, width: number, height: number): Promise<RawFace[]> {
  const faceapi = await faceApi();
  const { tf } = faceapi;
  const detections = await faceDetections(faceapi, { rgb, width, height });
  if (detections.length === 0) return [];
  // The photo becomes a tensor only now, once the detector's activations are freed, and only for
  // as long as its faces' landmarks are read.
  const image = tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const first = await landmarksInDetections(faceapi, image, detections);
    const faces: RawFace[] = [];
    for (const [i, detection] of detections.entries()) {
      const landmarks = first[i];
      if (!landmarks) continue;
      faces.push({
        score: detection.score,
        box: { x: detection.box.x, y: detection.box.y, width: detection.box.width, height: detection.box.height },
        landmarks: await rereadLandmarks(faceapi, image, landmarks),
      });
    }
    return faces;
  } finally {
    image.dispose();
  }
}
