import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import { EXAMPLE_FIGURES } from './example-figures.ts';

const PUBLIC = join(import.meta.dirname, '..', '..', '..', '..', '..', 'public');
/** What a page image may weigh here (the page shows both on first load). */
const MAX_EXAMPLE_BYTES = 60_000;

describe('the /photos before/after example (scripts/photos/make-landing-examples.ts)', () => {
  for (const [which, figures] of Object.entries({ before: EXAMPLE_FIGURES.before, after: EXAMPLE_FIGURES.after })) {
    it(`${which}: the committed JPEG is what the page says, and small`, async () => {
      const file = readFileSync(join(PUBLIC, figures.path));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([figures.widthPx, figures.heightPx]);
      expect(file.length).toBe(figures.bytes);
      expect(file.length).toBeLessThanOrEqual(MAX_EXAMPLE_BYTES);
    });
  }

  it('after: the exact pixels of its size, under its file limit, the head within its range, in sRGB', async () => {
    const size = PHOTO_SIZES[EXAMPLE_FIGURES.sizeId];
    const { after } = EXAMPLE_FIGURES;
    expect(EXAMPLE_FIGURES.documentType).toBe(size.documentType);
    expect([after.widthPx, after.heightPx]).toEqual([size.widthPx, size.heightPx]);
    expect(after.bytes).toBeLessThanOrEqual(size.maxBytes);
    const [min, max] = size.headHeight ?? [0, 0];
    expect(after.headPercent / 100).toBeGreaterThanOrEqual(min);
    expect(after.headPercent / 100).toBeLessThanOrEqual(max);
    const meta = await sharp(join(PUBLIC, after.path)).metadata();
    expect(meta.space).toBe('srgb');
  });
});
