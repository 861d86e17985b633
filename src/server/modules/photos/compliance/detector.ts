// Face detection with @vladmandic/face-api on tfjs's WebAssembly backend, offline (DESIGN.md §2b).
// Runs inside the detection worker only (detect-worker.ts): the models and tfjs's memory cost
// ~130 MB and a detection ~0.5 s of CPU, neither of which belongs on the server's event loop.
import { createRequire, registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { loadOnce } from '../../../lib/load-once.ts';
import type { RawFace } from './faces.ts';
import { leanForwardInput } from './ssd-forward.ts';

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');

const require = createRequire(import.meta.url);

/**
 * SSD MobileNet v1 finds faces the tiny detector misses (a tilted head in the spike); below this
 * score a detection is not counted as a face. 0.5 keeps the package samples' real faces
 * (0.59–1.00) and drops the texture and poster false positives seen at 0.3.
 */
export const FACE_MIN_CONFIDENCE = 0.5;
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

/**
 * Faces with their 68 landmarks in tightly packed RGB pixels (3 bytes a pixel, row by row): the
 * faces are found in the photo at most SSD_INPUT_SIDE a side, their landmarks read in the pixels
 * given, as face-api's `detectAllFaces(input).withFaceLandmarks()` reads them in its input.
 */
export async function detectFaces(rgb: Uint8Array, width: number, height: number): Promise<RawFace[]> {
  const faceapi = await faceApi();
  const { tf } = faceapi;
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_CONFIDENCE, maxResults: MAX_FACES });
  const small = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize({ width: SSD_INPUT_SIDE, height: SSD_INPUT_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ssdInput = tf.tensor3d(small.data, [small.info.height, small.info.width, 3], 'int32');
  const found = await faceapi.nets.ssdMobilenetv1
    .locateFaces(ssdInput as never, options)
    .finally(() => ssdInput.dispose());
  if (found.length === 0) return [];
  // The same boxes, relative to the image, in the pixels given.
  const detections = found.map((detection) => detection.forSize(width, height));
  // The photo becomes a tensor only now, once the detector's activations are freed, and only for
  // as long as its faces are cut out of it.
  const image = tf.tensor3d(rgb, [height, width, 3], 'int32');
  const faces = await faceapi.extractFaceTensors(image, detections).finally(() => image.dispose());
  try {
    // One face tensor in, one set of landmarks out (an array only for an array in).
    const landmarks = (await Promise.all(
      faces.map((face) => faceapi.nets.faceLandmark68Net.detectLandmarks(face)),
    )) as InstanceType<FaceApi['FaceLandmarks68']>[];
    // extractFaceTensors leaves out a box under a pixel once clipped to the photo; face-api's
    // pipeline then drops the last detections, as here.
    return detections.flatMap((detection, i) => {
      const unshifted = landmarks[i];
      if (!unshifted) return [];
      const { landmarks: positioned } = faceapi.extendWithFaceLandmarks({ detection }, unshifted);
      return {
        score: detection.score,
        box: { x: detection.box.x, y: detection.box.y, width: detection.box.width, height: detection.box.height },
        landmarks: positioned.positions.flatMap((point) => [point.x, point.y]),
      };
    });
  } finally {
    for (const face of faces) face.dispose();
  }
}
