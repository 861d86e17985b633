import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';

export type UserRole = 'customer' | 'staff' | 'admin';

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** Trimmed and lower-cased before it is stored or looked up. */
  email: text('email').notNull().unique(),
  /** SPEC.md §3: country code + '-' + number, e.g. '+1-4155550123'. */
  phone: text('phone').notNull(),
  /**
   * The phone's country, ISO 3166-1 alpha-2 ('CA'): +1 alone does not say USA or Canada. Null in
   * rows from before it was kept: those are read with the country derived from the number.
   */
  phoneCountry: text('phone_country'),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<UserRole>().notNull().default('customer'),
  ageGroup: text('age_group'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** This user's own code for the refer-a-friend programme. */
  referralCode: text('referral_code').notNull().unique(),
  referredByUserId: integer('referred_by_user_id'),
  /** The platform (x-platform) the account was created on. */
  platform: text('platform').notNull().default('sevadocs'),
  isDashboardVisible: boolean('is_dashboard_visible').notNull().default(false),
  /**
   * Moves on every password reset or change. A session remembers the epoch it was opened in and
   * ends once they differ, so a sign-in that raced a reset cannot outlive it (decision 0037).
   */
  sessionEpoch: integer('session_epoch').notNull().default(0),
  /**
   * When an admin disabled the account, or null: a disabled account cannot sign in, and disabling
   * moves the session epoch so its open sessions end at their next request (decision 0069).
   */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /**
   * The address the customer last signed in on (siteUrlFor's), for the links of e-mails sent
   * outside any request. Read only in the embedded mode, without SITE_URL (linkOriginFor).
   */
  linkOrigin: text('link_origin'),
  ...timestamps,
});

export type AddressType = 'home' | 'work' | 'other';

/** The address book (profile Address tab; photo-print delivery). */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<AddressType>().notNull().default('home'),
    fullName: text('full_name').notNull(),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    /** US state or Canadian province/territory code. */
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    /** ISO country code: US or CA. */
    country: text('country').notNull(),
    phone: text('phone'),
    /** The phone's country ('CA'), as for users.phone_country. */
    phoneCountry: text('phone_country'),
    additionalInfo: text('additional_info'),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default address per user.
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`is_default`),
  ],
);
