// Runs in a worker thread (sandbox.ts): decodes the primary image of one HEIC file with libheif
// (WebAssembly, through heic-decode) and posts its RGBA pixels. sharp's prebuilt libvips reads
// HEIF only with AV1 inside (AVIF), not the HEVC that iPhones write (docs/decisions/0049).
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { HeicDecodeInput, HeicDecodeResult } from './image.ts';

interface HeicImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type HeicImages = HeicImage[] & { dispose(): void };

const require = createRequire(import.meta.url);
const heicDecode = require('heic-decode') as { all(input: { buffer: Uint8Array }): Promise<HeicImages> };
const input = workerData as HeicDecodeInput;

async function decode(): Promise<{ result: HeicDecodeResult; transfer: ArrayBuffer[] }> {
  let images: HeicImages;
  try {
    images = await heicDecode.all({ buffer: input.bytes });
  } catch {
    return { result: { ok: false, reason: 'unreadable' }, transfer: [] };
  }
  try {
    const primary = images[0];
    if (!primary || !(primary.width > 0 && primary.height > 0)) {
      return { result: { ok: false, reason: 'unreadable' }, transfer: [] };
    }
    // Checked from the container's header, before a single pixel is decoded.
    if (primary.width * primary.height > input.maxPixels) {
      return { result: { ok: false, reason: 'too-many-pixels' }, transfer: [] };
    }
    const { width, height, data } = await primary.decode();
    return { result: { ok: true, width, height, data }, transfer: [data.buffer as ArrayBuffer] };
  } catch {
    return { result: { ok: false, reason: 'unreadable' }, transfer: [] };
  } finally {
    images.dispose();
  }
}

const { result, transfer } = await decode();
parentPort?.postMessage(result, transfer);
