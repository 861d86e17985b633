/**
 * PostgreSQL cannot store the NUL character (U+0000) in text, and no person types one: it only
 * arrives from broken clients or probes. Every free-text field refuses it with this message
 * (a 400), rather than letting the insert fail as a 500.
 */
export const NUL_CHARACTER_MESSAGE = 'Please remove the hidden control character (NUL) from this text';

/**
 * Nor can it store a lone UTF-16 surrogate ("\ud800" in JSON) as JSON: half of a character
 * written as a pair, an emoji most often, cut off by a broken client. Refused the same way.
 */
export const BROKEN_CHARACTER_MESSAGE =
  'Please remove the broken character (half of an emoji or symbol) from this text';

export function hasNulCharacter(value: string): boolean {
  return value.includes('\u0000');
}

/** Why PostgreSQL could not store `value` (the message refusing it), or null when it can. */
export function unstorableTextMessage(value: string): string | null {
  if (hasNulCharacter(value)) return NUL_CHARACTER_MESSAGE;
  return value.isWellFormed() ? null : BROKEN_CHARACTER_MESSAGE;
}

/** `value` made storable, for text that must be kept rather than refused: NULs removed, lone surrogates as U+FFFD. */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '').toWellFormed();
}

/** A parsed JSON value with every string in it, keys included and at any depth, made storable. */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableJson) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storableText(key), storableJson(inner)])) as T;
}
