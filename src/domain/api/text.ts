/**
 * PostgreSQL cannot store the NUL character (U+0000) in text, and no person types one: it only
 * arrives from broken clients or probes. Every free-text field refuses it with this message
 * (a 400), rather than letting the insert fail as a 500.
 */
export const NUL_CHARACTER_MESSAGE = 'Please remove the hidden control character (NUL) from this text';

export function hasNulCharacter(value: string): boolean {
  return value.includes('\u0000');
}
