// One PhotoCheck per rule: pass or fail against the size's figures, what was measured, what the
// size asks for, and the fix from PHOTO_FIXES. The thresholds are ours; the ranges are the size's.
import {
  BORDERLINE_MARGINS as B,
  nearMaximum,
  nearMinimum,
  nearRangeEdge,
} from '../../../../domain/photos/borderline.ts';
import {
  PHOTO_FIXES,
  PHOTO_NOT_MEASURED,
  type PhotoCheck,
  type PhotoRule,
  SIGNATURE_MARK_NAMES,
  type SignatureMark,
} from '../../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../../domain/photos/sizes.ts';
import type { Placement } from './geometry.ts';

/**
 * Roll beyond this fails, measured on the fitted photo. Portals want the head straight;
 * HivisionIDPhotos straightens past 2°, and ±3° leaves room for the landmarks' own jitter (~1° on
 * the samples) without passing a visibly tilted head. The fit straightens a roll up to
 * MAX_STRAIGHTEN_DEGREES (geometry.ts) first: turning the photo moves pixels, it retouches nothing.
 */
export const MAX_TILT_DEGREES = 3;
/** The face's centre may be this far off the middle, as a fraction of the width (15 px of 600). */
export const MAX_CENTRE_OFFSET = 0.025;
/** Mean background luma, 0–255: a white background reads ≥ 190 in phone photos of a white wall, light ≥ 160. */
export const MIN_BACKGROUND_LUMA = { white: 190, light: 160 } as const;
/** Standard deviation of the background's luma: plain walls read 3–12, furniture and posters 30+. */
export const MAX_BACKGROUND_SPREAD = 20;
/**
 * Variance of the face's Laplacian, its luma averaged to 192 px wide (measures.ts). Calibrated on
 * the samples and blurred copies (decision 0081): sharp faces read 30–123, `blur(3)` and `blur(4)`
 * copies 4–14; 20 sits ~1.5× below the softest sharp face and ~1.4× above the sharpest blurred one.
 */
export const MIN_SHARPNESS = 20;
/**
 * Below this, a photo in which no face was found is called blurred rather than faceless
 * (photoFocus, measures.ts). Calibrated on the sample faces and the demo photos, sharp, blurred
 * and darkened (decision 0111-photo-fit-straighten-blur-verdict): sharp photos read 21–67, blurred
 * ones the detector could not find a face in 1.1–8.4; 13 is near their geometric middle.
 */
export const MIN_PHOTO_FOCUS = 13;
/** The darker half of the face must be at least this bright relative to the brighter half. */
export const MIN_SHADOW_RATIO = 0.7;

const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;
/** To a tenth of a per cent: an ink share is often under 1 %. */
const finePercent = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
const range = ([min, max]: readonly [number, number]) => `${Math.round(min * 100)}–${Math.round(max * 100)} %`;

/** What each rule asks of `size`, worded for the customer. */
export function expectedFor(rule: PhotoRule, size: PhotoSizeSpec): string {
  switch (rule) {
    case 'one-face':
      return 'Exactly 1 face';
    case 'head-height':
      return range(size.headHeight ?? [0, 1]);
    case 'eye-line':
      return `${range(size.eyeLine ?? [0, 1])} from the bottom`;
    case 'tilt':
      return `At most ${MAX_TILT_DEGREES}°`;
    case 'centred':
      return `At most ${(MAX_CENTRE_OFFSET * 100).toFixed(1)} % off centre`;
    case 'background':
      return `Brightness at least ${MIN_BACKGROUND_LUMA[size.background]} of 255, variation at most ${MAX_BACKGROUND_SPREAD}`;
    case 'sharpness':
      return `At least ${MIN_SHARPNESS}`;
    case 'shadow':
      return `At least ${percent(MIN_SHADOW_RATIO)}`;
    case 'resolution':
      return `At least ${size.widthPx} × ${size.heightPx} px`;
    case 'signature':
      return `Dark strokes on ${finePercent(MIN_INK_SHARE)} to ${percent(MAX_INK_SHARE)} of the strip, and no face`;
    case 'thumb-impression':
      return `Ink on ${finePercent(MIN_INK_SHARE)} to ${percent(MAX_INK_SHARE)} of the strip, and no face`;
  }
}

/** `nearLimit`: the measure passed within its margin (issue 31 §4), so a person looks at the photo. */
function check(
  rule: PhotoRule,
  passed: boolean,
  measured: string,
  expected: string,
  fix: string,
  nearLimit = false,
): PhotoCheck {
  return {
    rule,
    passed,
    measured,
    expected,
    fix: passed ? null : fix,
    ...(passed && nearLimit ? { borderline: true } : {}),
  };
}

/** `blurred`: no face was found in a photo too blurred to find one in (photoFocus), which is then the fix. */
export function oneFaceCheck(faces: number, blurred = false): PhotoCheck {
  const measured =
    faces === 0
      ? blurred
        ? 'No face found in a blurred photo'
        : 'No face found'
      : faces === 1
        ? '1 face'
        : `${faces} faces`;
  const fix = faces === 0 ? (blurred ? PHOTO_FIXES.tooBlurred : PHOTO_FIXES.noFace) : PHOTO_FIXES.manyFaces;
  return check('one-face', faces === 1, measured, 'Exactly 1 face', fix);
}

/**
 * The fitted head's height in per cent, to a tenth: the report's figure (`fitted.headPercent`).
 * The check says it to the whole per cent rounded from this same figure, as the page rounds it:
 * rounded from the fraction instead, a 77.49 % head read "head 78 %" on the fitted line above the
 * check's "Head 77 % of the height".
 */
export const headPercentOf = (fraction: number) => Math.round(fraction * 1000) / 10;

export function headHeightCheck(size: PhotoSizeSpec, place: Placement): PhotoCheck {
  const [min, max] = size.headHeight ?? [0, 1];
  const tooBig = place.crownCut || place.headFraction > max;
  const measured = `Head ${Math.round(headPercentOf(place.headFraction))} % of the height${place.crownCut ? ', top of the head cut off' : ''}`;
  return check(
    'head-height',
    !tooBig && place.headFraction >= min,
    measured,
    expectedFor('head-height', size),
    tooBig ? PHOTO_FIXES.headTooBig : PHOTO_FIXES.headTooSmall,
    nearRangeEdge(place.headFraction, [min, max]),
  );
}

export function eyeLineCheck(size: PhotoSizeSpec, place: Placement): PhotoCheck {
  const [min, max] = size.eyeLine ?? [0, 1];
  const passed = place.eyeFraction >= min && place.eyeFraction <= max;
  return check(
    'eye-line',
    passed,
    `Eyes ${percent(place.eyeFraction)} from the bottom`,
    expectedFor('eye-line', size),
    place.eyeFraction > max ? PHOTO_FIXES.eyesTooHigh : PHOTO_FIXES.eyesTooLow,
    nearRangeEdge(place.eyeFraction, [min, max]),
  );
}

/** `straightenedFrom`: the roll of the photo as taken, when the fit straightened it; `rollDegrees` is the fitted photo's. */
export function tiltCheck(
  size: PhotoSizeSpec,
  rollDegrees: number,
  straightenedFrom: number | null = null,
): PhotoCheck {
  const passed = Math.abs(rollDegrees) <= MAX_TILT_DEGREES;
  const straightened =
    straightenedFrom === null ? '' : ` (straightened from ${Math.abs(straightenedFrom).toFixed(1)}°)`;
  return check(
    'tilt',
    passed,
    `Tilted ${Math.abs(rollDegrees).toFixed(1)}°${straightened}`,
    expectedFor('tilt', size),
    PHOTO_FIXES.tilted,
    nearMaximum(Math.abs(rollDegrees), MAX_TILT_DEGREES, B.tiltDegrees),
  );
}

export function centredCheck(size: PhotoSizeSpec, place: Placement): PhotoCheck {
  const passed = Math.abs(place.centreOffset) <= MAX_CENTRE_OFFSET;
  return check(
    'centred',
    passed,
    `${(Math.abs(place.centreOffset) * 100).toFixed(1)} % off centre`,
    expectedFor('centred', size),
    PHOTO_FIXES.offCentre,
    nearMaximum(Math.abs(place.centreOffset), MAX_CENTRE_OFFSET, B.centreOffset),
  );
}

export function backgroundCheck(
  size: PhotoSizeSpec,
  stats: { mean: number; spread: number; count: number },
): PhotoCheck {
  const expected = expectedFor('background', size);
  if (stats.count === 0) {
    return check('background', false, 'No background visible around the head', expected, PHOTO_FIXES.background);
  }
  const minimum = MIN_BACKGROUND_LUMA[size.background];
  const passed = stats.mean >= minimum && stats.spread <= MAX_BACKGROUND_SPREAD;
  const measured = `Brightness ${Math.round(stats.mean)} of 255, variation ${Math.round(stats.spread)}`;
  const nearLimit =
    nearMinimum(stats.mean, minimum, B.backgroundLuma) ||
    nearMaximum(stats.spread, MAX_BACKGROUND_SPREAD, B.backgroundSpread);
  return check('background', passed, measured, expected, PHOTO_FIXES.background, nearLimit);
}

/**
 * The sharpness rule when no face was found because the photo is blurred (photoFocus below
 * MIN_PHOTO_FOCUS): measured on the whole photo, which is all there is to measure.
 */
export function photoFocusCheck(value: number): PhotoCheck {
  return check(
    'sharpness',
    false,
    `Whole photo: sharpness ${value.toFixed(1)}`,
    `At least ${MIN_PHOTO_FOCUS} for the whole photo`,
    PHOTO_FIXES.tooBlurred,
  );
}

export function sharpnessCheck(size: PhotoSizeSpec, value: number): PhotoCheck {
  const passed = value >= MIN_SHARPNESS;
  return check(
    'sharpness',
    passed,
    `Sharpness ${Math.round(value)}`,
    expectedFor('sharpness', size),
    PHOTO_FIXES.blurred,
    nearMinimum(value, MIN_SHARPNESS, B.sharpness),
  );
}

export function shadowCheck(size: PhotoSizeSpec, ratio: number): PhotoCheck {
  const passed = ratio >= MIN_SHADOW_RATIO;
  return check(
    'shadow',
    passed,
    `Darker side ${percent(ratio)} as bright as the other`,
    expectedFor('shadow', size),
    PHOTO_FIXES.shadow,
    nearMinimum(ratio, MIN_SHADOW_RATIO, B.shadowRatio),
  );
}

/** Enough pixels: the part of the photo that becomes the output must not be enlarged. */
export function resolutionCheck(
  size: PhotoSizeSpec,
  source: { width: number; height: number },
  what: string,
): PhotoCheck {
  const passed = source.width >= size.widthPx - 1 && source.height >= size.heightPx - 1;
  return check(
    'resolution',
    passed,
    `${what} ${Math.round(source.width)} × ${Math.round(source.height)} px`,
    expectedFor('resolution', size),
    PHOTO_FIXES.lowResolution,
  );
}

/**
 * Enough pixels for a signature or a thumb impression: the pixels the upload has of it (its ink,
 * the paper's margins trimmed, or the whole upload when there was nothing to trim to), which the
 * fit must not enlarge to the part of the strip it fills. The white padded around it to reach the
 * size's ratio is not the upload's and is not counted: a blank 4000 × 3000 page is 4000 × 3000 px,
 * not the 11700 × 3900 px of its padded canvas.
 */
export function markResolutionCheck(
  size: PhotoSizeSpec,
  mark: SignatureMark,
  fitted: {
    mark: { width: number; height: number };
    trimmed: boolean;
    inStrip: { width: number; height: number };
  },
): PhotoCheck {
  const { width, height } = fitted.mark;
  const needed = fitted.inStrip;
  const passed = width >= needed.width - 1 && height >= needed.height - 1;
  const whose = fitted.trimmed ? 'its ink, margins trimmed' : 'the whole upload';
  return check(
    'resolution',
    passed,
    `${SIGNATURE_MARK_NAMES[mark]} ${width} × ${height} px (${whose})`,
    `At least ${needed.width} × ${needed.height} px, the part of the ${size.widthPx} × ${size.heightPx} px strip it fills`,
    PHOTO_FIXES.lowResolution,
  );
}

/** How dark a pixel of the fitted strip must be to count as ink (luminance, of 255): ballpoint, not paper. */
export const INK_LUMA = 128;
/**
 * The least share of the fitted strip in ink: a blank or nearly blank page has less. A signature
 * trimmed to its strokes and padded to 3 : 1 has several per cent; a thumb impression far more.
 */
export const MIN_INK_SHARE = 0.005;
/**
 * The most: a page photographed in dim light cannot be trimmed, and all of it reads as ink (about
 * 59 % of the strip once the white margin is added). A thumb impression, the densest mark a
 * signature field takes, fills far less of its padded strip.
 */
export const MAX_INK_SHARE = 0.45;

/** Each mark's fixes: a thumb impression's never ask anyone to sign (a parent must not sign for the child). */
const MARK_FIXES: Record<SignatureMark, { noInk: string; face: string }> = {
  signature: { noInk: PHOTO_FIXES.noInk, face: PHOTO_FIXES.faceNotSignature },
  'thumb-impression': { noInk: PHOTO_FIXES.noThumbImpression, face: PHOTO_FIXES.faceNotThumbImpression },
};

/**
 * A signature is dark strokes on paper, and not a face: a blank page or a portrait uploaded as the
 * signature passed on its pixels alone, and the portal refuses it. A young child's thumb impression
 * in its place is measured the same way, under its own rule and in its own words (`mark`).
 */
export function signatureCheck(
  size: PhotoSizeSpec,
  inkShare: number,
  faces: number,
  mark: SignatureMark = 'signature',
): PhotoCheck {
  const rule: PhotoRule = mark;
  const expected = expectedFor(rule, size);
  const fixes = MARK_FIXES[mark];
  const name = SIGNATURE_MARK_NAMES[mark].toLowerCase();
  if (faces > 0) return check(rule, false, `A face, not a ${name}`, expected, fixes.face);
  const ink = `Ink on ${finePercent(inkShare)} of the strip`;
  const passed = inkShare >= MIN_INK_SHARE && inkShare <= MAX_INK_SHARE;
  return check(rule, passed, passed ? `${ink}, no face` : ink, expected, fixes.noInk);
}

/** A face-dependent rule that could not be measured because there was not exactly one face. */
export function notMeasured(rule: PhotoRule, size: PhotoSizeSpec, faces: number, blurred = false): PhotoCheck {
  const fix = oneFaceCheck(faces, blurred).fix ?? PHOTO_FIXES.noFace;
  return check(rule, false, PHOTO_NOT_MEASURED, expectedFor(rule, size), fix);
}
