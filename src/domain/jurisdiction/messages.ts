/** Messages of the jurisdiction look-up (issue 32 §1; our own wording). A wrong country or malformed code gets the address book's. */
export const JURISDICTION_MESSAGES = {
  found: 'Jurisdiction found',
  codeRequired: 'Enter a ZIP or postal code',
  codeTooLong: 'A ZIP or postal code has at most 16 characters',
  unknown:
    'We cannot tell which Indian mission serves this ZIP or postal code. Please check it, or contact us and we will confirm where your file goes.',
  rateLimited: 'Too many look-ups from this address. Please try again in a minute.',
  /** An address in the other country than the one the order was priced for (`addressCountryConflict`). */
  otherCountry: (pricedFor: string, addressIn: string) =>
    `This application was priced for applying from ${pricedFor}: its fees, its checklist and the mission it goes to are those of ${pricedFor}. ` +
    `This address is in ${addressIn}. Correct the address if it is wrong, or start a new application for applying from ${addressIn}.`,
} as const;
