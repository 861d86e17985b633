/**
 * A national number as it is typed, pasted or filled in by the browser ("(416) 967-1111",
 * "+1 416-967-1111") in the digits SPEC.md §5 keeps: the formatting dropped, and the dial code when
 * the text starts with it ("+1 …" with +1 chosen). Its own module: every phone input needs it, and
 * libphonenumber (phone-country.ts) loads only once a number is typed.
 */
export function nationalDigits(typed: string, dialCode: string): string {
  const digits = typed.replace(/\D/g, '');
  const code = dialCode.replace(/\D/g, '');
  return code !== '' && typed.trimStart().startsWith('+') && digits.startsWith(code)
    ? digits.slice(code.length)
    : digits;
}
