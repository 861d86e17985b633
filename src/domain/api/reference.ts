/**
 * References customers quote ('ENQ-7KD2QX', 'RF-7K3Q9M2X'): a prefix and random characters, never
 * a row id, so a reference says nothing about how many others there are and cannot be guessed
 * from another (docs/decisions/0044-phone-country-and-references.md). Drawn on the server.
 */

/** No 0/O, 1/I/L: a reference read out over the phone should not be misheard. */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export interface ReferenceFormat {
  prefix: string;
  /** Random characters after the prefix: 31^length possible references. */
  length: number;
}

/** Contact enquiries: 31^6 ≈ 887 million. */
export const ENQUIRY_REFERENCE: ReferenceFormat = { prefix: 'ENQ', length: 6 };
/** Refund requests: 31^8 ≈ 852 billion. */
export const REFUND_REFERENCE: ReferenceFormat = { prefix: 'RF', length: 8 };

export function referencePattern({ prefix, length }: ReferenceFormat): RegExp {
  return new RegExp(`^${prefix}-[${REFERENCE_ALPHABET}]{${length}}$`);
}
