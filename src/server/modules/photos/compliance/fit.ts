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

/** The pixels of `image` inside `rect` (whole pixels, inside the image): one copy a row. */
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
 * A turned crop's pixels, level, at `scale` (≤ 1) of the photo's: the part of the photo around
 * the crop is scaled (lanczos, as the fit scales), turned by the crop's angle (sharp's rotate,
 * about the part's centre, on libuv's threads like the fit) and the crop cut from it. Scaled
 * first, to about the output's size: turning costs by the pixel (~60 ms of CPU for an 1100 px
 * part at full size, ~30 at 700 px, on this loaded machine), and the fit would scale it down
 * anyway. The crop lies inside the photo (planLevelCrop), so none of the fill sharp puts in the
 * canvas' corners is kept.
 */
export async function levelCrop(image: RgbImage, crop: Crop, scale: number): Promise<RgbImage> {
  const bounds = cropBounds(crop);
  const part = pixelRect(
    { left: bounds.left - 2, top: bounds.top - 2, width: bounds.width + 4, height: bounds.height + 4 },
    image,
  );
  const width = Math.max(1, Math.round(part.width * scale));
  const height = Math.max(1, Math.round(part.height * scale));
  const scaled = await fromRaw(image).extract(part).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  const { data, info } = await sharp(scaled, { raw: { width, height, channels: 3 } })
    .rotate(crop.angle, { background: WHITE })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The crop's centre: from the turned frame back to the photo, into the scaled part, then turned
  // about the part's centre into the canvas, which sharp makes just large enough and centres.
  const centre = turn({ x: crop.left + crop.width / 2, y: crop.top + crop.height / 2 }, crop.pivot, -crop.angle);
  const inPart = {
    x: ((centre.x - part.left) * width) / part.width,
    y: ((centre.y - part.top) * height) / part.height,
  };
  const onCanvas = turn(inPart, { x: width / 2, y: height / 2 }, crop.angle);
  const rect = pixelRect(
    {
      left: onCanvas.x + (info.width - width) / 2 - (crop.width * scale) / 2,
      top: onCanvas.y + (info.height - height) / 2 - (crop.height * scale) / 2,
      width: crop.width * scale,
      height: crop.height * scale,
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
  /**
   * The pixels the upload has of the signature (or thumb impression): its ink with the paper's
   * margins trimmed, or the whole image when there was nothing to trim (blank, one colour, ink to
   * the edges). Never the white padded around it.
   */
  mark: { width: number; height: number };
  /** Whether the margins were trimmed (`mark` is smaller than the image). */
  trimmed: boolean;
  /** The part of the fitted strip the mark fills, in the size's pixels (the rest is the padding). */
  inStrip: { width: number; height: number };
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
  return {
    ...(await encodeUnderCap(build, size.maxBytes)),
    mark: { width: trimmed.width, height: trimmed.height },
    trimmed: trimmed.width < image.width || trimmed.height < image.height,
    inStrip: {
      width: Math.round((trimmed.width * size.widthPx) / width),
      height: Math.round((trimmed.height * size.heightPx) / height),
    },
  };
}
