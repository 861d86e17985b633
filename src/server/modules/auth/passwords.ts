import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * OWASP's argon2id parameters: 19 MiB memory, 2 passes, 1 lane. (`Algorithm` is a const enum,
 * which type stripping cannot inline: 2 is Argon2id.)
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A stored hash no password matches: an account whose password its owner has yet to choose. */
export const NO_PASSWORD_HASH = '!choose';

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/**
 * A hash of a random password with the same parameters: sign-in verifies against it when the
 * e-mail is unknown, so an unknown address takes as long as a wrong password.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}
