// Pixel measures for the checks, on the working image's tightly packed RGB pixels.
import type { FaceGeometry, Rect } from './geometry.ts';

export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface Stats {
  /** Median luma. */
  mean: number;
  /** Interquartile range over 1.349: the standard deviation of a normal spread, robust to a lock of hair. */
  spread: number;
  count: number;
}

/** Every column of a row. */
const WHOLE_ROW = { before: Number.POSITIVE_INFINITY, after: Number.NEGATIVE_INFINITY };
/** A row's columns to count: those left of `before` and those right of `after` (x < before or x > after). */
interface RowSpan {
  before: number;
  after: number;
}

/**
 * Median and robust spread of the Rec. 709 luma of the pixels in `rect` that `row(y)` keeps (null:
 * none of that row), every `step` pixels. Robust, because the band beside a head always catches
 * some hair or an ear: a minority of pixels that would swing a plain mean and standard deviation.
 * One loop over each kept run of a row, the luma inline: the main thread measures while sharp fits,
 * and a call per pixel made this the longest part of it (decision 0078, §Speed).
 */
function lumaStats(image: RgbImage, rect: Rect, row: (y: number) => RowSpan | null, step = 2): Stats {
  const x0 = Math.max(0, Math.floor(rect.left));
  const y0 = Math.max(0, Math.floor(rect.top));
  const x1 = Math.min(image.width, Math.ceil(rect.left + rect.width));
  const y1 = Math.min(image.height, Math.ceil(rect.top + rect.height));
  const { data, width } = image;
  const histogram = new Uint32Array(256);
  let count = 0;
  const add = (y: number, from: number, to: number) => {
    for (let x = from; x < to; x += step) {
      const i = (y * width + x) * 3;
      const bin = Math.round(0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0));
      histogram[bin] = (histogram[bin] ?? 0) + 1;
      count += 1;
    }
  };
  for (let y = y0; y < y1; y += step) {
    const span = row(y);
    if (!span) continue;
    if (span.before > span.after) {
      add(y, x0, x1);
      continue;
    }
    // The columns x0, x0 + step, … below `before`, then those past `after`.
    add(y, x0, Math.min(x1, span.before));
    add(y, span.after < x0 ? x0 : x0 + step * (Math.floor((span.after - x0) / step) + 1), x1);
  }
  if (count === 0) return { mean: 0, spread: 0, count: 0 };
  const quantile = (q: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value += 1) {
      seen += histogram[value] ?? 0;
      if (seen >= q * count) return value;
    }
    return 255;
  };
  return { mean: quantile(0.5), spread: (quantile(0.75) - quantile(0.25)) / 1.349, count };
}

/**
 * The background as the fitted photo shows it: inside the crop, above the head and beside it down
 * to the chin (below the chin are shoulders and clothes). Mean luma says light or dark, its
 * standard deviation says plain or busy.
 */
export function backgroundStats(image: RgbImage, crop: Rect, face: FaceGeometry): Stats {
  const { head, chin } = face;
  const margin = head.height * 0.05;
  const beside = { before: head.left - margin, after: head.left + head.width + margin };
  return lumaStats(image, crop, (y) => {
    if (y < head.top - margin) return WHOLE_ROW;
    return y < chin.y ? beside : null;
  });
}

/**
 * Left over right half of the face's luma, the darker over the brighter (1 = even). The middle
 * three fifths of the face's width only: the outer edges are hair and background as often as skin.
 */
export function shadowRatio(image: RgbImage, face: FaceGeometry): number {
  const { left, top, width, height } = face.face;
  const half = (from: number) => ({ left: left + width * from, top, width: width * 0.3, height });
  const all = () => WHOLE_ROW;
  const a = lumaStats(image, half(0.2), all).mean;
  const b = lumaStats(image, half(0.5), all).mean;
  const brighter = Math.max(a, b);
  return brighter === 0 ? 0 : Math.min(a, b) / brighter;
}

/**
 * The face is averaged down to this width before the Laplacian, so the figure does not depend on
 * the photo's size. Narrower than every face that has the pixels for a fit (the samples' are
 * 219–529 px), so it is always a downscale; a face narrower than this is measured as it is.
 */
export const SHARPNESS_FACE_WIDTH = 192;

/**
 * Where each of `length` input pixels falls when spans of `scale` (≥ 1) input pixels are averaged
 * into one: a pixel lies in at most two spans, `first` gets `share` of it and the next span the
 * rest. Pixels past the last whole span are left out (`first` = -1).
 */
function spans(length: number, scale: number, outLength: number) {
  const first = new Int32Array(length);
  const share = new Float64Array(length);
  for (let i = 0; i < length; i += 1) {
    const out = Math.floor(i / scale);
    first[i] = out < outLength ? out : -1;
    share[i] = Math.min(1, (out + 1) * scale - i);
  }
  return { first, share };
}

/**
 * Variance of the Laplacian of the luma of `rect`, area-averaged down to `targetWidth` px wide
 * (never up: a narrower rect is measured as it is): high is sharp. One pass on the main thread,
 * rather than a libvips pipeline of its own (extract, greyscale, resize, convolve: 4–7 ms
 * competing with the fit for the cores; decision 0081). Area averaging, not a point resampler:
 * the same picture reads the same at 1× to 2.5× its size.
 */
function laplacianVariance(image: RgbImage, rect: Rect, targetWidth: number): number {
  const left = Math.max(0, Math.floor(rect.left));
  const top = Math.max(0, Math.floor(rect.top));
  const width = Math.min(image.width - left, Math.ceil(rect.width));
  const height = Math.min(image.height - top, Math.ceil(rect.height));
  if (width < 8 || height < 8) return 0;
  const scale = Math.max(1, width / targetWidth);
  const outWidth = Math.floor(width / scale);
  const outHeight = Math.floor(height / scale);
  const across = spans(width, scale, outWidth);
  const down = spans(height, scale, outHeight);
  const { data } = image;
  // Sums of luma × covered area; the Laplacian's variance is divided by the span's area² at the end.
  const grey = new Float64Array(outWidth * outHeight);
  const row = new Float64Array(outWidth + 1);
  for (let y = 0; y < height; y += 1) {
    const outY = down.first[y] ?? -1;
    if (outY < 0) continue;
    row.fill(0);
    let i = ((top + y) * image.width + left) * 3;
    for (let x = 0; x < width; x += 1, i += 3) {
      const outX = across.first[x] ?? -1;
      if (outX < 0) continue;
      const luma = 0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0);
      const share = across.share[x] ?? 1;
      row[outX] = (row[outX] ?? 0) + luma * share;
      row[outX + 1] = (row[outX + 1] ?? 0) + luma * (1 - share);
    }
    const share = down.share[y] ?? 1;
    const at = outY * outWidth;
    const next = outY + 1 < outHeight ? at + outWidth : -1;
    for (let x = 0; x < outWidth; x += 1) {
      const value = row[x] ?? 0;
      grey[at + x] = (grey[at + x] ?? 0) + value * share;
      if (next >= 0) grey[next + x] = (grey[next + x] ?? 0) + value * (1 - share);
    }
  }
  // The 4-neighbour Laplacian inside the border, and its variance.
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let y = 1; y < outHeight - 1; y += 1) {
    for (let x = 1; x < outWidth - 1; x += 1) {
      const i = y * outWidth + x;
      const response =
        (grey[i - 1] ?? 0) +
        (grey[i + 1] ?? 0) +
        (grey[i - outWidth] ?? 0) +
        (grey[i + outWidth] ?? 0) -
        4 * (grey[i] ?? 0);
      sum += response;
      squares += response * response;
      count += 1;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  const area = scale * scale;
  return (squares / count - mean * mean) / (area * area);
}

/** The face's sharpness (eyebrows to chin, jaw to jaw), at SHARPNESS_FACE_WIDTH: the sharpness rule's figure. */
export function sharpness(image: RgbImage, face: FaceGeometry): number {
  return laplacianVariance(image, face.face, SHARPNESS_FACE_WIDTH);
}

/** The whole photo's fine detail is read at this width, its coarse structure at this one. */
const FOCUS_WIDTHS = { fine: 192, coarse: 48 } as const;
/**
 * Below this coarse figure there is nothing in the photo to be in or out of focus: a plain wall
 * reads 0, a smooth gradient 0.6, a wall's sensor grain 2; a face, even blurred past finding or
 * in a dark room, 30 or more (decision 0111-photo-fit-straighten-blur-verdict).
 */
const MIN_PHOTO_STRUCTURE = 10;

/**
 * How much of the whole photo's detail survives at the fine scale, as a percentage of its
 * coarse structure: the Laplacian's variance at FOCUS_WIDTHS.fine over that at .coarse. Blur
 * takes the fine detail and leaves the coarse, whatever the light: a photo 5× darker reads the
 * same, where the plain variance would drop 25×. Null when the photo has no structure to judge
 * (MIN_PHOTO_STRUCTURE). For a photo in which no face was found: is it because it is blurred?
 */
export function photoFocus(image: RgbImage): number | null {
  const all = { left: 0, top: 0, width: image.width, height: image.height };
  const coarse = laplacianVariance(image, all, FOCUS_WIDTHS.coarse);
  if (coarse < MIN_PHOTO_STRUCTURE) return null;
  return (100 * laplacianVariance(image, all, FOCUS_WIDTHS.fine)) / coarse;
}
