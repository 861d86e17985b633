/** Words per minute of an unhurried reader of practical guidance. */
const WORDS_PER_MINUTE = 200;

/** Minutes to read a text, at least one. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
