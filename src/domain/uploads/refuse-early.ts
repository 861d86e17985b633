import { UPLOAD_TYPE_INFO, UPLOAD_TYPES, type UploadRule, type UploadType, uploadTypeNamed } from './file-types.ts';
import { fileTooLargeMessage, UPLOAD_MESSAGES, unsupportedTypeMessage } from './messages.ts';

/** What the browser knows of a chosen file without reading it (a File is one). */
export interface ChosenFile {
  name: string;
  /** The type the browser declares: often empty (HEIC on Windows), never proof. */
  type: string;
  size: number;
}

const declaredType = (mime: string): UploadType | undefined =>
  UPLOAD_TYPES.find((type) => UPLOAD_TYPE_INFO[type].mimeTypes.includes(mime.toLowerCase()));

/** Declared types that say nothing of the file: some phones' pickers give any file as bytes. */
const SAYS_NOTHING = new Set(['', 'application/octet-stream']);

/**
 * The server's own refusal of `file` for `rule`, said before a byte is sent (a 20 MB photo on a
 * phone's line, only to hear it is too large), or null to send it. The server reads the bytes and
 * stays the judge: this refuses only what the name and declared type already give away, in its
 * order (empty, then the type it sniffs from the first bytes, then the size) and words. A file
 * whose name or declared type is one the slot takes goes, and so does one that says nothing of
 * its type (no extension, no declared type, an extension we do not know).
 */
export function refusalBeforeSending(file: ChosenFile, rule: Pick<UploadRule, 'types' | 'maxBytes'>): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  const named = uploadTypeNamed(file.name);
  const declared = declaredType(file.type);
  const taken = [named, declared].some((type) => type != null && rule.types.includes(type));
  if (!taken && (named !== null || !SAYS_NOTHING.has(file.type.toLowerCase())))
    return unsupportedTypeMessage(rule.types);
  if (file.size > rule.maxBytes) return fileTooLargeMessage(rule.maxBytes);
  return null;
}
