import { z } from 'zod';
import { FILE_NAME_MAX_LENGTH } from '../limits/constants.ts';
import type { UploadField } from './definition.ts';
import { FILE_TYPES, type FileType, FORM_LIMITS, IMAGE_FILE_TYPES } from './field-types.ts';
import { FORM_MESSAGES as M } from './messages.ts';

/**
 * How an answer refers to an uploaded file: the upload service stores the bytes and hands back
 * this reference; answers never hold file contents.
 */
export interface FileRef {
  /** The upload service's id of the stored document. */
  documentId: string;
  /** The customer's file name, at most 500 characters (SPEC.md §5). */
  name: string;
  /** The type the upload service found in the file's bytes. */
  type: FileType;
  /** Bytes. */
  size: number;
}

const ELLIPSIS = '…';

/**
 * SPEC.md §5: "File names shown are truncated to 500 characters with an ellipsis." Counts
 * characters (code points, so an emoji is never cut in half); a longer name keeps its first 499
 * and ends with '…'. Control characters (PostgreSQL cannot store NUL) become spaces.
 */
export function truncateFileName(name: string, max: number = FILE_NAME_MAX_LENGTH): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ');
  const characters = [...clean];
  if (characters.length <= max) return clean;
  return characters.slice(0, max - 1).join('') + ELLIPSIS;
}

export const fileRefSchema = z
  .strictObject({
    documentId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
    name: z.string().min(1),
    type: z.enum(FILE_TYPES),
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .transform((ref): FileRef => ({ ...ref, name: truncateFileName(ref.name) }));

/** The types a field accepts: its fileTypes rule, else every image type (image upload) or every type. */
export function acceptedFileTypes(field: UploadField): readonly FileType[] {
  return field.rules?.fileTypes ?? (field.type === 'image upload' ? IMAGE_FILE_TYPES : FILE_TYPES);
}

/** Bytes a field accepts: its maxSize rule, else 5 MB. */
export function maxFileSize(field: UploadField): number {
  return field.rules?.maxSize ?? FORM_LIMITS.uploadDefaultMaxBytes;
}

/**
 * The types a browser reports for a file it cannot name: Chrome on Windows says nothing for a HEIC
 * photo, some Android file pickers and scanner apps say octet-stream for a PDF.
 */
const UNNAMED_BY_THE_BROWSER: readonly string[] = ['', 'application/octet-stream'];

/**
 * Why a file does not fit a field (empty, too large, wrong type), or null. The browser asks
 * before uploading, with the type the browser reports (`reportedType`: a type the browser could not
 * name is left to the server, which reads the bytes); the schema asks again of the stored
 * reference, whose type the upload service took from the bytes.
 */
export function fileProblem(
  field: UploadField,
  name: string,
  file: { type: string; size: number },
  { reportedType = false } = {},
): string | null {
  if (file.size === 0) return M.fileEmpty(name);
  const max = maxFileSize(field);
  if (file.size > max) return M.fileTooLarge(name, max);
  const types = acceptedFileTypes(field);
  if (reportedType && UNNAMED_BY_THE_BROWSER.includes(file.type)) return null;
  if (!(types as readonly string[]).includes(file.type)) return M.fileType(name, types);
  return null;
}
