import { z } from 'zod';
import { PHOTO_SIZE_IDS } from './sizes.ts';

/**
 * The photo compliance engine's report (issue 12): one check per rule, pass or fail, with what was
 * measured, what the size asks for, and a plain-language fix. Shared by the server that measures
 * and the page that shows it.
 */

/** The rules a photo is checked on, in its report's order. */
export const PHOTO_RULES = [
  'one-face',
  'head-height',
  'eye-line',
  'tilt',
  'centred',
  'background',
  'sharpness',
  'shadow',
  'resolution',
] as const;
/** The rules a signature is checked on, in its report's order. */
export const SIGNATURE_RULES = ['signature', 'resolution'] as const;
/**
 * The rules a young child's thumb impression is checked on (it takes the signature's place and
 * size, catalog-facts §1): the signature's, under its own name, so that its label, problem and fix
 * speak of a thumb impression and never ask anyone to sign.
 */
export const THUMB_IMPRESSION_RULES = ['thumb-impression', 'resolution'] as const;
/** Every rule of the engine: a report's checks are a photo's, a signature's or a thumb impression's. */
export const COMPLIANCE_RULES = [...PHOTO_RULES, 'signature', 'thumb-impression'] as const;
export type PhotoRule = (typeof COMPLIANCE_RULES)[number];

/**
 * What a signature-sized upload holds: a signature, or a child's thumb impression in its place (a
 * member under 5, checklist.ts `givesThumbImpression`). Its checks name it in these words.
 */
export type SignatureMark = 'signature' | 'thumb-impression';
export const SIGNATURE_MARK_NAMES: Record<SignatureMark, string> = {
  signature: 'Signature',
  'thumb-impression': 'Thumb impression',
};

export const PHOTO_RULE_LABELS: Record<PhotoRule, string> = {
  'one-face': 'Exactly one face',
  'head-height': 'Head size',
  'eye-line': 'Eye height',
  tilt: 'Head level',
  centred: 'Face centred',
  background: 'Plain, light background',
  sharpness: 'In focus',
  shadow: 'Even light on the face',
  resolution: 'Enough pixels',
  signature: 'A signature in dark ink',
  'thumb-impression': 'A thumb impression in ink',
};

/** What the customer can do about a failed check. */
export const PHOTO_FIXES = {
  /**
   * Not only light and a covered face: a face small in the photo, taken from too far away, is as
   * hard to find (a person on a wide wall, someone standing across the room).
   */
  noFace:
    'We could not find a face. Have the photo taken closer, with your head and shoulders filling most of it, and face the camera in good light with nothing covering your face.',
  manyFaces: 'Only one person may be in the photo. Take it again with no one else in the frame.',
  headTooBig: 'Move back a little: your head fills too much of the photo.',
  headTooSmall: 'Move a little closer: your head is too small in the photo.',
  eyesTooHigh: 'Lower the camera a little, or leave less space below your chin.',
  eyesTooLow: 'Raise the camera to eye level.',
  tilted: 'Face the camera and keep your head level.',
  offCentre: 'Stand in the middle of the frame.',
  background: 'Stand in front of a plain, light wall with nothing behind you.',
  blurred: 'Hold the camera still, or lean it on something, and make sure your face is in focus.',
  tooBlurred:
    'Your photo is too blurred to find a face. Hold the camera still, or lean it on something, and make sure your face is in focus.',
  shadow: 'Face a window or a lamp so both sides of your face are lit evenly.',
  /**
   * Too few pixels is not blur: the photo was taken from too far away, with a low-resolution
   * camera, or shrunk on its way (a screenshot, a copy sent through a messaging app). The verdict
   * says the problem ("The photo has too few pixels.", verdict.ts) before it.
   */
  lowResolution:
    'Take the photo closer up, with the phone’s main camera, and upload the original file: not a screenshot or a copy sent through a messaging app.',
  noInk:
    'We could not find a signature. Sign in dark ink on plain white paper, then photograph the whole signature close up, in good light.',
  faceNotSignature:
    'This is a photo of a face, not a signature. Upload a photo of the signature, in dark ink on white paper.',
  /** A child under 5 gives a thumb impression: no one signs in its place (catalog-facts §1). */
  noThumbImpression:
    'We could not find a thumb impression. Press the child’s thumb on an ink pad, then on plain white paper, and photograph the whole impression close up, in good light.',
  faceNotThumbImpression:
    'This is a photo of a face, not a thumb impression. Upload a photo of the child’s thumb impression, in ink on white paper.',
} as const;

/**
 * What a face's rule reports when there was not exactly one face to measure it on. The verdict
 * (verdict.ts) counts these apart: they are not failures of their own.
 */
export const PHOTO_NOT_MEASURED = 'Not measured: needs exactly one face';

export const photoCheckSchema = z.object({
  rule: z.enum(COMPLIANCE_RULES),
  passed: z.boolean(),
  /** What was measured, for the customer ("head 62 % of the height"). */
  measured: z.string(),
  /** What the size asks for ("50–69 %"). */
  expected: z.string(),
  /** Null when passed. */
  fix: z.string().nullable(),
  /** Passed within the rule's margin of its limit (borderline.ts); absent otherwise. */
  borderline: z.boolean().optional(),
});
export type PhotoCheck = z.infer<typeof photoCheckSchema>;

export const fittedPhotoSchema = z.object({
  widthPx: z.int(),
  heightPx: z.int(),
  bytes: z.int(),
  /** Head height as a percentage of the image height after fitting; null for a signature. */
  headPercent: z.number().nullable(),
});
export type FittedPhoto = z.infer<typeof fittedPhotoSchema>;

export const complianceReportSchema = z.object({
  sizeId: z.enum(PHOTO_SIZE_IDS),
  /**
   * Every rule that applies to the size, in PHOTO_RULES order, or SIGNATURE_RULES' for a signature
   * (THUMB_IMPRESSION_RULES' for a child's thumb impression in its place).
   */
  checks: z.array(photoCheckSchema),
  passed: z.boolean(),
  /** The fitted output's measured figures, or null when the photo could not be fitted (no face). */
  fitted: fittedPhotoSchema.nullable(),
});
export type ComplianceReport = z.infer<typeof complianceReportSchema>;
