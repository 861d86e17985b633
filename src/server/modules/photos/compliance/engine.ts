// The photo compliance engine (issue 12, decision 0062): measures an uploaded photo against a
// size's rules and fits it to the size. The photos module's service calls analysePhoto; nothing
// here stores anything.
import sharp from 'sharp';
import type { ComplianceReport, PhotoCheck } from '../../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../../domain/photos/sizes.ts';
import { EVEN_BACKGROUND, evenBackground } from './background.ts';
import {
  backgroundCheck,
  centredCheck,
  eyeLineCheck,
  headHeightCheck,
  notMeasured,
  oneFaceCheck,
  resolutionCheck,
  shadowCheck,
  sharpnessCheck,
  tiltCheck,
} from './checks.ts';
import { detectInWorker, detectionPixels, reuseDetectionPixels } from './detection-queue.ts';
import type { RawFace } from './faces.ts';
import { type Encoded, fitPhoto, fitSignature, pixelRect } from './fit.ts';
import { type FaceGeometry, faceGeometry, placement, planCrop } from './geometry.ts';
import { backgroundStats, type RgbImage, shadowRatio, sharpness } from './measures.ts';

export { FaceDetectionError, stopFaceDetection } from './detection-queue.ts';

/**
 * The working copy's longest side. Every output is ≤ 810 px tall, so 4000 px keeps all the detail
 * a fit can use while capping a 48 MP upload's decoded pixels at 48 MB instead of 144 MB.
 */
const WORKING_MAX_SIDE = 4000;
/** SSD MobileNet sees 512 px; ~1000 px keeps a small face findable at ~0.5 s a photo. */
const DETECTION_MAX_SIDE = 1000;
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
}

export interface AnalysedPhoto {
  report: ComplianceReport;
  /** The fitted JPEG, or null when there was not exactly one face to fit around. */
  fitted: Buffer | null;
}

/** Decoded, upright, flattened onto white, sRGB, at most WORKING_MAX_SIDE; null when unreadable. */
async function decode(image: Buffer): Promise<RgbImage | null> {
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: WORKING_MAX_SIDE, height: WORKING_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return info.channels === 3 ? { data, width: info.width, height: info.height } : null;
  } catch {
    return null;
  }
}

/** Finds faces in tightly packed RGB pixels: the detection worker, or a stand-in in the benchmark. */
export type Detect = (rgb: Uint8Array, width: number, height: number) => Promise<RawFace[]>;

async function findFaces(image: RgbImage, detect: Detect): Promise<FaceGeometry[]> {
  if (Math.min(image.width, image.height) < MIN_DETECTION_SIDE) return [];
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
    const faces = await detect(pixels, small.width, small.height);
    return faces.map((face) => faceGeometry(face, image.width / small.width));
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
      headPercent: headFraction === null ? null : Math.round(headFraction * 1000) / 10,
    },
  } satisfies ComplianceReport;
}

const EMPTY: RgbImage = { data: Buffer.alloc(0), width: 0, height: 0 };

async function analyseSignature(image: RgbImage | null, size: PhotoSizeSpec): Promise<AnalysedPhoto> {
  if (!image) {
    const checks = [resolutionCheck(size, EMPTY, 'Signature')];
    return { report: report(size, checks, null, null), fitted: null };
  }
  const fitted = await fitSignature(image, size);
  const checks = [resolutionCheck(size, { width: fitted.sourceWidth, height: fitted.sourceHeight }, 'Signature')];
  return { report: report(size, checks, fitted, null), fitted: fitted.jpeg };
}

/**
 * Checks `image` (an upload already validated and re-encoded as JPEG or PNG) against every rule
 * that applies to `size`, and fits it: cropped around the face to the size's ratio and head
 * height, scaled to its exact pixels, sRGB JPEG under its byte cap, no metadata, nothing
 * retouched. A signature gets its margins trimmed and is padded with white to the ratio.
 * A photo the engine cannot use (unreadable, 1 × 1, no face, two faces) gets a failed check with
 * its fix, not an exception; it rejects only with FaceDetectionError, when detection itself
 * could not run (queue full, worker crashed): a retry later can succeed.
 */
export function analysePhoto(image: Buffer, size: PhotoSizeSpec, options: AnalyseOptions = {}): Promise<AnalysedPhoto> {
  return analyseWith(detectInWorker, image, size, options);
}

/** analysePhoto with another detector: the benchmark times the work around detection with it. */
export async function analyseWith(
  detect: Detect,
  image: Buffer,
  size: PhotoSizeSpec,
  options: AnalyseOptions = {},
): Promise<AnalysedPhoto> {
  const working = await decode(image);
  if (size.kind === 'signature') return analyseSignature(working, size);

  const faces = working ? await findFaces(working, detect) : [];
  const face = faces.length === 1 ? faces[0] : undefined;
  if (!working || !face) {
    const whole = working ?? EMPTY;
    const checks: PhotoCheck[] = [
      oneFaceCheck(faces.length),
      ...(['head-height', 'eye-line', 'tilt', 'centred', 'background', 'sharpness', 'shadow'] as const).map((rule) =>
        notMeasured(rule, size, faces.length),
      ),
      resolutionCheck(size, whole, 'Photo'),
    ];
    return { report: report(size, checks, null, null), fitted: null };
  }

  const crop = planCrop(face, size, working);
  const place = placement(face, crop);
  // The fit and the background rule see the changed background; the face's pixels are the same
  // either way, so sharpness and shadow measure the photo as taken.
  const source =
    options.backgroundChange && size.backgroundChangeAllowed
      ? evenBackground(working, face, EVEN_BACKGROUND[size.background])
      : working;
  // The fit runs on a libuv thread while this thread measures the background, the shadow and the
  // sharpness: the pixel loops cost no wall time of their own.
  const fitPending = fitPhoto(source, crop, size);
  const backgroundMeasured = backgroundStats(source, crop, face);
  const shadow = shadowRatio(working, face);
  const sharp_ = sharpness(working, face);
  const fitted = await fitPending;
  const checks: PhotoCheck[] = [
    oneFaceCheck(1),
    headHeightCheck(size, place),
    eyeLineCheck(size, place),
    tiltCheck(size, face.rollDegrees),
    centredCheck(size, place),
    backgroundCheck(size, backgroundMeasured),
    sharpnessCheck(size, sharp_),
    shadowCheck(size, shadow),
    resolutionCheck(size, pixelRect(crop, working), 'Your photo gives'),
  ];
  return { report: report(size, checks, fitted, place.headFraction), fitted: fitted.jpeg };
}
