import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_SIZES, PRINT_SHEET } from '../../../domain/photos/sizes.ts';
import { printSheet } from './print-sheet.ts';

/** A fitted photo stand-in: a mid-grey square, so the copies are easy to count on white. */
const fittedOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();

/** How many grey runs cross a row or column of the sheet's pixels. */
function runs(values: number[]): number {
  let count = 0;
  let inside = false;
  for (const v of values) {
    const grey = v < 160;
    if (grey && !inside) count += 1;
    inside = grey;
  }
  return count;
}

/** How many copies stand in the sheet's first column (a quarter in from the left edge). */
async function copiesDown(sheet: Buffer) {
  const { data, info } = await sharp(sheet).greyscale().raw().toBuffer({ resolveWithObject: true });
  const x = Math.floor(info.width / 4);
  return runs(Array.from({ length: info.height }, (_, y) => data[y * info.width + x] ?? 255));
}

describe('printSheet', () => {
  it('tiles a 2 × 2 in photo six times on a 4 × 6 in sheet at 300 dpi', async () => {
    const sheet = await printSheet(await fittedOf(600, 600), PHOTO_SIZES['us-2x2']);
    const meta = await sharp(sheet).metadata();
    expect([meta.format, meta.width, meta.height, meta.density]).toEqual([
      'jpeg',
      PRINT_SHEET.widthPx,
      PRINT_SHEET.heightPx,
      PRINT_SHEET.dpi,
    ]);
    // Edge to edge, two across and three down: the whole sheet is grey but for a 1 px cut line on
    // each seam (x 600; y 600 and 1200), where copies with a white background would show no edge.
    const { data, info } = await sharp(sheet).greyscale().raw().toBuffer({ resolveWithObject: true });
    const light = (x: number, y: number) => (data[y * info.width + x] ?? 0) >= 160;
    const column = (x: number) => Array.from({ length: info.height }, (_, y) => light(x, y));
    const row = (y: number) => Array.from({ length: info.width }, (_, x) => light(x, y));
    expect(column(600).every(Boolean)).toBe(true);
    expect(row(600).every(Boolean)).toBe(true);
    expect(row(1200).every(Boolean)).toBe(true);
    for (const x of [0, 300, 599, 601, 900, 1199]) expect(column(x).filter(Boolean).length, `x ${x}`).toBe(2);
    let lightPixels = 0;
    for (let i = 0; i < data.length; i += 1) if ((data[i] ?? 0) >= 160) lightPixels += 1;
    expect(lightPixels).toBe(info.height + 2 * info.width - 2);
  });

  it('lays 35 × 45 mm copies (Canada visa) two across and three down, apart, each 413 px wide', async () => {
    const sheet = await printSheet(await fittedOf(420, 540), PHOTO_SIZES['ca-visa']);
    const { data, info } = await sharp(sheet).greyscale().raw().toBuffer({ resolveWithObject: true });
    // The first copy's row: grey runs across, and the first run's width is 35 mm at 300 dpi.
    const firstCopyRow = Math.floor(info.height / 6);
    const row = Array.from({ length: info.width }, (_, x) => data[firstCopyRow * info.width + x] ?? 255);
    expect(runs(row)).toBe(2);
    const start = row.findIndex((v) => v < 160);
    const width = row.slice(start).findIndex((v) => v >= 160);
    expect(Math.abs(width - Math.round((35 / 25.4) * 300))).toBeLessThanOrEqual(2);
    expect(await copiesDown(sheet)).toBe(3);
  });

  it('refuses a size used as a file only', async () => {
    await expect(printSheet(await fittedOf(600, 200), PHOTO_SIZES['oci-signature'])).rejects.toThrow(/not printed/);
  });
});
