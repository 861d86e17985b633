import { randomInt } from 'node:crypto';
import { REFERENCE_ALPHABET, type ReferenceFormat } from '../../domain/api/reference.ts';
import type { Database } from '../db/client.ts';
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
 * Stores a row under a new reference, each attempt in a transaction of its own (a refused insert
 * spoils the transaction it ran in): `store` runs with a freshly drawn reference, and again with
 * another while the reference's unique constraint (`constraint`) refuses it. Any other error
 * ends it at once, the attempt's transaction rolled back.
 */
export async function withNewReference<T>(
  db: Pick<Database, 'transaction'>,
  constraint: string,
  draw: () => string,
  store: (tx: Database, reference: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const reference = draw();
    try {
      return await db.transaction((tx) => store(tx, reference));
    } catch (error) {
      if (attempt >= ATTEMPTS || uniqueViolation(error) !== constraint) throw error;
    }
  }
}
