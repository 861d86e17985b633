import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id's cost: memory in KiB, passes, lanes. */
export interface PasswordHashing {
  algorithm: Algorithm;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP's argon2id parameters: 19 MiB memory, 2 passes, 1 lane. (`Algorithm` is a const enum,
 * which type stripping cannot inline: 2 is Argon2id.) Every deployment hashes with these.
 */
export const ARGON2_OPTIONS: PasswordHashing = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** A stored hash no password matches: an account whose password its owner has yet to choose. */
export const NO_PASSWORD_HASH = '!choose';

/**
 * Hashing and checking passwords at one cost. A stored hash names the parameters it was made
 * with, so any hash verifies whatever the cost new ones are made at.
 */
export function createPasswords(hashing: PasswordHashing = ARGON2_OPTIONS) {
  let dummy: Promise<string> | null = null;
  const hashPassword = (password: string): Promise<string> => hash(password, hashing);
  return {
    hashPassword,

    /** False for a wrong password and for a malformed stored hash alike. */
    async verifyPassword(passwordHash: string, password: string): Promise<boolean> {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },

    /**
     * A hash of a random password at the same cost: sign-in verifies against it when the e-mail
     * is unknown, so an unknown address takes as long as a wrong password.
     */
    dummyPasswordHash(): Promise<string> {
      dummy ??= hashPassword(randomBytes(24).toString('base64url'));
      return dummy;
    },
  };
}
export type Passwords = ReturnType<typeof createPasswords>;
