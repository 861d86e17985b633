import { describe, expect, it, vi } from 'vitest';
import {
  DETECTION_IDLE_STOP_MS,
  DETECTION_PIXELS_CAPACITY,
  detectInWorker,
  detectionPixels,
  detectionWorkerRunning,
  reuseDetectionPixels,
  stopFaceDetection,
} from './detection-queue.ts';

describe('the detection worker', () => {
  it('stops once it has had nothing to do for a while, giving its memory back (decision 0093-memory)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect(await detectInWorker(new Uint8Array(64 * 64 * 3), 64, 64)).toEqual([]);
      expect(detectionWorkerRunning()).toBe(true);
      vi.advanceTimersByTime(DETECTION_IDLE_STOP_MS - 1);
      expect(detectionWorkerRunning()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(detectionWorkerRunning()).toBe(false);
    } finally {
      vi.useRealTimers();
      await stopFaceDetection();
    }
  }, 60_000);
});

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
