/** The input attributes of an e-mail address field: the right keyboard and autofill. */
export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email' } as const;

/** The input attributes of a phone number field. */
export const PHONE_INPUT = { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } as const;
/**
 * The number after a separate country code: HTML's autofill puts `tel-national` in the Text
 * control group, which an input of type tel cannot carry (HTML_CodeSniffer's H98), so it is a
 * text input with the numeric keypad.
 */
export const NATIONAL_PHONE_INPUT = { type: 'text', inputMode: 'numeric', autoComplete: 'tel-national' } as const;
