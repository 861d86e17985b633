// The fitted output: straighten a small tilt, crop, scale, convert to sRGB JPEG and recompress
// under the size's cap. Never retouch: the US, India and Canada refuse altered photos
// (photo-specs.md, "No alteration"); turning, cutting and scaling move pixels, they add none.
import sharp, { type Sharp } from 'sharp';
import type { PhotoSizeSpec } from '../../../../domain/photos/sizes.ts';
import { type Crop, cropBounds, type Rect, turn } from './geometry.ts';
import type { RgbImage } from './measures.ts';

/** First try; a fitted 600 × 600 face is ~60–120 KB here, well under every cap. */
const START_QUALITY = 90;
/** Below this, JPEG blocks show on skin and hair: a portal's reviewer would see them. */
const MIN_QUALITY = 60;
const QUALITY_STEP = 5;
const WHITE = { r: 255, g: 255, b: 255 };

export interface Encoded {
  jpeg: Buffer;
  quality: number;
}

/**
 * JPEG of the pipeline `build` makes, at the highest quality (in steps of 5, not below 60) that
 * fits under `maxBytes`. When even 60 is too big, that version is returned and the caller reports
 * it. sharp writes no metadata unless asked, and the working image is already sRGB. A fresh
 * pipeline per try rather than sharp's `clone()`, which structured-clones its options — the raw
 * input's 2.7 MB included: 17 ms a photo, half the work around detection (decision 0062).
 */
export async function encodeUnderCap(build: () => Sharp, maxBytes: number): Promise<Encoded> {
  let quality = START_QUALITY;
  for (;;) {
    const jpeg = await build().toColourspace('srgb').jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer();
    if (jpeg.length <= maxBytes || quality - QUALITY_STEP < MIN_QUALITY) return { jpeg, quality };
    quality -= QUALITY_STEP;
  }
}

function fromRaw(image: RgbImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
}

/** Whole pixels of `crop` inside the image, at least 1 × 1. */
export function pixelRect(crop: Rect, image: { width: number; height: number }) {
  const left = Math.min(Math.max(0, Math.round(crop.left)), image.width - 1);
  const top = Math.min(Math.max(0, Math.round(crop.top)), image.height - 1);
  return {
    left,
    top,
    width: Math.max(1, Math.min(image.width - left, Math.round(crop.width))),
    height: Math.max(1, Math.min(image.height - top, Math.round(crop.height))),
  };
}

/** The pixels of `image` inside `rect` (whole pixels, inside the image). */
function cut(image: RgbImage, rect: Rect): RgbImage {
  const row = rect.width * 3;
  const data = Buffer.allocUnsafe(row * rect.height);
  for (let y = 0; y < rect.height; y += 1) {
    const from = ((rect.top + y) * image.width + rect.left) * 3;
    image.data.copy(data, y * row, from, from + row);
  }
  return { data, width: rect.width, height: rect.height };
}

/**
 * A turned crop's pixels, level: the part of the photo around the crop is turned by its angle
 * (sharp's rotate, bilinear, about the part's centre), and the crop cut from it. The crop lies
 * inside the photo (planLevelCrop), so nothing of the fill sharp puts in the corners is kept.
 */
export async function levelCrop(image: RgbImage, crop: Crop): Promise<RgbImage> {
  const bounds = cropBounds(crop);
  const part = pixelRect(
    { left: bounds.left - 1, top: bounds.top - 1, width: bounds.width + 2, height: bounds.height + 2 },
    image,
  );
  const { data, info } = await fromRaw(image)
    .extract(part)
    .rotate(crop.angle, { background: WHITE })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // sharp turns the part about its centre into a canvas just large enough: a point of the turned
  // photo lies at the same place in the canvas, shifted by where the part's centre went.
  const centre = turn({ x: part.left + part.width / 2, y: part.top + part.height / 2 }, crop.pivot, crop.angle);
  const rect = pixelRect(
    {
      left: crop.left + info.width / 2 - centre.x,
      top: crop.top + info.height / 2 - centre.y,
      width: crop.width,
      height: crop.height,
    },
    info,
  );
  return cut({ data, width: info.width, height: info.height }, rect);
}

/** The photo cropped to `crop` and scaled to the size's exact pixels. */
export function fitPhoto(image: RgbImage, crop: Rect, size: PhotoSizeSpec): Promise<Encoded> {
  const build = () =>
    fromRaw(image)
      .extract(pixelRect(crop, image))
      // The crop has the size's ratio to within a pixel of rounding: 'fill' absorbs that pixel.
      .resize(size.widthPx, size.heightPx, { fit: 'fill' });
  return encodeUnderCap(build, size.maxBytes);
}

/** How far from the paper's colour a pixel must be to count as ink when the margins are trimmed. */
const TRIM_THRESHOLD = 40;
/** White kept around the trimmed signature, as a fraction of its height, so strokes do not touch the edge. */
const SIGNATURE_MARGIN = 0.15;

export interface FittedSignature extends Encoded {
  /** The signature's pixels before scaling to the size (trimmed, padded to the ratio). */
  sourceWidth: number;
  sourceHeight: number;
}

/** Margins trimmed, padded with white to the size's ratio (3 : 1 for OCI), scaled to its pixels. */
export async function fitSignature(image: RgbImage, size: PhotoSizeSpec): Promise<FittedSignature> {
  let trimmed: RgbImage = image;
  try {
    const { data, info } = await fromRaw(image)
      .trim({ threshold: TRIM_THRESHOLD })
      .raw()
      .toBuffer({ resolveWithObject: true });
    trimmed = { data, width: info.width, height: info.height };
  } catch {
    // Nothing to trim against (a blank or one-colour image): the whole image is the signature.
  }
  const ratio = size.widthPx / size.heightPx;
  const margin = Math.round(trimmed.height * SIGNATURE_MARGIN);
  const height = Math.max(trimmed.height + 2 * margin, Math.ceil((trimmed.width + 2 * margin) / ratio));
  const width = Math.round(height * ratio);
  const padX = width - trimmed.width;
  const padY = height - trimmed.height;
  const padded = await fromRaw(trimmed)
    .extend({
      left: Math.floor(padX / 2),
      right: Math.ceil(padX / 2),
      top: Math.floor(padY / 2),
      bottom: Math.ceil(padY / 2),
      background: WHITE,
    })
    .raw()
    .toBuffer();
  const build = () =>
    sharp(padded, { raw: { width, height, channels: 3 } }).resize(size.widthPx, size.heightPx, { fit: 'fill' });
  return { ...(await encodeUnderCap(build, size.maxBytes)), sourceWidth: width, sourceHeight: height };
}
