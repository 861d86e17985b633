import { describe, expect, it } from 'vitest';
import { DETECTION_PIXELS_CAPACITY, detectionPixels, reuseDetectionPixels } from './detection-queue.ts';

describe('detection pixels', () => {
  it('reuses the buffer a photo gave back, at the next photo’s length', () => {
    const first = detectionPixels(912 * 1000 * 3);
    expect(first).toHaveLength(912 * 1000 * 3);
    expect(first.buffer.byteLength).toBe(DETECTION_PIXELS_CAPACITY);
    reuseDetectionPixels(first);
    const second = detectionPixels(600 * 800 * 3);
    expect(second.buffer).toBe(first.buffer);
    expect(second).toHaveLength(600 * 800 * 3);
  });

  it('keeps neither a transferred (detached) buffer nor one of another size, nor the same one twice', () => {
    const sent = detectionPixels(30);
    structuredClone(sent.buffer, { transfer: [sent.buffer as ArrayBuffer] });
    reuseDetectionPixels(sent);
    const other = new Uint8Array(30);
    reuseDetectionPixels(other);
    const fresh = detectionPixels(30);
    expect(fresh.buffer).not.toBe(sent.buffer);
    expect(fresh.buffer).not.toBe(other.buffer);
    reuseDetectionPixels(fresh);
    reuseDetectionPixels(fresh);
    expect(detectionPixels(30).buffer).toBe(fresh.buffer);
    expect(detectionPixels(30).buffer).not.toBe(fresh.buffer);
  });

  it('gives a plain array past the capacity', () => {
    expect(detectionPixels(DETECTION_PIXELS_CAPACITY + 3).buffer.byteLength).toBe(DETECTION_PIXELS_CAPACITY + 3);
  });
});
