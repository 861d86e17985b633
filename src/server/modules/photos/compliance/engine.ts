// The photo compliance engine (issue 12, decision 0062): measures an uploaded photo against a
// size's rules and fits it to the size. The photos module's service calls analysePhoto; nothing
// here stores anything.
import sharp, { type Sharp } from 'sharp';
import {
  type ComplianceReport,
  type PhotoCheck,
  SIGNATURE_MARK_NAMES,
  type SignatureMark,
} from '../../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../../domain/photos/sizes.ts';
import { createTurns } from '../../../lib/turns.ts';
import { EVEN_BACKGROUND, evenBackground } from './background.ts';
import {
  backgroundCheck,
  centredCheck,
  eyeLineCheck,
  headHeightCheck,
  headPercentOf,
  INK_LUMA,
  MIN_PHOTO_FOCUS,
  markResolutionCheck,
  notMeasured,
  oneFaceCheck,
  photoFocusCheck,
  resolutionCheck,
  shadowCheck,
  sharpnessCheck,
  signatureCheck,
  tiltCheck,
} from './checks.ts';
import { detectInWorker, detectionPixels, FaceDetectionError, reuseDetectionPixels } from './detection-queue.ts';
import type { RawFace } from './faces.ts';
import { type Encoded, fitPhoto, fitSignature, levelCrop, pixelRect } from './fit.ts';
import {
  type Crop,
  cropBounds,
  type FaceGeometry,
  faceGeometry,
  faceIn,
  placement,
  planCrop,
  planLevelCrop,
  type Rect,
  straighteningAngle,
  turnFace,
} from './geometry.ts';
import {
  backgroundStats,
  photoFocus,
  type RgbImage,
  SHARPNESS_FACE_WIDTH,
  shadowRatio,
  sharpness,
} from './measures.ts';

export { FaceDetectionError, stopFaceDetection } from './detection-queue.ts';

/**
 * The working copy's longest side, when the photo is decoded whole. Every output is ≤ 810 px tall,
 * so 4000 px keeps all the detail a fit can use while capping a 48 MP upload's decoded pixels at
 * 48 MB instead of 144 MB.
 */
const WORKING_MAX_SIDE = 4000;
/** SSD MobileNet sees 512 px; ~1000 px keeps a small face findable at ~0.5 s a photo. */
const DETECTION_MAX_SIDE = 1000;
/**
 * A JPEG this large (longest side) is read twice rather than decoded whole: at most
 * DETECTION_MAX_SIDE for detection, then only the crop, at the scale the fit and the measures
 * need. Both reads let libjpeg scale while decoding (by ½, ¼ or ⅛), which is what makes a phone's
 * 12 MP photo cheap; below twice the detection size it cannot, and one whole decode costs less
 * (decision 0084).
 */
const TWO_READS_MIN_SIDE = 2 * DETECTION_MAX_SIDE;
/**
 * The crop is read with the face at least this wide, so that the sharpness rule averages it down
 * to its own width from at least half again as many pixels: its figure then reads the same as
 * from the whole photo (decision 0084).
 */
const SHARPNESS_READ_WIDTH = SHARPNESS_FACE_WIDTH * 1.5;
/** Below this, there is no face to find (and the model's input would be mostly padding). */
const MIN_DETECTION_SIDE = 48;
/** The uploads code's own limit (decision 0049), repeated so this library is safe on its own. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface AnalyseOptions {
  /**
   * The order bought "Background Change": the background is replaced by the size's plain colour
   * before the fit, if the size allows it (`backgroundChangeAllowed`); ignored for one that does not.
   */
  backgroundChange?: boolean;
  /**
   * A visitor's check before any account or order (photo-checks.ts): it waits behind every
   * customer's photo, and is refused (FaceDetectionError) while VISITOR_CHECKS_WAITING wait.
   */
  visitor?: boolean;
  /**
   * What a signature size's upload holds: a signature (the default) or, for a member under 5, the
   * child's thumb impression in its place (application-photos.ts `fittedPhotoMark`), which its
   * checks name and whose fixes never ask anyone to sign. Ignored for a photo size.
   */
  mark?: SignatureMark;
}

/**
 * Visitors' checks that may wait at once. Anyone can ask for one without an account, so a few
 * clients could otherwise fill the one turn for minutes (a session-50 probe held a paying
 * customer's photo 34 s behind 40 of them); they wait behind customers' photos too.
 */
export const VISITOR_CHECKS_WAITING = 4;

export interface AnalysedPhoto {
  report: ComplianceReport;
  /** The fitted JPEG, or null when there was not exactly one face to fit around. */
  fitted: Buffer | null;
}

/** The upload's upright size, from its header; null when unreadable. */
async function inspect(image: Buffer): Promise<{ width: number; height: number; jpeg: boolean } | null> {
  try {
    const metadata = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return { ...metadata.autoOrient, jpeg: metadata.format === 'jpeg' };
  } catch {
    return null;
  }
}

/** Upright, flattened onto white, sRGB: what every read of the photo starts with. */
function upright(image: Buffer) {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb');
}

/** A pipeline's pixels as tightly packed RGB; null when the photo cannot be read. */
async function rgb(pipeline: Sharp): Promise<RgbImage | null> {
  try {
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    return info.channels === 3 ? { data, width: info.width, height: info.height } : null;
  } catch {
    return null;
  }
}

/** The whole photo decoded, at most `maxSide` on its longest side; null when unreadable. */
function decode(image: Buffer, maxSide: number): Promise<RgbImage | null> {
  return rgb(upright(image).resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true }));
}

/** Pixels of a crop, read from the photo scaled by `scale` (≤ 1), and where they sit in that scaled photo. */
interface CropPixels {
  image: RgbImage;
  origin: { x: number; y: number };
}

async function decodeCrop(
  image: Buffer,
  whole: { width: number; height: number },
  crop: Rect,
  scale: number,
): Promise<CropPixels | null> {
  const scaled = {
    width: Math.max(1, Math.round(whole.width * scale)),
    height: Math.max(1, Math.round(whole.height * scale)),
  };
  const region = pixelRect(
    { left: crop.left * scale, top: crop.top * scale, width: crop.width * scale, height: crop.height * scale },
    scaled,
  );
  // Resize, then extract: libvips decodes the JPEG already scaled and computes only the region.
  const pixels = await rgb(upright(image).resize(scaled.width, scaled.height, { fit: 'fill' }).extract(region));
  return pixels && { image: pixels, origin: { x: region.left, y: region.top } };
}

/** Finds faces in tightly packed RGB pixels: the detection worker, or a stand-in in the benchmark. */
export type Detect = (rgb: Uint8Array, width: number, height: number) => Promise<RawFace[]>;

/** The faces found, and the factor from the detection image's pixels to `whole`'s. */
interface Found {
  faces: RawFace[];
  scale: number;
}

async function findFaces(image: RgbImage, whole: { width: number }, detect: Detect): Promise<Found> {
  const scale = whole.width / image.width;
  if (Math.min(image.width, image.height) < MIN_DETECTION_SIDE) return { faces: [], scale };
  // A photo already small enough is not passed through sharp again.
  const small =
    Math.max(image.width, image.height) <= DETECTION_MAX_SIDE
      ? image
      : await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
          .resize({ width: DETECTION_MAX_SIDE, height: DETECTION_MAX_SIDE, fit: 'inside' })
          .raw()
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
  // A copy to transfer to the worker (sharp's buffers cannot be transferred), on a reused buffer:
  // `set` is one memcpy (`slice` on a Buffer goes through its species constructor: 10–30 ms for
  // 2.7 MB here, decision 0062), and a fresh buffer a photo cost more than the copy.
  const pixels = detectionPixels(small.data.length);
  pixels.set(small.data);
  try {
    return { faces: await detect(pixels, small.width, small.height), scale: whole.width / small.width };
  } finally {
    reuseDetectionPixels(pixels);
  }
}

function report(size: PhotoSizeSpec, checks: PhotoCheck[], fitted: Encoded | null, headFraction: number | null) {
  const fits = fitted !== null && fitted.jpeg.length >= size.minBytes && fitted.jpeg.length <= size.maxBytes;
  return {
    sizeId: size.id,
    checks,
    passed: fits && checks.every((c) => c.passed),
    fitted: fitted && {
      widthPx: size.widthPx,
      heightPx: size.heightPx,
      bytes: fitted.jpeg.length,
      headPercent: headFraction === null ? null : headPercentOf(headFraction),
    },
  } satisfies ComplianceReport;
}

/**
 * What the measures and the fit read: pixels, the face in them as photographed (sharpness and
 * shadow measure it as taken), the crop, and the face as the crop sees it (`level`: turned with
 * the photo when the crop straightens it, else the same face).
 */
interface Pixels {
  image: RgbImage;
  face: FaceGeometry;
  crop: Crop;
  level: FaceGeometry;
}

/** A photo read and searched: unreadable (null), not exactly one face (with the pixels searched), or one face with its crop. */
type Read =
  | { faces: number; whole: { width: number; height: number }; image: RgbImage; found: null }
  | {
      faces: 1;
      whole: { width: number; height: number };
      /** The roll of the face as taken, and the crop planned for it, in `whole`'s pixels. */
      found: { rollDegrees: number; crop: Crop; pixels: Pixels };
    };

/** The face as taken and as the crop sees it, in the pixels a detection pixel maps to by `scale` and `origin`. */
function facesIn(raw: RawFace, angle: number, scale: number, origin?: { x: number; y: number }) {
  const face = faceGeometry(raw, scale, origin);
  return { face, level: angle === 0 ? face : faceGeometry(turnFace(raw, angle), scale, origin) };
}

/**
 * The second read of a large JPEG: the part of it the crop covers, at the scale where the fit has
 * every pixel it outputs and the face is at least SHARPNESS_READ_WIDTH wide (or the photo's own
 * scale, when smaller).
 */
async function readCrop(
  image: Buffer,
  whole: { width: number; height: number },
  face: FaceGeometry,
  crop: Crop,
  raw: RawFace,
  detectionScale: number,
  size: PhotoSizeSpec,
): Promise<Pixels | null> {
  const scale = Math.min(
    1,
    Math.max(size.widthPx / crop.width, size.heightPx / crop.height, SHARPNESS_READ_WIDTH / face.face.width),
  );
  // A turned crop is read with 2 px more around it (at the read's scale): turning interpolates
  // each pixel from its neighbours, and those must be the photo's (planLevelCrop keeps it inside).
  const bounds = cropBounds(crop);
  const margin = crop.angle === 0 ? 0 : 2 / scale;
  const part = {
    left: bounds.left - margin,
    top: bounds.top - margin,
    width: bounds.width + 2 * margin,
    height: bounds.height + 2 * margin,
  };
  const read = await decodeCrop(image, whole, part, scale);
  if (!read) return null;
  const { origin } = read;
  const faces = facesIn(raw, crop.angle, detectionScale * scale, origin);
  // The crop, scaled and moved with the pixels (turning about a point commutes with both).
  const at = (x: number, y: number) => ({ x: x * scale - origin.x, y: y * scale - origin.y });
  const { x: left, y: top } = at(crop.left, crop.top);
  return {
    image: read.image,
    ...faces,
    crop: {
      left,
      top,
      width: crop.width * scale,
      height: crop.height * scale,
      angle: crop.angle,
      pivot: faces.level.eyeMid,
    },
  };
}

/**
 * The crop for a face: straightened when its roll is one the fit straightens and the turned crop
 * lies inside the photo, else as taken.
 */
function plan(raw: RawFace, scale: number, size: PhotoSizeSpec, whole: { width: number; height: number }) {
  const taken = faceGeometry(raw, scale);
  const angle = straighteningAngle(taken.rollDegrees);
  const crop =
    (angle !== 0 && planLevelCrop(faceGeometry(turnFace(raw, angle), scale), size, whole, angle)) ||
    planCrop(taken, size, whole);
  return { face: taken, crop };
}

/**
 * Decodes the photo, finds its faces and, for exactly one, plans the crop and gets the pixels to
 * measure and fit. A large JPEG is read twice (TWO_READS_MIN_SIDE); anything else is decoded
 * whole, once. Null when the photo cannot be read.
 */
async function readPhoto(image: Buffer, size: PhotoSizeSpec, detect: Detect, wholeRead: boolean): Promise<Read | null> {
  const upload = await inspect(image);
  if (!upload) return null;
  const twoReads = upload.jpeg && !wholeRead && Math.max(upload.width, upload.height) >= TWO_READS_MIN_SIDE;
  const first = await decode(image, twoReads ? DETECTION_MAX_SIDE : WORKING_MAX_SIDE);
  if (!first) return null;
  // Every figure before the measures is in the pixels of `whole`: the photo itself when read
  // twice, else its one decoded copy.
  const whole = twoReads ? upload : first;
  const { faces, scale } = await findFaces(first, whole, detect);
  const raw = faces[0];
  if (faces.length !== 1 || !raw) return { faces: faces.length, whole, image: first, found: null };
  const { face, crop } = plan(raw, scale, size, whole);
  const pixels = twoReads
    ? await readCrop(image, whole, face, crop, raw, scale, size)
    : { image: first, crop, ...facesIn(raw, crop.angle, scale) };
  // A JPEG that fails at its second read is as unreadable as one that fails at once.
  return pixels && { faces: 1, whole, found: { rollDegrees: face.rollDegrees, crop, pixels } };
}

/**
 * The pixels the fit and the background rule read: the photo and its crop as they are, or, when
 * the crop straightens the photo, the crop's own pixels turned level, with the face in them.
 */
async function frame(
  image: RgbImage,
  pixels: Pixels,
  size: PhotoSizeSpec,
): Promise<{ image: RgbImage; crop: Rect; face: FaceGeometry }> {
  const { crop, level } = pixels;
  if (crop.angle === 0) return { image, crop, face: level };
  // At the output's scale (never above the photo's): the fit has every pixel it outputs.
  const scale = Math.min(1, Math.max(size.widthPx / crop.width, size.heightPx / crop.height));
  const turned = await levelCrop(image, crop, scale);
  return {
    image: turned,
    crop: { left: 0, top: 0, width: turned.width, height: turned.height },
    face: faceIn(level, { x: crop.left, y: crop.top }, scale),
  };
}

const EMPTY: RgbImage = { data: Buffer.alloc(0), width: 0, height: 0 };

async function analyseSignature(
  image: RgbImage | null,
  size: PhotoSizeSpec,
  detect: Detect,
  mark: SignatureMark,
): Promise<AnalysedPhoto> {
  if (!image) {
    const checks = [resolutionCheck(size, EMPTY, SIGNATURE_MARK_NAMES[mark])];
    return { report: report(size, checks, null, null), fitted: null };
  }
  const fitted = await fitSignature(image, size);
  const { faces } = await findFaces(image, image, detect);
  const checks = [
    signatureCheck(size, await inkShare(fitted.jpeg), faces.length, mark),
    // The upload's own pixels of the mark, not the canvas padded around it to the ratio.
    markResolutionCheck(size, mark, fitted),
  ];
  return { report: report(size, checks, fitted, null), fitted: fitted.jpeg };
}

/** The share of a fitted signature strip's pixels dark enough to be ink (INK_LUMA). */
async function inkShare(strip: Buffer): Promise<number> {
  const { data, info } = await sharp(strip).greyscale().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels) if ((data[i] ?? 255) < INK_LUMA) ink += 1;
  return ink / (info.width * info.height);
}

/**
 * Checks `image` (an upload already validated and re-encoded as JPEG or PNG) against every rule
 * that applies to `size`, and fits it: cropped around the face to the size's ratio and head
 * height, scaled to its exact pixels, sRGB JPEG under its byte cap, no metadata, nothing
 * retouched. A signature (or a child's thumb impression, `options.mark`) gets its margins trimmed
 * and is padded with white to the ratio.
 * A photo the engine cannot use (unreadable, 1 × 1, no face, two faces) gets a failed check with
 * its fix, not an exception; it rejects only with FaceDetectionError, when detection itself
 * could not run (queue full, worker crashed): a retry later can succeed.
 */
export function analysePhoto(image: Buffer, size: PhotoSizeSpec, options: AnalyseOptions = {}): Promise<AnalysedPhoto> {
  if (options.visitor && photoCheckTurn.waitingBehind() >= VISITOR_CHECKS_WAITING) {
    return Promise.reject(new FaceDetectionError('Too many visitors’ photo checks are waiting'));
  }
  return photoCheckTurn(() => analyseWith(detectInWorker, image, size, options), { behind: options.visitor ?? false });
}

/**
 * Photos checked at once in this process, whatever number of check jobs runs: one. A check holds
 * its photo's decoded pixels (up to ~50 MB for a phone's photo read whole) while it waits for the
 * one detection worker, so a second one at once would double that for no gain in throughput on
 * two cores (decision 0093-memory).
 */
export const PHOTO_CHECKS_AT_ONCE = 1;
const photoCheckTurn = createTurns(PHOTO_CHECKS_AT_ONCE);

/** analysePhoto with another detector: the benchmark times the work around detection with it. */
export async function analyseWith(
  detect: Detect,
  image: Buffer,
  size: PhotoSizeSpec,
  options: AnalyseOptions = {},
): Promise<AnalysedPhoto> {
  if (size.kind === 'signature') {
    return analyseSignature(await decode(image, WORKING_MAX_SIDE), size, detect, options.mark ?? 'signature');
  }

  const changeBackground = Boolean(options.backgroundChange && size.backgroundChangeAllowed);
  // The background change learns the wall's colours from the whole photo: it decodes it whole.
  const read = await readPhoto(image, size, detect, changeBackground);
  if (!read?.found) {
    const faces = read?.faces ?? 0;
    // No face in a photo that has something in it but too little focus: the blur is why, and the
    // customer is told so rather than that there is no face (issue 31 §2).
    const focus = read && faces === 0 ? photoFocus(read.image) : null;
    const blurred = focus !== null && focus < MIN_PHOTO_FOCUS;
    const checks: PhotoCheck[] = [
      oneFaceCheck(faces, blurred),
      ...(['head-height', 'eye-line', 'tilt', 'centred', 'background'] as const).map((rule) =>
        notMeasured(rule, size, faces, blurred),
      ),
      blurred && focus !== null ? photoFocusCheck(focus) : notMeasured('sharpness', size, faces),
      notMeasured('shadow', size, faces, blurred),
      resolutionCheck(size, read?.whole ?? EMPTY, 'Photo'),
    ];
    return { report: report(size, checks, null, null), fitted: null };
  }

  const { rollDegrees, crop, pixels } = read.found;
  const place = placement(pixels.level, pixels.crop);
  // The fit and the background rule see the changed background; the face's pixels are the same
  // either way, so sharpness and shadow measure the photo as taken.
  const source = changeBackground
    ? evenBackground(pixels.image, pixels.face, EVEN_BACKGROUND[size.background])
    : pixels.image;
  const fitFrom = await frame(source, pixels, size);
  // The fit runs on a libuv thread while this thread measures the background, the shadow and the
  // sharpness: the pixel loops cost no wall time of their own.
  const fitPending = fitPhoto(fitFrom.image, fitFrom.crop, size);
  const backgroundMeasured = backgroundStats(fitFrom.image, fitFrom.crop, fitFrom.face);
  const shadow = shadowRatio(pixels.image, pixels.face);
  const sharp_ = sharpness(pixels.image, pixels.face);
  const fitted = await fitPending;
  const checks: PhotoCheck[] = [
    oneFaceCheck(1),
    headHeightCheck(size, place),
    eyeLineCheck(size, place),
    tiltCheck(size, pixels.level.rollDegrees, crop.angle === 0 ? null : rollDegrees),
    centredCheck(size, place),
    backgroundCheck(size, backgroundMeasured),
    sharpnessCheck(size, sharp_),
    shadowCheck(size, shadow),
    // The crop's own size in the photo's pixels (it lies inside the photo, turned or not).
    resolutionCheck(size, { width: crop.width, height: crop.height }, 'Your photo gives'),
  ];
  return { report: report(size, checks, fitted, place.headFraction), fitted: fitted.jpeg };
}
