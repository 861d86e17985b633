import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SignUpCredentials } from '../users/service.ts';
import { users } from '../users/tables.ts';

/**
 * Revocable sessions (DESIGN.md §1): only the SHA-256 of the opaque token is stored. The server
 * ends a session 120 minutes after sign-in (`expiresAt`) or 60 minutes after its last request
 * (`lastSeenAt`).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The user's session epoch when the password that opened it was checked. */
    userEpoch: integer('user_epoch').notNull().default(0),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type TokenPurpose = 'verify-email' | 'reset-password';

/**
 * Single-use tokens for e-mail verification (24 h) and password reset (1 h), stored hashed. A
 * verification token keeps where the customer signed up from (`returnPath`, checked same-origin
 * before it is stored), so the link brings them back there on any device, and the sign-up it was
 * sent for (`credentials`: its password hash, name and phone), which the link makes the account's:
 * whoever opens the link from the mailbox gets the password typed with that sign-up, not one a
 * stranger registered the address with first (decision 0151).
 */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<TokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    returnPath: text('return_path'),
    credentials: jsonb('credentials').$type<SignUpCredentials>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * A sign-up waiting for its job (decision 0148): the route stores what the form gave, with the
 * password already hashed, and answers; the job makes the account, or tells the address's owner
 * someone tried it, and deletes the row. A new address and a taken one cost the request the same
 * work, so the answer's time tells nothing about which it was.
 */
export const signUpRequests = pgTable('sign_up_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  phoneCountry: text('phone_country'),
  passwordHash: text('password_hash').notNull(),
  platform: text('platform').notNull(),
  referredByUserId: integer('referred_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The origin the verification link uses (the address the request came on). */
  origin: text('origin').notNull(),
  /** Where the customer signed up from, as the request gave it (checked when the link is stored). */
  returnTo: text('return_to'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
