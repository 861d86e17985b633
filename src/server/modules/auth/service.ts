import { randomUUID } from 'node:crypto';
import { AUTH_API_MESSAGES } from '../../../domain/auth/messages.ts';
import { verificationReturnPath } from '../../../domain/auth/return-path.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { brandNameOf } from '../../../domain/config/site.ts';
import { IDLE_LOGOUT_MS, SESSION_LOGOUT_MS } from '../../../domain/limits/constants.ts';
import type { Viewer } from '../../../domain/users/viewer.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { SignUpCredentials, UsersService } from '../users/service.ts';
import { signDeviceCookie, verifyDeviceCookie } from './device-cookie.ts';

export { DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_NAME, DEVICE_COOKIE_PATH } from './device-cookie.ts';

import { HOUR_MS } from '../../../domain/time.ts';
import { accountExistsMail, passwordChangedMail, passwordResetMail, verificationMail } from './emails.ts';
import { createPasswords, NO_PASSWORD_HASH, type Passwords } from './passwords.ts';
import { createAuthRepository, type TokenPurpose } from './repository.ts';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';

/** E-mail verification links live 24 hours, password reset links 1 hour. */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

/**
 * At most this many verification, and as many reset, e-mails to one address an hour, whoever asks
 * and from wherever: the per-client limits cannot stop many addresses flooding one inbox. The
 * answer to the request stays the same (nothing tells who has an account), and the owner still
 * has the e-mails already sent, whose newest link works.
 */
export const ACCOUNT_MAILS_PER_HOUR = 5;
/**
 * A verification link opened within this time of being sent also signs its holder in, like a
 * reset link of the same age could; later it only verifies (docs/decisions/0099-way-in-and-back.md).
 */
export const VERIFY_LINK_SIGN_IN_MS = RESET_PASSWORD_TTL_MS;
/** The account-mail job retries a few times on a database hiccup; its e-mail has its own retries. */
const ACCOUNT_MAIL_RETRY = { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true } as const;
/**
 * Account-mail jobs one process runs at once: each is a look-up and a short transaction, so a
 * burst of resets is written in a few round trips of the queue instead of one job per poll.
 */
export const ACCOUNT_MAIL_CONCURRENCY = 5;

/** `platform`: the brand the account was signed up on, which its e-mails speak (brandNameOf). */
type Recipient = { id: number; name: string; email: string; platform?: string };
/** lastSeenAt is written at most once a minute per session, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export interface AuthServiceDeps {
  users: UsersService;
  notifications: NotificationsService;
  /** Queues e-mail in the transaction that issues the link it carries. */
  mail: Pick<MailOutbox, 'enqueue' | 'isQueued' | 'countQueuedTo'>;
  /** Resend and reset requests are answered at once and looked into by a job (no enumeration). */
  jobs: Pick<JobQueue, 'send' | 'work'>;
  siteUrl: string;
  now?: () => Date;
  /** How passwords are hashed; by default at OWASP's cost (passwords.ts). */
  passwords?: Passwords;
}

export interface SignUpInput {
  name: string;
  email: string;
  phone: string;
  /** The country picked with the phone ('CA'); derived from the number when absent. */
  phoneCountry?: string | undefined;
  password: string;
  referredBy: string;
  platform: string;
  /** Where the customer signed up from; kept with the link only when verificationReturnPath accepts it. */
  returnTo?: string | undefined;
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
  /** The address the request came on (siteUrlFor): kept with the account for later e-mails' links. */
  origin?: string;
}

/** A live session as the request sees it. */
export interface ActiveSession {
  id: number;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * A sign-up for an address that already has an account succeeds alike (its owner is e-mailed
 * instead), so the answer says nothing about who has an account.
 */
export type SignUpResult = { ok: true; email: string } | { ok: false; reason: 'invalid-referral' };

/** The account e-mails a request asks for, written (or not) by the account-mail job. */
export type AccountMailKind = 'verify-email' | 'reset-password';
export interface AccountMailJob {
  kind: AccountMailKind;
  email: string;
  /** The origin its link uses (the address the request came on; siteUrlFor), else SITE_URL's. */
  origin?: string;
  /** A verification link's return path, as the request gave it (checked when stored). */
  returnTo?: string;
}
export const ACCOUNT_MAIL_QUEUE = 'auth.account-mail';
/** A sign-up stored by the route, for its job to act on (runSignUp). */
export interface SignUpJob {
  requestId: number;
}
export const SIGN_UP_QUEUE = 'auth.sign-up';
/** A new session: its token for the cookie, and the session. */
export interface OpenedSession {
  token: string;
  session: ActiveSession;
}
/**
 * What a verification link did: verified the address now (bringing the customer back to
 * `returnTo`, and signed in when the link was fresh), found it verified already, or nothing.
 */
export type VerifyEmailResult =
  /**
   * `choosePassword`: a reset token for the password the holder chooses now, when the address's
   * sign-ups came with more than one password (no link signs in or sets a password then).
   */
  | {
      state: 'verified';
      returnTo: string | null;
      signedIn: OpenedSession | null;
      choosePassword: string | null;
      /** The browser is signed in to another account, which stays: nothing signed in. */
      otherAccount?: true;
    }
  | { state: 'already-verified' }
  | { state: 'invalid' };
export type SignInResult =
  /** `deviceCookie`: this browser's new device cookie for the account (device-cookie.ts). */
  | { ok: true; token: string; session: ActiveSession; deviceCookie: string }
  | { ok: false; reason: 'invalid-credentials' | 'unverified' | 'disabled' };
/** `deviceCookie`: this browser's new device cookie, signed with the new password (device-cookie.ts). */
export type ChangePasswordResult = { ok: true; deviceCookie: string } | { ok: false; reason: 'incorrect' | 'same' };

/**
 * Accounts and sessions (docs/decisions/0020-sessions-and-auth.md): sign-up with e-mail
 * verification, sign-in to a revocable session row, password reset and change.
 */
export function createAuthService(db: Database, deps: AuthServiceDeps) {
  const repository = createAuthRepository(db);
  const { users, notifications, mail, jobs, siteUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const { hashPassword, verifyPassword, dummyPasswordHash } = deps.passwords ?? createPasswords();
  // Built once: the session look-up runs on every signed-in request.
  const findSessionWithAccount = repository.sessionWithAccountLookup(users.accountRows());

  /**
   * A new single-use link token, written through `tx`. A new password reset link replaces the
   * earlier ones; a new verification link does not: every link sent stays valid until it expires,
   * so the customer may open any of the e-mails (docs/decisions/0042).
   */
  async function issueToken(
    tx: Database,
    userId: number,
    purpose: TokenPurpose,
    ttlMs: number,
    returnPath: string | null = null,
    credentials: SignUpCredentials | null = null,
  ) {
    const token = newToken();
    const tokenHash = hashToken(token);
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + ttlMs);
    const tokens = createAuthRepository(tx);
    if (purpose === 'verify-email') {
      await tokens.addToken(userId, purpose, tokenHash, createdAt, expiresAt, returnPath, credentials);
    } else await tokens.replaceToken(userId, purpose, tokenHash, createdAt, expiresAt);
    return { token, tokenHash };
  }

  /** Whether `user` had ACCOUNT_MAILS_PER_HOUR e-mails for `purpose` in the last hour. */
  async function overMailCap(
    tx: Database,
    user: Recipient,
    purpose: 'verify-email' | 'reset-password' | 'account-exists',
  ) {
    const since = new Date(now().getTime() - HOUR_MS);
    return (await mail.countQueuedTo(tx, user.email, purpose, since)) >= ACCOUNT_MAILS_PER_HOUR;
  }

  /**
   * Account e-mails: the token and the e-mail carrying it are written in one transaction, so a
   * link is never issued without its e-mail queued, nor an e-mail queued for a link that was not
   * stored. The queue delivers after commit, with retries; the request never waits for SMTP.
   * Each takes the transaction and the account, so a queued job can call it later as well. The
   * link itself carries only the token: where it returns to is stored with it, never read from
   * the link, so an edited link cannot send anyone elsewhere.
   */
  async function queueVerification(
    tx: Database,
    user: Recipient,
    credentials: SignUpCredentials | null,
    origin: string,
    returnTo?: string,
    key?: string,
  ) {
    if (await overMailCap(tx, user, 'verify-email')) return;
    const returnPath = verificationReturnPath(returnTo);
    const { token, tokenHash } = await issueToken(
      tx,
      user.id,
      'verify-email',
      VERIFY_EMAIL_TTL_MS,
      returnPath,
      credentials,
    );
    const link = `${origin}/verify-email?${new URLSearchParams({ token })}`;
    await mail.enqueue(tx, {
      ...verificationMail({ to: user.email, name: user.name, link, brand: brandNameOf(credentials?.platform) }),
      purpose: 'verify-email',
      key: key ?? `verify-email:${tokenHash}`,
    });
  }

  async function queuePasswordReset(tx: Database, user: Recipient, origin: string, key: string) {
    // Before the new link: it would replace the one in the e-mails already sent.
    if (await overMailCap(tx, user, 'reset-password')) return;
    const { token } = await issueToken(tx, user.id, 'reset-password', RESET_PASSWORD_TTL_MS);
    const link = `${origin}/create-password?${new URLSearchParams({ token })}`;
    await mail.enqueue(tx, {
      ...passwordResetMail({ to: user.email, name: user.name, link, brand: brandNameOf(user.platform) }),
      purpose: 'reset-password',
      key,
    });
  }

  /**
   * The account-mail job: writes the e-mail a resend or reset asked for when there is someone to
   * write to. A job that runs again (pg-boss is at-least-once) finds its e-mail queued and stops,
   * so it neither mails twice nor replaces the link it already sent.
   */
  async function runAccountMail(
    jobId: string,
    { kind, email, origin = siteUrl, returnTo }: AccountMailJob,
  ): Promise<void> {
    const account = await users.findAccountByEmail(email);
    if (!account) return;
    if (kind === 'verify-email' && account.emailVerified) return;
    const key = `${kind}:job:${jobId}`;
    await db.transaction(async (tx) => {
      if (await mail.isQueued(tx, key)) return;
      // A new link for the account's credentials now (the newest sign-up's), not whatever they are when it is opened.
      if (kind === 'verify-email') {
        await queueVerification(tx, account, await users.signUpCredentials(account.id, tx), origin, returnTo, key);
      } else await queuePasswordReset(tx, account, origin, key);
    });
  }

  /**
   * The sign-up job: takes the stored request out and, in the same transaction, makes the account
   * with its verification link and e-mail, or tells a verified address's owner someone tried to
   * sign up with it. An address nobody has verified yet proves nothing about who registered it: a
   * stranger may have signed up with someone else's address first. So each sign-up for it becomes
   * the account's credentials and gets a link of its own, which makes its credentials the
   * account's when opened (decision 0151). A job that runs again finds the request gone and does
   * nothing.
   */
  async function runSignUp({ requestId }: SignUpJob): Promise<void> {
    await db.transaction(async (tx) => {
      const request = await createAuthRepository(tx).takeSignUpRequest(requestId);
      if (!request) return;
      const credentials: SignUpCredentials = {
        name: request.name,
        phone: request.phone,
        phoneCountry: request.phoneCountry,
        passwordHash: request.passwordHash,
        platform: request.platform,
        referredByUserId: request.referredByUserId,
      };
      const returnTo = request.returnTo ?? undefined;
      const existing = await users.findAccountByEmail(request.email, tx);
      if (existing?.emailVerified) {
        await queueAccountExists(tx, existing, request.origin);
        return;
      }
      if (existing) {
        await users.takeSignUpCredentials(existing.id, credentials, tx);
        await queueVerification(tx, { ...existing, name: request.name }, credentials, request.origin, returnTo);
        return;
      }
      // The account, its verification link and the e-mail carrying it: all three, or none. An
      // address taken meanwhile by another sign-up fails the job, whose retry finds the account.
      const created = await users.createAccount({ email: request.email, ...credentials }, tx);
      await queueVerification(tx, created, credentials, request.origin, returnTo);
    });
  }

  /** Tells the owner their password changed, with a way to take the account back (passwordChangedMail). */
  async function queuePasswordChanged(owner: Recipient, origin: string) {
    await mail.enqueue(db, {
      ...passwordChangedMail({
        to: owner.email,
        name: owner.name,
        link: `${origin}${ROUTES.FORGOT_PASSWORD}`,
        brand: brandNameOf(owner.platform),
      }),
      purpose: 'password-changed',
      key: `password-changed:${randomUUID()}`,
    });
  }

  /** The same work for any address: one job row, whoever owns it. */
  async function askForAccountMail(
    kind: AccountMailKind,
    email: string,
    origin: string,
    returnTo?: string,
  ): Promise<void> {
    const job: AccountMailJob = { kind, email, origin, ...(returnTo === undefined ? {} : { returnTo }) };
    await jobs.send<AccountMailJob>(ACCOUNT_MAIL_QUEUE, job, ACCOUNT_MAIL_RETRY);
  }

  /**
   * Tells an address's owner that someone tried to sign up with it; nothing about the account
   * changes. Capped like the other account e-mails: sign-ups from many addresses must not flood
   * the owner's inbox (nor our sending reputation); the first few already say what is going on.
   */
  async function queueAccountExists(tx: Database, owner: Recipient, origin: string) {
    if (await overMailCap(tx, owner, 'account-exists')) return;
    await mail.enqueue(tx, {
      ...accountExistsMail({
        to: owner.email,
        name: owner.name,
        signInLink: `${origin}${ROUTES.SIGN_IN}`,
        resetLink: `${origin}${ROUTES.FORGOT_PASSWORD}`,
        brand: brandNameOf(owner.platform),
      }),
      purpose: 'account-exists',
      key: `account-exists:${randomUUID()}`,
    });
  }

  /**
   * How many different passwords the sign-ups for an unverified address came with: those its
   * links carry, and the newest sign-up's, which is the account's now. The mail cap may have left
   * the newest without a link of its own, and it must still count, or a stranger who filled the
   * cap first would have the owner's link set the stranger's password.
   */
  async function signUpPasswordCount(userId: number): Promise<number> {
    const hashes = new Set(await repository.signUpPasswordHashes(userId));
    const newest = await users.signUpCredentials(userId);
    if (newest) hashes.add(newest.passwordHash);
    return hashes.size;
  }

  function consume(token: string, purpose: TokenPurpose) {
    if (!looksLikeToken(token)) return Promise.resolve(null);
    return repository.consumeToken(hashToken(token), purpose, now());
  }

  /**
   * A new session for an account whose password (sign-in) or mailbox (a fresh verification link)
   * was just proved, at its current session epoch: a reset that lands meanwhile ends it.
   */
  async function openSession(
    account: { id: number; sessionEpoch: number },
    client: ClientInfo,
  ): Promise<OpenedSession> {
    const createdAt = now();
    await repository.deleteStaleSessions(account.id, createdAt, new Date(createdAt.getTime() - IDLE_LOGOUT_MS));
    const token = newToken();
    const row = await repository.insertSession({
      tokenHash: hashToken(token),
      userId: account.id,
      createdAt,
      lastSeenAt: createdAt,
      expiresAt: new Date(createdAt.getTime() + SESSION_LOGOUT_MS),
      ip: client.ip?.slice(0, 64) ?? null,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      userEpoch: account.sessionEpoch,
    });
    if (client.origin) await users.recordLinkOrigin(account.id, client.origin);
    return { token, session: { id: row.id, userId: row.userId, createdAt, expiresAt: row.expiresAt } };
  }

  return {
    /**
     * `input` is validated (signUpPayloadSchema): e-mail normalised, name trimmed. `origin`: where
     * the e-mail's links point (siteUrlFor the request), SITE_URL's origin by default.
     */
    async signUp(input: SignUpInput, origin: string = siteUrl): Promise<SignUpResult> {
      let referredByUserId: number | null = null;
      if (input.referredBy !== '') {
        referredByUserId = await users.findUserIdByReferralCode(input.referredBy);
        if (referredByUserId === null) return { ok: false, reason: 'invalid-referral' };
      }
      // The same work whether or not the address is taken: the hash, the stored request and its
      // job. The job makes the account or e-mails the address's owner (runSignUp).
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const requestId = await createAuthRepository(tx).addSignUpRequest({
          name: input.name,
          email: input.email,
          phone: input.phone,
          phoneCountry: input.phoneCountry ?? null,
          passwordHash,
          platform: input.platform,
          referredByUserId,
          origin,
          returnTo: input.returnTo ?? null,
        });
        await jobs.send<SignUpJob>(SIGN_UP_QUEUE, { requestId }, { tx, ...ACCOUNT_MAIL_RETRY });
      });
      return { ok: true, email: input.email };
    },

    /**
     * A wrong e-mail and a wrong password answer alike, and take as long (a dummy hash is
     * verified for unknown addresses). Unverified accounts are told so only after the password
     * checked out. Every sign-in opens a new session.
     */
    async signIn(email: string, password: string, client: ClientInfo = {}): Promise<SignInResult> {
      const account = await users.findAccountByEmail(email);
      const passwordOk = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!account || !passwordOk) return { ok: false, reason: 'invalid-credentials' };
      // Like 'unverified', said only to whoever knows the password: no account enumeration.
      if (account.disabled) return { ok: false, reason: 'disabled' };
      if (!account.emailVerified) return { ok: false, reason: 'unverified' };
      const opened = await openSession(account, client);
      return { ok: true, ...opened, deviceCookie: signDeviceCookie(account.passwordHash, account.email) };
    },

    /**
     * The device id of a device cookie signed for this account, or null (no such account, a
     * cookie of another account, forged, or from before the password last changed).
     */
    async trustedDevice(email: string, cookie: string | undefined): Promise<string | null> {
      if (!cookie) return null;
      const account = await users.findAccountByEmail(email);
      return account ? verifyDeviceCookie(account.passwordHash, account.email, cookie) : null;
    },

    /**
     * The session and its user for a token, or null. A session past 120 minutes from sign-in or
     * 60 minutes from its last request is deleted. lastSeenAt moves at most once a minute.
     */
    async resolveSession(token: string): Promise<{ session: ActiveSession; viewer: Viewer } | null> {
      if (!looksLikeToken(token)) return null;
      // One statement for the session and its account: this runs on every signed-in request.
      const found = await findSessionWithAccount(hashToken(token));
      if (!found) return null;
      const row = found.session;
      const at = now();
      const idleFor = at.getTime() - row.lastSeenAt.getTime();
      if (at.getTime() >= row.expiresAt.getTime() || idleFor >= IDLE_LOGOUT_MS) {
        await repository.deleteSession(row.id);
        return null;
      }
      const account = users.accountOf(found.account);
      if (!account.emailVerified || account.disabled || account.sessionEpoch !== row.userEpoch) {
        await repository.deleteSession(row.id);
        return null;
      }
      if (idleFor >= SESSION_TOUCH_INTERVAL_MS) await repository.touchSession(row.id, at);
      return {
        session: { id: row.id, userId: row.userId, createdAt: row.createdAt, expiresAt: row.expiresAt },
        viewer: {
          id: account.id,
          name: account.name,
          email: account.email,
          role: account.role,
          ageGroup: account.ageGroup,
          isDashboardVisible: account.isDashboardVisible,
          loginTime: row.createdAt.getTime(),
          expiresAt: row.expiresAt.getTime(),
        },
      };
    },

    endSession(sessionId: number): Promise<void> {
      return repository.deleteSession(sessionId);
    },

    /** Signs the user out everywhere (or everywhere but `exceptSessionId`). */
    endUserSessions(userId: number, exceptSessionId?: number): Promise<number> {
      return repository.deleteUserSessions(userId, exceptSessionId);
    },

    /**
     * Answered at once for any address; the job sends a new link (earlier ones keep working until
     * they expire) only to an existing, unverified account.
     */
    resendVerification(email: string, origin: string = siteUrl, returnTo?: string): Promise<void> {
      return askForAccountMail('verify-email', email, origin, returnTo);
    },

    /**
     * Consumes the link, marks the e-mail verified and greets the user in their notifications.
     * Every link of the address is then used up, and a used link opened again answers
     * 'already-verified' (its holder had the e-mail; it names no address). A link never issued
     * or expired unused stays 'invalid'.
     *
     * The link that verifies brings its holder back to where they signed up (stored with the
     * token), and, opened within VERIFY_LINK_SIGN_IN_MS of being sent, signs them in on whatever
     * device opened it: like a reset link, it proves the mailbox, once.
     */
    /**
     * `signedInAs`: the account this browser is signed in to, if any. A link never replaces
     * another account's session: a stranger's own link, sent to a signed-in customer, would
     * otherwise move them into the stranger's account unseen (a login forgery), where what they
     * upload next is the stranger's to read.
     */
    async verifyEmail(
      token: string,
      client: ClientInfo = {},
      signedInAs: number | null = null,
    ): Promise<VerifyEmailResult> {
      const consumed = await consume(token, 'verify-email');
      if (consumed === null) {
        const used = looksLikeToken(token) && (await repository.wasTokenUsed(hashToken(token), 'verify-email'));
        return { state: used ? 'already-verified' : 'invalid' };
      }
      const account = await users.findAccountById(consumed.userId);
      if (!account) return { state: 'invalid' };
      const at = now();
      const returnTo = verificationReturnPath(consumed.returnPath);
      // Sign-ups with different passwords: a stranger's may be among them, and the mailbox's
      // owner cannot tell its e-mail from their own. Whichever link they open, no password of a
      // sign-up becomes the account's; they choose one now (decision 0161).
      const contested =
        !account.emailVerified && consumed.credentials !== null && (await signUpPasswordCount(account.id)) > 1;
      await repository.markTokensUsed(account.id, 'verify-email', at);
      await repository.forgetSignUpCredentials(account.id);
      // The password, name and phone of the sign-up this link was sent for (decision 0151).
      if (consumed.credentials) {
        await users.takeSignUpCredentials(
          account.id,
          contested ? { ...consumed.credentials, passwordHash: NO_PASSWORD_HASH } : consumed.credentials,
        );
      }
      if (!account.emailVerified) {
        await users.markEmailVerified(account.id, at);
        // The sign-up this link was sent for decides the brand (decision 0151), as its e-mail did.
        const brand = brandNameOf(consumed.credentials?.platform ?? account.platform);
        await notifications.notify(account.id, { remark: AUTH_API_MESSAGES.welcomeRemark(brand) });
      }
      if (contested) {
        const { token: choosePassword } = await issueToken(db, account.id, 'reset-password', RESET_PASSWORD_TTL_MS);
        return { state: 'verified', returnTo, signedIn: null, choosePassword };
      }
      if (signedInAs !== null && signedInAs !== account.id) {
        return { state: 'verified', returnTo, signedIn: null, choosePassword: null, otherAccount: true };
      }
      const fresh = at.getTime() - consumed.createdAt.getTime() < VERIFY_LINK_SIGN_IN_MS;
      const signedIn = fresh && !account.disabled ? await openSession(account, client) : null;
      return { state: 'verified', returnTo, signedIn, choosePassword: null };
    },

    async validateReferral(code: string): Promise<boolean> {
      return (await users.findUserIdByReferralCode(code)) !== null;
    },

    /** Answered at once for any address; the job sends a reset link when the account exists. */
    requestPasswordReset(email: string, origin: string = siteUrl): Promise<void> {
      return askForAccountMail('reset-password', email, origin);
    },

    /**
     * Deletes every ended session (hard or idle expiry; a request would delete it anyway), the
     * link tokens that expired more than `tokenRetentionMs` ago (until then a used verification
     * link still answers "already verified", after it "invalid" like any stale link) and sign-ups
     * older than `signUpRetentionMs` that their job never took.
     */
    pruneEnded(tokenRetentionMs: number, signUpRetentionMs: number) {
      const at = now();
      return repository.deleteEnded(
        at,
        new Date(at.getTime() - IDLE_LOGOUT_MS),
        new Date(at.getTime() - tokenRetentionMs),
        new Date(at.getTime() - signUpRetentionMs),
      );
    },

    /** What the account-mail worker runs for one job (exposed for tests of its idempotency). */
    runAccountMailJob: runAccountMail,

    /** What the sign-up worker runs for one job (exposed for tests of its idempotency). */
    runSignUpJob: runSignUp,

    /** Attaches the sign-up and account-mail workers to the job queue (before it starts). */
    async registerWorkers(): Promise<void> {
      const options = { ...ACCOUNT_MAIL_RETRY, concurrency: ACCOUNT_MAIL_CONCURRENCY };
      await jobs.work<SignUpJob>(SIGN_UP_QUEUE, (job) => runSignUp(job.data), options);
      await jobs.work<AccountMailJob>(ACCOUNT_MAIL_QUEUE, (job) => runAccountMail(job.id, job.data), options);
    },

    /**
     * Sets the new password and ends every session of the account, including one a sign-in with
     * the old password opens while this runs (the session epoch moves with the hash). The link
     * proves the mailbox is the user's, so an unverified e-mail becomes verified too. Answers the
     * account's e-mail address, or null for a link that is invalid or used.
     */
    /**
     * The account's address and, for the browser that chose the password, a device cookie signed
     * with it (the reset proved the mailbox on it); null for a link not valid.
     */
    async resetPassword(
      token: string,
      password: string,
      origin: string = siteUrl,
    ): Promise<{ email: string; deviceCookie: string } | null> {
      const userId = (await consume(token, 'reset-password'))?.userId;
      if (userId === undefined) return null;
      const account = await users.findAccountById(userId);
      if (!account) return null;
      const passwordHash = await hashPassword(password);
      await users.setPasswordHash(userId, passwordHash);
      await repository.deleteTokens(userId, 'reset-password');
      await repository.deleteUserSessions(userId);
      if (!account.emailVerified) {
        // Its verification links now say the address is verified.
        await repository.markTokensUsed(userId, 'verify-email', now());
        await users.markEmailVerified(userId, now());
        await notifications.notify(userId, { remark: AUTH_API_MESSAGES.welcomeRemark(brandNameOf(account.platform)) });
      }
      await queuePasswordChanged(account, origin);
      return { email: account.email, deviceCookie: signDeviceCookie(passwordHash, account.email) };
    },

    async checkPassword(userId: number, password: string): Promise<boolean> {
      const account = await users.findAccountById(userId);
      return account ? verifyPassword(account.passwordHash, password) : false;
    },

    /** Changes the password after checking the current one; ends every other session. */
    async changePassword(
      userId: number,
      currentPassword: string,
      newPassword: string,
      keepSessionId: number,
      origin: string = siteUrl,
    ): Promise<ChangePasswordResult> {
      const account = await users.findAccountById(userId);
      if (!account || !(await verifyPassword(account.passwordHash, currentPassword))) {
        return { ok: false, reason: 'incorrect' };
      }
      if (currentPassword === newPassword) return { ok: false, reason: 'same' };
      const passwordHash = await hashPassword(newPassword);
      const epoch = await users.setPasswordHash(userId, passwordHash);
      // Every session opened before the change ends, this one excepted: it moves to the new epoch.
      if (epoch !== null) await repository.setSessionEpoch(keepSessionId, epoch);
      await repository.deleteUserSessions(userId, keepSessionId);
      await repository.deleteTokens(userId, 'reset-password');
      await queuePasswordChanged(account, origin);
      return { ok: true, deviceCookie: signDeviceCookie(passwordHash, account.email) };
    },

    /**
     * After a restore (decision 0168): the archive holds the sessions and links of its day, among
     * them those signed out, or used to reset a password, since. Everyone signs in again; a link
     * sent before it is asked for again. Answers how many sessions ended.
     */
    endEverySessionAndLink(): Promise<number> {
      return repository.endEverySessionAndLink();
    },

    /**
     * The account's open sessions as its export shows them: opened, last seen, ending, browser and
     * address. Those past a limit that the daily prune has not reached yet are deleted first.
     */
    async sessionsOf(userId: number) {
      const at = now();
      await repository.deleteStaleSessions(userId, at, new Date(at.getTime() - IDLE_LOGOUT_MS));
      return (await repository.sessionsOf(userId)).map((s) => ({
        openedAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        endsAt: s.expiresAt.toISOString(),
        browser: s.userAgent,
        ipAddress: s.ip,
      }));
    },

    async forgetUser(userId: number): Promise<void> {
      await repository.deleteUserSessions(userId);
      await repository.deleteTokens(userId, 'verify-email');
      await repository.deleteTokens(userId, 'reset-password');
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
