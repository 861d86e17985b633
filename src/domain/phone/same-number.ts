import { callingCodeOf } from './phone-country.ts';

/**
 * The digits of the line a phone rings: its calling code and its national number, each without
 * leading zeros, so that '+001-…' is '+1-…' and the trunk prefix typed after the code
 * ('+91-09876543210', as the number is dialled at home) is dropped. (No number keeps a 0 there
 * except Italy's landlines, '+39 06…', whose form without it is no Italian number.) A phone
 * written without its code is its digits.
 */
function lineOf(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const code = callingCodeOf(phone);
  if (code === null) return digits;
  return `${code.replace(/^0+/, '')}${digits.slice(code.length).replace(/^0+/, '')}`;
}

/**
 * Whether two phone numbers, as stored or typed ('+1-4155550123', '+1 (415) 555-0123'), are the
 * same line: the same calling code and national number (lineOf). A number without digits matches
 * nothing.
 */
export function samePhoneNumber(a: string, b: string): boolean {
  const first = lineOf(a);
  return first.length > 0 && first === lineOf(b);
}
