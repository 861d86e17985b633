// The detection worker (detection-queue.ts starts one per process): holds the face-api models and
// answers one request at a time with the faces it found.
import { parentPort } from 'node:worker_threads';
import type { DetectRequest, DetectResponse } from './detection-queue.ts';
import { detectFaces } from './detector.ts';

const port = parentPort;
if (!port) throw new Error('detect-worker.ts runs as a worker thread');

port.on('message', async ({ id, rgb, width, height }: DetectRequest) => {
  let response: DetectResponse;
  try {
    response = { id, ok: true, faces: await detectFaces(rgb, width, height) };
  } catch (error) {
    response = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  // The pixels go back (transferred, not copied): their buffer serves the next photo.
  port.postMessage({ ...response, rgb }, [rgb.buffer as ArrayBuffer]);
});
