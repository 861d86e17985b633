import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heldPreview } from './held-preview.ts';

describe('heldPreview', () => {
  it('keeps the fitted photo’s size and lays orange stripes over about a third of it', async () => {
    const fitted = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#f4f4f4' } })
      .jpeg()
      .toBuffer();
    const preview = await heldPreview(fitted);
    const meta = await sharp(preview).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 600]);
    const { data } = await sharp(preview).raw().toBuffer({ resolveWithObject: true });
    let striped = 0;
    for (let i = 0; i < data.length; i += 3) if ((data[i] ?? 0) - (data[i + 2] ?? 0) > 40) striped += 1;
    const share = striped / (600 * 600);
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.5);
  });
});
