/**
 * The vocabulary of form definitions, word for word from SPEC.md §3: the 24 dynamic form field
 * types, the rule keys, the text transforms and the upload modes. Definitions store these
 * strings as they are ('short answer', 'unique ID', 'country dropdown', …).
 */
export const FORM_FIELD_TYPES = [
  'text',
  'number',
  'date',
  'time',
  'select',
  'short answer',
  'paragraph',
  'multiple choice',
  'checkboxes',
  'dropdown',
  'file upload',
  'currency',
  'email',
  'password',
  'phone',
  'image upload',
  'description',
  'rating',
  'unique ID',
  'radio',
  'range',
  'country dropdown',
  'occupation dropdown',
  'dependent',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const RULE_KEYS = ['min', 'max', 'maxSize', 'fileTypes', 'matches'] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

export const TEXT_TRANSFORMS = ['trim', 'uppercase', 'lowercase'] as const;
export type TextTransform = (typeof TEXT_TRANSFORMS)[number];

/**
 * When a chosen file is sent: `onDrop` as soon as it is dropped or picked, `onUpload` once the
 * customer presses Upload (after checking what they chose). docs/decisions/0047-form-engine.md.
 */
export const UPLOAD_MODES = ['onUpload', 'onDrop'] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];

/** Free-text types: a string, with length rules, `matches` and (except password) the text transforms. */
export const TEXT_FIELD_TYPES = ['text', 'short answer', 'paragraph', 'unique ID', 'email', 'password'] as const;
export type TextFieldType = (typeof TEXT_FIELD_TYPES)[number];

/** One answer out of the field's own options. */
export const SINGLE_CHOICE_TYPES = ['select', 'dropdown', 'radio', 'multiple choice'] as const;
export type SingleChoiceType = (typeof SINGLE_CHOICE_TYPES)[number];

export const UPLOAD_FIELD_TYPES = ['file upload', 'image upload'] as const;
export type UploadFieldType = (typeof UPLOAD_FIELD_TYPES)[number];

/** Types whose answer another field's `dependent` condition may test against a value. */
export const CONDITION_SOURCE_TYPES = [
  ...SINGLE_CHOICE_TYPES,
  'checkboxes',
  'country dropdown',
  'occupation dropdown',
] as const;

/** The file types an upload may be (the upload service checks them by magic bytes). */
export const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const IMAGE_FILE_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;

export const FILE_TYPE_LABELS: Record<FileType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
};

/** Limits of the format: what an answer may hold when its field sets no rule, and the ceilings of the rules. */
export const FORM_LIMITS = {
  /** Field, section and step keys: camelCase, also the answers' keys. */
  keyPattern: /^[a-z][A-Za-z0-9]{0,63}$/,
  textMaxLength: {
    text: 200,
    'short answer': 100,
    paragraph: 2000,
    'unique ID': 40,
    email: 254,
    password: 128,
  } satisfies Record<TextFieldType, number>,
  /** No text rule may allow more. */
  textMaxCeiling: 10_000,
  numberDecimalsMax: 4,
  /** Numbers (and range, rating) stay within ±10^12, so they are exact in JSON and PostgreSQL. */
  numberAbsMax: 1_000_000_000_000,
  /** Currency answers are integer cents, at most $1,000,000,000.00. */
  currencyMaxCents: 100_000_000_000,
  ratingMaxStars: 10,
  ratingDefaultStars: 5,
  rangeDefaultMin: 0,
  rangeDefaultMax: 100,
  /**
   * Upload size when the field sets no maxSize (bytes), and the most any maxSize may be: what the
   * upload service takes for a photo (PHOTO_MAX_BYTES, a 48-megapixel phone JPEG).
   */
  uploadDefaultMaxBytes: 5 * 1024 * 1024,
  uploadMaxBytes: 15 * 1024 * 1024,
  optionsMax: 300,
  stepsMax: 30,
  fieldsMax: 600,
  dependentDepthMax: 3,
} as const;
