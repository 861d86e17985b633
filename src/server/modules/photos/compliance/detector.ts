// Face detection with @vladmandic/face-api on tfjs's WebAssembly backend, offline (DESIGN.md §2b).
// Runs inside the detection worker only (detect-worker.ts): the models cost ~170 MB and a
// detection ~0.5 s of CPU, neither of which belongs on the server's event loop.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RawFace } from './faces.ts';
import { leanForwardInput } from './ssd-forward.ts';

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');
type Tf = typeof import('@tensorflow/tfjs');

const require = createRequire(import.meta.url);

/**
 * SSD MobileNet v1 finds faces the tiny detector misses (a tilted head in the spike); below this
 * score a detection is not counted as a face. 0.5 keeps the package samples' real faces
 * (0.59–1.00) and drops the texture and poster false positives seen at 0.3.
 */
export const FACE_MIN_CONFIDENCE = 0.5;
/** More faces than this are reported as "many"; counting further costs landmark time for nothing. */
const MAX_FACES = 10;

let loading: Promise<FaceApi> | null = null;

async function load(): Promise<FaceApi> {
  // The bare package import wants tfjs-node (native, not installable offline); the node-wasm
  // build brings tfjs and the wasm backend, which finds its .wasm files beside itself: no
  // setWasmPaths, which would point at a CDN.
  const tf = require('@tensorflow/tfjs') as Tf;
  require('@tensorflow/tfjs-backend-wasm');
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
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
export function faceApi(): Promise<FaceApi> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Faces with their 68 landmarks in tightly packed RGB pixels (3 bytes a pixel, row by row). */
export async function detectFaces(rgb: Uint8Array, width: number, height: number): Promise<RawFace[]> {
  const faceapi = await faceApi();
  const input = faceapi.tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: FACE_MIN_CONFIDENCE, maxResults: MAX_FACES });
    const found = await faceapi.detectAllFaces(input as never, options).withFaceLandmarks();
    return found.map(({ detection, landmarks }) => ({
      score: detection.score,
      box: { x: detection.box.x, y: detection.box.y, width: detection.box.width, height: detection.box.height },
      landmarks: landmarks.positions.flatMap((point) => [point.x, point.y]),
    }));
  } finally {
    input.dispose();
  }
}
