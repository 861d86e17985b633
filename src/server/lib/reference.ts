import { randomInt } from 'node:crypto';
import { REFERENCE_ALPHABET, type ReferenceFormat } from '../../domain/api/reference.ts';
import { uniqueViolation } from '../db/errors.ts';

/** `length` characters of REFERENCE_ALPHABET from the system's cryptographic random source. */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return code;
}

/** A new reference such as 'ENQ-7KD2QX'. */
export function newReference(format: ReferenceFormat): string {
  return `${format.prefix}-${randomCode(format.length)}`;
}

/** Clashes in a row before giving up: with millions of references free, one clash is already rare. */
const ATTEMPTS = 5;

/**
 * Stores a row under a new reference: `store` runs with a freshly drawn one, and again with
 * another while the reference's unique constraint (`constraint`) refuses it. Any other error
 * ends the attempt at once.
 */
export async function withNewReference<T>(
  constraint: string,
  draw: () => string,
  store: (reference: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store(draw());
    } catch (error) {
      if (attempt >= ATTEMPTS || uniqueViolation(error) !== constraint) throw error;
    }
  }
}
