/**
 * ICAO 9303 part 3 §4.9: a check digit is the sum of the characters' values (0–9 as themselves,
 * A–Z as 10–35, the filler `<` as 0) weighted 7, 3, 1, 7, 3, 1, … modulo 10.
 */
const WEIGHTS = [7, 3, 1] as const;

function value(char: string): number {
  if (char === '<') return 0;
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return Number.NaN;
}

/** The check digit of `text` (characters A–Z, 0–9 and `<`), or null when it holds anything else. */
export function checkDigit(text: string): string | null {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += value(text[i] as string) * (WEIGHTS[i % 3] as number);
  return Number.isNaN(sum) ? null : String(sum % 10);
}

/** Whether `digit` is the check digit of `text`. An empty field's digit may be `<` as well as 0. */
export function checkDigitHolds(text: string, digit: string): boolean {
  if (digit === '<') return /^<*$/.test(text);
  return checkDigit(text) === digit;
}
