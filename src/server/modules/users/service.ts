import type { SQLWrapper } from 'drizzle-orm';
import type { AdminUser, AdminUserListQuery } from '../../../domain/admin/users.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { resolvePhoneCountry } from '../../../domain/phone/phone-country.ts';
import {
  type Address,
  type AddressType,
  MAX_ADDRESSES_PER_USER,
  type ValidAddress,
} from '../../../domain/users/address.ts';
import { type Profile, type ProfileUpdate, toAgeGroup, type UserRole } from '../../../domain/users/profile.ts';
import type { AddressCountry } from '../../../domain/users/regions.ts';
import { effectiveRole, isStaffRole } from '../../../domain/users/roles.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { randomCode } from '../../lib/reference.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import { createUsersPersonalDataRepository } from './personal-data-repository.ts';
import { type AddressRow, createUsersRepository, type SessionAccountRow, type UserRow } from './repository.ts';

/** Referral codes: 8 characters without look-alikes (no 0/O, 1/I/L). */
export function newReferralCode(): string {
  return randomCode(8);
}

/** Codes are compared upper-cased and without spaces, as people type them. */
export function normalizeReferralCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** What sign-in and the session need of an account (never leaves the server). */
/** A user's account as a signed-in request sees it (the session look-up reads no more). */
export interface SessionAccount {
  id: number;
  name: string;
  email: string;
  role: Profile['role'];
  ageGroup: Profile['ageGroup'];
  emailVerified: boolean;
  isDashboardVisible: boolean;
  /** Sessions opened in another epoch are over (a password reset or change moved it). */
  sessionEpoch: number;
  /** An admin disabled the account: it cannot sign in (decision 0069). */
  disabled: boolean;
}

/** The account with its password hash: signing in, changing the password, device cookies. */
export interface Account extends SessionAccount {
  passwordHash: string;
  /** The platform (x-platform) the account was signed up on: the brand its greetings speak. */
  platform: string;
}

/** The users as a subquery another module joins in one statement (UsersService.accountRows). */
export type AccountRows = ReturnType<ReturnType<typeof createUsersRepository>['accountRows']>;

export interface NewAccount {
  name: string;
  email: string;
  phone: string;
  /** The country picked with the phone, if any; kept when it fits the number, else derived from it. */
  phoneCountry?: string | null | undefined;
  passwordHash: string;
  platform: string;
  referredByUserId: number | null;
}

/**
 * What a sign-up says about its account besides the address: while the address is unverified, the
 * newest sign-up's are the account's, and the verification link sent for a sign-up makes its own
 * the account's (decision 0151).
 */
export type SignUpCredentials = Omit<NewAccount, 'email'>;

export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
  }
}

/** The stored role, or admin for a verified account on ADMIN_EMAILS. */
function roleOf(row: Pick<UserRow, 'email' | 'role' | 'emailVerifiedAt'>, adminEmails: ReadonlySet<string>): UserRole {
  return effectiveRole({ email: row.email, role: row.role, emailVerified: row.emailVerifiedAt !== null }, adminEmails);
}

function toAccount(row: UserRow, adminEmails: ReadonlySet<string>): Account {
  return { ...toSessionAccount(row, adminEmails), passwordHash: row.passwordHash, platform: row.platform };
}

function toSessionAccount(row: SessionAccountRow, adminEmails: ReadonlySet<string>): SessionAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: roleOf(row, adminEmails),
    ageGroup: toAgeGroup(row.ageGroup),
    emailVerified: row.emailVerifiedAt !== null,
    isDashboardVisible: row.isDashboardVisible,
    sessionEpoch: row.sessionEpoch,
    disabled: row.disabledAt !== null,
  };
}

function toAdminUser(row: UserRow, adminEmails: ReadonlySet<string>): AdminUser {
  const role = roleOf(row, adminEmails);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role,
    storedRole: row.role,
    adminByConfig: role !== row.role,
    emailVerified: row.emailVerifiedAt !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a back-office change of an account did; the refusals name their reason. */
export type AdminUserChange =
  | { ok: true; user: AdminUser; changed: boolean }
  | { ok: false; reason: 'not-found' | 'self' | 'admin-by-config' | 'admin-email-unverified' };

function toProfile(row: UserRow, adminEmails: ReadonlySet<string>): Profile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneCountry: row.phoneCountry ?? resolvePhoneCountry(row.phone),
    ageGroup: toAgeGroup(row.ageGroup),
    referralCode: row.referralCode,
    role: roleOf(row, adminEmails),
    emailVerified: row.emailVerifiedAt !== null,
    isDashboardVisible: row.isDashboardVisible,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    type: row.type as AddressType,
    fullName: row.fullName,
    addressLine: row.addressLine,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country as AddressCountry,
    phone: row.phone,
    phoneCountry: row.phone === null ? null : (row.phoneCountry ?? resolvePhoneCountry(row.phone)),
    additionalInfo: row.additionalInfo,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function addressValues(input: ValidAddress) {
  return {
    type: input.type,
    fullName: input.fullName,
    addressLine: input.addressLine,
    city: input.city,
    state: input.state,
    postalCode: input.postalCode,
    country: input.country,
    phone: input.phone,
    phoneCountry: input.phone === null ? null : resolvePhoneCountry(input.phone, input.phoneCountry),
    additionalInfo: input.additionalInfo,
  };
}

export type AddressResult = { ok: true; address: Address } | { ok: false; reason: 'not-found' | 'too-many' };

export interface UsersServiceOptions {
  adminEmails?: readonly string[];
  /** The back office's audit log: every admin change of an account is recorded in its transaction. */
  audit?: Pick<AuditLog, 'record'>;
  now?: () => Date;
}

/** Accounts, profiles and the address book; the back office's account changes. */
export function createUsersService(
  db: Database,
  { adminEmails = [], audit, now = () => new Date() }: UsersServiceOptions = {},
) {
  const repository = createUsersRepository(db);
  const admins: ReadonlySet<string> = new Set(adminEmails.map((e) => e.toLowerCase()));

  /**
   * Runs an admin's change of one account: locks the row (concurrent changes of it queue), lets
   * `change` decide, and records the audit entry in the same transaction.
   */
  function changeAccount(
    actor: StaffActor,
    userId: number,
    change: (
      row: UserRow,
      users: ReturnType<typeof createUsersRepository>,
    ) => Promise<
      | { ok: false; reason: 'self' | 'admin-by-config' | 'admin-email-unverified' }
      | { ok: true; row: UserRow; action?: string; before?: unknown; after?: unknown }
    >,
  ): Promise<AdminUserChange> {
    if (!audit) throw new Error('the users service was built without the audit log');
    return db.transaction(async (tx) => {
      const users = createUsersRepository(tx);
      const row = await users.lockById(userId);
      if (!row) return { ok: false, reason: 'not-found' };
      const result = await change(row, users);
      if (!result.ok) return result;
      if (result.action) {
        await audit.record(tx, {
          actor,
          action: result.action,
          subject: { type: 'user', id: userId },
          before: result.before,
          after: result.after,
        });
      }
      return { ok: true, user: toAdminUser(result.row, admins), changed: result.action !== undefined };
    });
  }

  return {
    async findAccountByEmail(email: string, on: Database = db): Promise<Account | null> {
      const row = await createUsersRepository(on).findByEmail(email);
      return row ? toAccount(row, admins) : null;
    },

    /**
     * A subquery of the ids of users whose name or e-mail contains `text`, for another module's
     * single statement (the back office's order search, decision 0068).
     */
    idsMatching(text: string): SQLWrapper {
      return repository.idsMatching(text);
    },

    /** Name and e-mail of each of these users (the back office's lists). */
    async contactsByIds(
      ids: readonly number[],
      on: Database = db,
    ): Promise<Map<number, { name: string; email: string }>> {
      const rows = await createUsersRepository(on).listByIds([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
    },

    /**
     * The e-mail of each of these users who is staff now (their role as an admin list sets it too)
     * and not disabled: a staff alert never goes to someone who has left the desk.
     */
    async staffEmails(ids: readonly number[], on: Database = db): Promise<Map<number, string>> {
      const rows = await createUsersRepository(on).listAccountsByIds([...new Set(ids)]);
      const staff = rows.map((row) => toAccount(row, admins)).filter((a) => isStaffRole(a.role) && !a.disabled);
      return new Map(staff.map((a) => [a.id, a.email]));
    },

    async findAccountById(id: number): Promise<Account | null> {
      const row = await repository.findById(id);
      return row ? toAccount(row, admins) : null;
    },

    /**
     * The users as a subquery, joined by another module's single statement, and the Account of a
     * row it read: the session look-up reads a session and its account at once (one statement
     * instead of two on every signed-in request, docs/decisions/0124-render-share.md).
     */
    accountRows(): AccountRows {
      return repository.accountRows();
    },

    accountOf(row: SessionAccountRow): SessionAccount {
      return toSessionAccount(row, admins);
    },

    /** Whether the user signed up with a referral code; `on` is the caller's transaction. */
    async wasReferred(userId: number, on: Database = db): Promise<boolean> {
      const row = await createUsersRepository(on).findById(userId);
      return row?.referredByUserId != null;
    },

    /**
     * The user's name and phone and the account that referred them (a referral reward is e-mailed
     * to it; its phone is compared with the friend's), or null when they signed up without a code
     * or that account is erased or disabled; `on` is the caller's transaction.
     */
    async referralOf(
      userId: number,
      on: Database = db,
    ): Promise<{
      name: string;
      phone: string;
      referrer: Pick<Account, 'id' | 'name' | 'email'> & { phone: string; linkOrigin: string | null };
    } | null> {
      const users = createUsersRepository(on);
      const user = await users.findById(userId);
      const referrer = user?.referredByUserId != null ? await users.findById(user.referredByUserId) : null;
      // An erased (or disabled) referrer earns nothing more: no gift card for no one to receive.
      if (!user || !referrer || referrer.disabledAt !== null) return null;
      return {
        name: user.name,
        phone: user.phone,
        referrer: {
          id: referrer.id,
          name: referrer.name,
          email: referrer.email,
          phone: referrer.phone,
          linkOrigin: referrer.linkOrigin,
        },
      };
    },

    findUserIdByReferralCode(code: string): Promise<number | null> {
      const normalized = normalizeReferralCode(code);
      if (!/^[A-Z0-9]{1,64}$/.test(normalized)) return Promise.resolve(null);
      return repository.findIdByReferralCode(normalized);
    },

    /**
     * Creates an unverified account with its own referral code; EmailTakenError when the e-mail is
     * in use. Pass `tx` to create it inside the caller's transaction (each try is a savepoint, so a
     * refused insert leaves that transaction usable).
     */
    async createAccount(account: NewAccount, tx: Database = db): Promise<Account> {
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await tx.transaction((inner) =>
            createUsersRepository(inner).insert({
              ...account,
              phoneCountry: resolvePhoneCountry(account.phone, account.phoneCountry),
              referralCode: newReferralCode(),
            }),
          );
          return toAccount(row, admins);
        } catch (error) {
          const constraint = uniqueViolation(error);
          if (constraint === 'users_email_unique') throw new EmailTakenError();
          // A referral code collision (1 in ~850 billion): draw another.
          if (constraint === 'users_referral_code_unique' && attempt < 5) continue;
          throw error;
        }
      }
    },

    /** An unverified account's credentials (the newest sign-up's), for a verification link sent now; null once verified. */
    async signUpCredentials(userId: number, on: Database = db): Promise<SignUpCredentials | null> {
      const row = await createUsersRepository(on).findById(userId);
      if (!row || row.emailVerifiedAt !== null) return null;
      const { name, phone, phoneCountry, passwordHash, platform, referredByUserId } = row;
      return { name, phone, phoneCountry, passwordHash, platform, referredByUserId };
    },

    /**
     * Makes a sign-up's credentials the account's, only while its address is unverified: a newer
     * sign-up for the address, or the verification link sent for one. Nobody has signed in to an
     * unverified account, so no session is ended.
     */
    async takeSignUpCredentials(userId: number, credentials: SignUpCredentials, on: Database = db): Promise<void> {
      await createUsersRepository(on).updateUnverified(userId, {
        ...credentials,
        phoneCountry: resolvePhoneCountry(credentials.phone, credentials.phoneCountry),
      });
    },

    /** Keeps the address the customer signed in on, for the links of e-mails sent later (linkOriginFor). */
    async recordLinkOrigin(userId: number, origin: string): Promise<void> {
      await repository.setLinkOrigin(userId, origin);
    },

    /** The address the customer last signed in on, or null (never signed in since it was kept). */
    async linkOriginOf(userId: number, on: Database = db): Promise<string | null> {
      return (await createUsersRepository(on).findById(userId))?.linkOrigin ?? null;
    },

    async markEmailVerified(userId: number, at: Date): Promise<void> {
      const row = await repository.findById(userId);
      if (row && row.emailVerifiedAt === null) await repository.update(userId, { emailVerifiedAt: at });
    },

    /** Sets the password and moves the session epoch, ending every session opened before; the new epoch. */
    async setPasswordHash(userId: number, passwordHash: string): Promise<number | null> {
      return repository.setPasswordHash(userId, passwordHash);
    },

    async getProfile(userId: number): Promise<Profile | null> {
      const row = await repository.findById(userId);
      return row ? toProfile(row, admins) : null;
    },

    /**
     * `patch` is already validated (profileUpdateSchema's output). A new phone comes with the
     * country picked for it, or gets the country its number belongs to.
     */
    async updateProfile(
      userId: number,
      patch: { name?: string; phone?: string; phoneCountry?: string; ageGroup?: ProfileUpdate['ageGroup'] },
    ): Promise<Profile | null> {
      const values: { name?: string; phone?: string; phoneCountry?: string | null; ageGroup?: string | null } = {};
      if (patch.name !== undefined) values.name = patch.name;
      if (patch.phone !== undefined) {
        values.phone = patch.phone;
        values.phoneCountry = resolvePhoneCountry(patch.phone, patch.phoneCountry);
      }
      if (patch.ageGroup !== undefined) values.ageGroup = patch.ageGroup;
      const row =
        Object.keys(values).length > 0 ? await repository.update(userId, values) : await repository.findById(userId);
      return row ? toProfile(row, admins) : null;
    },

    async listAddresses(userId: number): Promise<Address[]> {
      return (await repository.listAddresses(userId)).map(toAddress);
    },

    /** The first address, or one sent with isDefault, becomes the default. */
    createAddress(userId: number, input: ValidAddress): Promise<AddressResult> {
      return repository.withUserLock(userId, async (tx) => {
        const existing = await tx.count();
        if (existing >= MAX_ADDRESSES_PER_USER) return { ok: false, reason: 'too-many' };
        const isDefault = existing === 0 || input.isDefault === true;
        if (isDefault) await tx.clearDefault();
        return { ok: true, address: toAddress(await tx.insert({ ...addressValues(input), isDefault })) };
      });
    },

    /**
     * Replaces the address. isDefault true makes it the default; false is ignored on the default
     * address (there is always one default: choose another address to move it).
     */
    updateAddress(userId: number, id: number, input: ValidAddress): Promise<AddressResult> {
      return repository.withUserLock(userId, async (tx) => {
        const current = await tx.find(id);
        if (!current) return { ok: false, reason: 'not-found' };
        const makeDefault = input.isDefault === true && !current.isDefault;
        if (makeDefault) await tx.clearDefault();
        const row = await tx.update(id, { ...addressValues(input), ...(makeDefault ? { isDefault: true } : {}) });
        return row ? { ok: true, address: toAddress(row) } : { ok: false, reason: 'not-found' };
      });
    },

    /** Deleting the default address makes the oldest remaining one the default. */
    deleteAddress(userId: number, id: number): Promise<boolean> {
      return repository.withUserLock(userId, async (tx) => {
        const deleted = await tx.delete(id);
        if (!deleted) return false;
        if (deleted.isDefault) {
          const next = await tx.oldestOther(id);
          if (next) await tx.update(next.id, { isDefault: true });
        }
        return true;
      });
    },

    /** The back office's user list: searched by e-mail or name, paged and sorted on the server. */
    async adminList(query: AdminUserListQuery): Promise<ListData<AdminUser>> {
      const { rows, total } = await repository.adminList(query);
      return {
        results: rows.map((row) => toAdminUser(row, admins)),
        totalCount: total,
        page: query.page,
        limit: query.limit,
      };
    },

    async adminGet(userId: number): Promise<AdminUser | null> {
      const row = await repository.findById(userId);
      return row ? toAdminUser(row, admins) : null;
    },

    /**
     * An admin sets another account's stored role. Nobody changes their own (an admin cannot
     * demote themselves and leave the back office without one), and an ADMIN_EMAILS admin's
     * role is the variable's: a stored change would not apply, so it is refused.
     */
    setRole(actor: StaffActor, userId: number, role: UserRole): Promise<AdminUserChange> {
      return changeAccount(actor, userId, async (row, users) => {
        if (row.id === actor.id) return { ok: false, reason: 'self' };
        if (roleOf(row, admins) !== row.role) return { ok: false, reason: 'admin-by-config' };
        if (row.role === role) return { ok: true, row };
        const updated = (await users.update(row.id, { role })) ?? row;
        return { ok: true, row: updated, action: 'user.role', before: { role: row.role }, after: { role } };
      });
    },

    /**
     * Disables or enables another account. Disabling moves the session epoch in the same
     * statement, so every session of the account ends at its next request (decision 0037), and
     * sign-in refuses it from then on.
     */
    setDisabled(actor: StaffActor, userId: number, disabled: boolean): Promise<AdminUserChange> {
      return changeAccount(actor, userId, async (row, users) => {
        if (row.id === actor.id) return { ok: false, reason: 'self' };
        if ((row.disabledAt !== null) === disabled) return { ok: true, row };
        const updated = (await users.setDisabled(row.id, disabled ? now() : null)) ?? row;
        return {
          ok: true,
          row: updated,
          action: disabled ? 'user.disable' : 'user.enable',
          before: { disabled: !disabled },
          after: { disabled },
        };
      });
    },

    /**
     * An admin marks the e-mail verified by hand (SPEC.md §7 /users/verify-user). Not for an
     * ADMIN_EMAILS address: verified, it is an admin (decision 0067), and anyone may have signed
     * up with it; only the link opened from its mailbox proves the account is its owner's.
     */
    verifyByHand(actor: StaffActor, userId: number): Promise<AdminUserChange> {
      return changeAccount(actor, userId, async (row, users) => {
        if (row.emailVerifiedAt !== null) return { ok: true, row };
        if (admins.has(row.email.toLowerCase())) return { ok: false, reason: 'admin-email-unverified' };
        const updated = (await users.update(row.id, { emailVerifiedAt: now() })) ?? row;
        return {
          ok: true,
          row: updated,
          action: 'user.verify-email',
          before: { emailVerified: false },
          after: { emailVerified: true },
        };
      });
    },

    setDefaultAddress(userId: number, id: number): Promise<AddressResult> {
      return repository.withUserLock(userId, async (tx) => {
        const current = await tx.find(id);
        if (!current) return { ok: false, reason: 'not-found' };
        if (current.isDefault) return { ok: true, address: toAddress(current) };
        await tx.clearDefault();
        const row = await tx.update(id, { isDefault: true });
        return row ? { ok: true, address: toAddress(row) } : { ok: false, reason: 'not-found' };
      });
    },

    /**
     * Erases the account's personal fields and its address book, in the caller's transaction
     * (issue 34 §3): the row stays, anonymised and disabled, for the orders the law keeps.
     */
    erasePersonalData(tx: Database, userId: number, at: Date): Promise<boolean> {
      return createUsersPersonalDataRepository(tx).anonymise(userId, at);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
