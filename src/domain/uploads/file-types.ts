/**
 * The kinds of file a customer may upload (issue 10 point 5): JPEG, PNG, HEIC/HEIF images and
 * PDF documents. The server tells them apart by their first bytes, never by name or declared
 * type (src/server/uploads/sniff.ts); the browser uses the same list for its file pickers.
 */
export const UPLOAD_TYPES = ['jpeg', 'png', 'heic', 'pdf'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const IMAGE_UPLOAD_TYPES: readonly UploadType[] = ['jpeg', 'png', 'heic'];
export const DOCUMENT_UPLOAD_TYPES: readonly UploadType[] = ['jpeg', 'png', 'heic', 'pdf'];

interface UploadTypeInfo {
  /** The name a customer knows it by. */
  label: string;
  /** What a browser may declare it as (for `<input accept>`; the server ignores declarations). */
  mimeTypes: readonly string[];
  extensions: readonly string[];
}

export const UPLOAD_TYPE_INFO: Record<UploadType, UploadTypeInfo> = {
  jpeg: { label: 'JPEG', mimeTypes: ['image/jpeg'], extensions: ['.jpg', '.jpeg'] },
  png: { label: 'PNG', mimeTypes: ['image/png'], extensions: ['.png'] },
  heic: { label: 'HEIC', mimeTypes: ['image/heic', 'image/heif'], extensions: ['.heic', '.heif'] },
  pdf: { label: 'PDF', mimeTypes: ['application/pdf'], extensions: ['.pdf'] },
};

/**
 * What an accepted file is stored and served as: images are re-encoded (HEIC becomes JPEG, the
 * format every government portal takes), PDFs are kept as sent.
 */
export type StoredFileType = 'image/jpeg' | 'image/png' | 'application/pdf';

export const MEGABYTE = 1024 * 1024;
/** Scans and photos of documents: a phone photo of a page is 2–6 MB, a scanned PDF rarely over 5 MB. */
export const DOCUMENT_MAX_BYTES = 10 * MEGABYTE;
/** Photos of a face, a signature or a thumb impression: a 48-megapixel phone JPEG reaches about 12 MB. */
export const PHOTO_MAX_BYTES = 15 * MEGABYTE;

/** What one upload slot takes: the types it accepts and its size limit in bytes. */
export interface UploadRule {
  types: readonly UploadType[];
  maxBytes: number;
  /** Width × height an image may have, when the slot asks for fewer than the app's limit (photo orders). */
  maxPixels?: number;
  /** The shorter side an image must reach (a photo slot refuses a 1 × 1 image). */
  minSidePx?: number;
}

export const DOCUMENT_UPLOAD: UploadRule = { types: DOCUMENT_UPLOAD_TYPES, maxBytes: DOCUMENT_MAX_BYTES };
export const PHOTO_UPLOAD: UploadRule = { types: IMAGE_UPLOAD_TYPES, maxBytes: PHOTO_MAX_BYTES };

/** The `accept` attribute of a file input for these types: `.jpg,.jpeg,image/jpeg,…`. */
export function acceptAttribute(types: readonly UploadType[]): string {
  return types.flatMap((type) => [...UPLOAD_TYPE_INFO[type].extensions, ...UPLOAD_TYPE_INFO[type].mimeTypes]).join(',');
}

/** The type a file's name claims by its extension (`scan.PDF` → pdf), or null. */
export function uploadTypeNamed(fileName: string): UploadType | null {
  const extension = /\.[^.]+$/.exec(fileName.toLowerCase())?.[0];
  if (!extension) return null;
  return UPLOAD_TYPES.find((type) => UPLOAD_TYPE_INFO[type].extensions.includes(extension)) ?? null;
}

/** `JPEG, PNG or PDF`: the types' names joined as a customer reads them. */
export function describeUploadTypes(types: readonly UploadType[]): string {
  const labels = types.map((type) => UPLOAD_TYPE_INFO[type].label);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/** `10 MB`, `1.5 MB`, `500 KB`: a size limit as the customer reads it (binary units, as operating systems show). */
export function formatFileSize(bytes: number): string {
  if (bytes >= MEGABYTE) return `${Number((bytes / MEGABYTE).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
