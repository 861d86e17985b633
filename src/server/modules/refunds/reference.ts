import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a reference read out over the phone should not be misheard. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

export const REFUND_REFERENCE_PATTERN = new RegExp(`^RF-[${ALPHABET}]{${LENGTH}}$`);

/** A refund reference such as 'RF-7K3Q9M2X' (31^8 ≈ 8.5e11 possibilities). */
export function newRefundReference(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `RF-${code}`;
}
