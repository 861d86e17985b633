import sharp from 'sharp';
import { type PhotoSizeSpec, PRINT_SHEET } from '../../../domain/photos/sizes.ts';

/** Space between copies, for the scissors: 2 mm at 300 dpi, when it costs no copy. */
const GAP_PX = 24;
/** A light cut line: in the gap around each copy, or on the seam where copies touch. */
const CUT_LINE_COLOUR = '#c8c8c8';

/** How many copies of `tile` px fit in `length` px with `gap` px between them. */
const copiesAlong = (length: number, tile: number, gap: number) => Math.floor((length + gap) / (tile + gap));

/**
 * The fitted photo tiled on a 4×6 in sheet at 300 dpi, as many copies as fit at its printed size
 * (six 2×2 in copies fill it edge to edge), centred on white; where a gap costs no copy the copies
 * stand apart with a light cut line around each, and where they touch a 1 px line marks each seam.
 * Only scaled, never retouched (photo-specs.md).
 */
export async function printSheet(fitted: Buffer, size: PhotoSizeSpec): Promise<Buffer> {
  if (!size.printInches) throw new Error(`${size.id} is not printed`);
  const width = Math.round(size.printInches.width * PRINT_SHEET.dpi);
  const height = Math.round(size.printInches.height * PRINT_SHEET.dpi);
  const most = (gap: number) =>
    copiesAlong(PRINT_SHEET.widthPx, width, gap) * copiesAlong(PRINT_SHEET.heightPx, height, gap);
  const gap = most(GAP_PX) === most(0) ? GAP_PX : 0;
  const columns = copiesAlong(PRINT_SHEET.widthPx, width, gap);
  const rows = copiesAlong(PRINT_SHEET.heightPx, height, gap);
  const left = Math.floor((PRINT_SHEET.widthPx - (columns * width + (columns - 1) * gap)) / 2);
  const top = Math.floor((PRINT_SHEET.heightPx - (rows * height + (rows - 1) * gap)) / 2);

  const copy = await sharp(fitted).resize(width, height, { fit: 'fill' }).png().toBuffer();
  const frame = gap
    ? await sharp({ create: { width: width + 2, height: height + 2, channels: 3, background: CUT_LINE_COLOUR } })
        .png()
        .toBuffer()
    : null;
  const layers = Array.from({ length: rows * columns }, (_, i) => {
    const x = left + (i % columns) * (width + gap);
    const y = top + Math.floor(i / columns) * (height + gap);
    const photo = { input: copy, left: x, top: y };
    return frame ? [{ input: frame, left: x - 1, top: y - 1 }, photo] : [photo];
  }).flat();
  // Copies that touch (six 2 × 2 in fill the sheet) share a white background and no edge shows:
  // a 1 px cut line on each seam, the one place the lab's scissors go.
  const seams = gap ? [] : await seamLines(columns, rows, { left, top, width, height });
  return sharp({
    create: { width: PRINT_SHEET.widthPx, height: PRINT_SHEET.heightPx, channels: 3, background: '#ffffff' },
  })
    .composite([...layers, ...seams])
    .withMetadata({ density: PRINT_SHEET.dpi })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** One line between each two touching columns and rows of copies, over the copies' span. */
async function seamLines(
  columns: number,
  rows: number,
  grid: { left: number; top: number; width: number; height: number },
) {
  const line = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: CUT_LINE_COLOUR } })
      .png()
      .toBuffer();
  const across = columns * grid.width;
  const down = rows * grid.height;
  const vertical = await line(1, down);
  const horizontal = await line(across, 1);
  return [
    ...Array.from({ length: columns - 1 }, (_, i) => ({
      input: vertical,
      left: grid.left + (i + 1) * grid.width,
      top: grid.top,
    })),
    ...Array.from({ length: rows - 1 }, (_, i) => ({
      input: horizontal,
      left: grid.left,
      top: grid.top + (i + 1) * grid.height,
    })),
  ];
}
