/** SPEC.md §5 e-mail pattern: letters, digits and + _ . - before @, a domain, a suffix of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9+_.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/**
 * Whether an address can ever receive mail: not in the reserved `.invalid` domain (RFC 2606). An
 * erased account's placeholder lives there (`erasedEmail`), unique per account; an address there
 * taken at sign-up would block that account's erasure, and one on a refund form would file
 * requests against an erased customer's orders.
 */
export const canReceiveMail = (email: string) => !/\.invalid$/i.test(email.trim());
