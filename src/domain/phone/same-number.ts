/**
 * Whether two phone numbers, as stored or typed ('+1-4155550123', '+1 (415) 555-0123'), are the
 * same line: the same digits, calling code included. A number without digits matches nothing.
 */
export function samePhoneNumber(a: string, b: string): boolean {
  const digits = (phone: string) => phone.replace(/\D/g, '');
  const first = digits(a);
  return first.length > 0 && first === digits(b);
}
