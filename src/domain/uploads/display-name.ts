/** File names are shown truncated to 500 characters with an ellipsis (SPEC.md §5). */
export const MAX_FILE_NAME_LENGTH = 500;
export const FILE_NAME_ELLIPSIS = '…';
/** Shown when a file arrives without a usable name. */
export const UNNAMED_FILE = 'Unnamed file';

// C0 and C1 controls and DEL, and the bidirectional overrides and isolates that can make
// `invoice\u202Efdp.exe` read as `invoiceexe.pdf`.
const HIDDEN_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name of an uploaded file as a customer sees it: the last part of whatever path the browser
 * sent, without control or text-direction characters, and at most 500 characters (counted as
 * characters, never splitting an emoji or an accented letter's surrogate pair) followed by an
 * ellipsis when longer. For display only: never a path, a storage key or a header value on its own.
 */
export function displayFileName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).at(-1) ?? '';
  const clean = base.normalize('NFC').replace(HIDDEN_CHARACTERS, '').trim();
  if (!clean) return UNNAMED_FILE;
  return truncateFileName(clean);
}

/** The first 500 characters of a name followed by an ellipsis, or the name itself when it fits (SPEC.md §5). */
export function truncateFileName(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= MAX_FILE_NAME_LENGTH) return name;
  return `${characters.slice(0, MAX_FILE_NAME_LENGTH).join('')}${FILE_NAME_ELLIPSIS}`;
}
