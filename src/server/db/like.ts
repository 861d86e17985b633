/**
 * An ILIKE pattern matching `text` anywhere, with LIKE's own characters (`%`, `_`, `\`) in it
 * taken literally: a search for "50%" finds "50%", not everything starting with 50.
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
