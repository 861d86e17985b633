import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithGps } from '../test/upload-fixtures.ts';
import { makeThumbnail } from './thumbnail.ts';

describe('makeThumbnail', () => {
  it('turns the image upright by its EXIF orientation and keeps no metadata', async () => {
    // 40×20 with orientation 6: upright it is 20×40, small enough to keep its size.
    const thumbnail = await sharp(await makeThumbnail(await jpegWithGps())).metadata();
    expect(thumbnail).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(thumbnail.exif).toBeUndefined();
    expect(thumbnail.orientation).toBeUndefined();
  });

  it('fits a large image in 240 px on its longer side, a transparent PNG on white', async () => {
    const png = await sharp({ create: { width: 1200, height: 3000, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const made = await makeThumbnail(png);
    const { data, info } = await sharp(made).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 96, height: 240, channels: 3 });
    expect(Math.min(...data.subarray(0, 30))).toBeGreaterThan(245);
  });
});
