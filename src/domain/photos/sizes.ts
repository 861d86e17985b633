/**
 * The photo and signature sizes SevaPhotos makes (../shared/photo-specs.md, research 2026-11):
 * each size's exact output and the ranges the compliance engine checks. Targets pass every
 * official and secondary reading found; re-check the portals before launch.
 */

export const PHOTO_SIZE_IDS = ['oci-photo', 'oci-signature', 'in-passport', 'in-evisa', 'us-2x2', 'ca-visa'] as const;
export type PhotoSizeId = (typeof PHOTO_SIZE_IDS)[number];

/** A fraction range [min, max] of the image height. */
export type FractionRange = readonly [number, number];

export interface PhotoSizeSpec {
  id: PhotoSizeId;
  /** What the customer picks: the document the photo is for. */
  documentType: string;
  /** How the size is named on the page. */
  label: string;
  kind: 'photo' | 'signature';
  /** The exact output, in pixels. */
  widthPx: number;
  heightPx: number;
  /** The output JPEG's size limits, in bytes (a margin under the portal's cap). */
  minBytes: number;
  maxBytes: number;
  /** Head height, crown to chin, as a fraction of the image height (photos only). */
  headHeight: FractionRange | null;
  /** Eye line's height from the bottom edge, as a fraction of the image height (photos only). */
  eyeLine: FractionRange | null;
  /** What the background must be. */
  background: 'white' | 'light';
  /**
   * Whether "Background Change" may be offered: only where the rules ask for a plain background
   * and evening it out is not an alteration the authority refuses (photo-specs.md, "No alteration").
   */
  backgroundChangeAllowed: boolean;
  /** The rule a customer should know, in one sentence. */
  note: string;
  /** The printed photo's size in inches, for the 4×6 in print sheet; null when only a file is used. */
  printInches: { width: number; height: number } | null;
  /**
   * For a size used as a file only whose document also asks for printed photos of another shape:
   * the size those prints are (the customer is pointed to it at step 2).
   */
  printedAs: PhotoSizeId | null;
}

/**
 * A 4×6 in sheet at 300 dpi (photo-specs.md "Print sheets"): what retail photo counters print for
 * about $0.12–0.35, holding as many copies of one photo as fit at its printed size.
 */
export const PRINT_SHEET = { widthPx: 1200, heightPx: 1800, dpi: 300 } as const;

/** 35 × 45 mm, the ICAO print Canada's visa offices take. */
const MM_35X45 = { width: 35 / 25.4, height: 45 / 25.4 };

const KB = 1000;

export const PHOTO_SIZES: Record<PhotoSizeId, PhotoSizeSpec> = {
  'oci-photo': {
    id: 'oci-photo',
    documentType: 'OCI card',
    label: 'OCI photo (600 × 600 px)',
    kind: 'photo',
    widthPx: 600,
    heightPx: 600,
    minBytes: 10 * KB,
    maxBytes: 190 * KB,
    // photo-specs.md: the face ~70–80 % of the frame.
    headHeight: [0.7, 0.8],
    eyeLine: [0.5, 0.7],
    background: 'light',
    backgroundChangeAllowed: true,
    note: 'A plain light background, off-white or light grey; face straight at the camera.',
    printInches: { width: 2, height: 2 },
    printedAs: null,
  },
  'oci-signature': {
    id: 'oci-signature',
    documentType: 'OCI card',
    label: 'OCI signature (600 × 200 px, 3 : 1)',
    kind: 'signature',
    widthPx: 600,
    heightPx: 200,
    minBytes: 1 * KB,
    maxBytes: 190 * KB,
    headHeight: null,
    eyeLine: null,
    background: 'white',
    backgroundChangeAllowed: false,
    note: 'Sign in dark ink on white paper; a child under 5 gives a thumb impression instead.',
    printInches: null,
    printedAs: null,
  },
  'in-passport': {
    id: 'in-passport',
    documentType: 'Indian passport',
    label: 'Indian passport, online form (630 × 810 px)',
    kind: 'photo',
    widthPx: 630,
    heightPx: 810,
    minBytes: 10 * KB,
    maxBytes: 240 * KB,
    // photo-specs.md: the face 80–85 % of the frame. A head that large leaves no room for the eyes
    // higher up: with them 45–48 % of the way up the head (face-api's demo faces), crown and chin
    // both inside put them 36–59 % from the bottom.
    headHeight: [0.8, 0.85],
    eyeLine: [0.4, 0.6],
    background: 'white',
    backgroundChangeAllowed: false,
    note: 'A plain white background; the face fills most of the photo. The file for the online form; the photos VFS and BLS take on paper are 2 × 2 in.',
    // The 630 × 810 px photo is the online form's (since 1 September 2025); the paper file at VFS
    // (USA) and BLS (Canada) takes 2 × 2 in prints (catalog-facts.md), framed as the US size is.
    printInches: null,
    printedAs: 'us-2x2',
  },
  'in-evisa': {
    id: 'in-evisa',
    documentType: 'Indian e-Visa',
    label: 'Indian e-Visa (600 × 600 px)',
    kind: 'photo',
    widthPx: 600,
    heightPx: 600,
    minBytes: 10 * KB,
    maxBytes: 290 * KB,
    headHeight: [0.5, 0.75],
    eyeLine: [0.5, 0.7],
    background: 'light',
    backgroundChangeAllowed: true,
    note: 'The full head, frontal, on a plain light or white background with no shadow or border.',
    printInches: null,
    printedAs: null,
  },
  'us-2x2': {
    id: 'us-2x2',
    documentType: 'US passport or visa, or Indian passport prints',
    label: 'US passport or visa, or Indian passport prints (2 × 2 in, 600 × 600 px)',
    kind: 'photo',
    widthPx: 600,
    heightPx: 600,
    minBytes: 10 * KB,
    maxBytes: 230 * KB,
    headHeight: [0.5, 0.69],
    eyeLine: [0.56, 0.69],
    background: 'white',
    backgroundChangeAllowed: false,
    note: 'Plain white or off-white background; the State Department refuses edited photos.',
    printInches: { width: 2, height: 2 },
    printedAs: null,
  },
  'ca-visa': {
    id: 'ca-visa',
    documentType: 'Canada visa or PR',
    label: 'Canada visa or PR (420 × 540 px)',
    kind: 'photo',
    widthPx: 420,
    heightPx: 540,
    minBytes: 10 * KB,
    maxBytes: 240 * KB,
    headHeight: [0.69, 0.8],
    eyeLine: [0.55, 0.72],
    background: 'white',
    backgroundChangeAllowed: false,
    note: 'Plain white or light background; not for a Canadian passport, which needs a studio photo.',
    printInches: MM_35X45,
    printedAs: null,
  },
};

/**
 * Whether a size is printed: a signature, an e-Visa photo and the Indian passport's online-form
 * photo are used as files only (no print size).
 */
export const isPrintedSize = (sizeId: PhotoSizeId) => PHOTO_SIZES[sizeId].printInches !== null;

/** An order's items counted by whether their size is printed: prints are charged, mailed and picked up for those only. */
export interface PrintCounts {
  printed: number;
  filesOnly: number;
}

export function printCounts(sizeIds: readonly PhotoSizeId[]): PrintCounts {
  const printed = sizeIds.filter(isPrintedSize).length;
  return { printed, filesOnly: sizeIds.length - printed };
}

/**
 * A size named on one line: "OCI card: OCI photo (600 × 600 px)". A label that already names its
 * document stands alone ("Indian passport, online form (630 × 810 px)", not the document twice).
 */
export function sizeTitle(size: Pick<PhotoSizeSpec, 'documentType' | 'label'>): string {
  return size.label.startsWith(size.documentType) ? size.label : `${size.documentType}: ${size.label}`;
}
