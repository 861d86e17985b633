/**
 * The browser's autofill tokens for the answers of the address block (form-definitions/blocks.ts,
 * `addressAbroad`): a parent fills the family's address in one tap instead of ten fields per
 * member. An answer of any other key is filled by nothing, as before.
 */
const AUTOFILL_BY_KEY: Readonly<Record<string, string>> = {
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  addressCity: 'address-level2',
  usState: 'address-level1',
  caProvince: 'address-level1',
  zipCode: 'postal-code',
  postalCode: 'postal-code',
};

/** The autofill token of a question's answer, or undefined when the browser should not fill it. */
export function autofillFor(key: string): string | undefined {
  return AUTOFILL_BY_KEY[key];
}
