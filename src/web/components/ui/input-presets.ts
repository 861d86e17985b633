/** The input attributes of an e-mail address field: the right keyboard and autofill. */
export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email' } as const;

/** The input attributes of a phone number field. */
export const PHONE_INPUT = { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } as const;
