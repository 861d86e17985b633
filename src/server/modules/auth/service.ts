import { AUTH_API_MESSAGES } from '../../../domain/auth/messages.ts';
import { IDLE_LOGOUT_MS, SESSION_LOGOUT_MS } from '../../../domain/limits/constants.ts';
import type { Viewer } from '../../../domain/users/viewer.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { EmailTakenError, type UsersService } from '../users/service.ts';
import { passwordResetMail, verificationMail } from './emails.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { createAuthRepository } from './repository.ts';
import type { TokenPurpose } from './tables.ts';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';

/** E-mail verification links live 24 hours, password reset links 1 hour. */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
/** lastSeenAt is written at most once a minute per session, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export interface AuthServiceDeps {
  users: UsersService;
  notifications: NotificationsService;
  mailer: Pick<Mailer, 'kind' | 'send'>;
  siteUrl: string;
  log?: { error(details: object, message: string): void };
  now?: () => Date;
}

export interface SignUpInput {
  name: string;
  email: string;
  phone: string;
  password: string;
  referredBy: string;
  platform: string;
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

/** A live session as the request sees it. */
export interface ActiveSession {
  id: number;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
}

export type SignUpResult =
  | { ok: true; id: number; email: string }
  | { ok: false; reason: 'email-taken' | 'invalid-referral' };
export type SignInResult =
  | { ok: true; token: string; session: ActiveSession }
  | { ok: false; reason: 'invalid-credentials' | 'unverified' };
export type ChangePasswordResult = { ok: true } | { ok: false; reason: 'incorrect' | 'same' };

/**
 * Accounts and sessions (docs/decisions/0020-sessions-and-auth.md): sign-up with e-mail
 * verification, sign-in to a revocable session row, password reset and change.
 */
export function createAuthService(db: Database, deps: AuthServiceDeps) {
  const repository = createAuthRepository(db);
  const { users, notifications, mailer, siteUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? { error: (details: object, message: string) => console.error(message, details) };

  /**
   * The dev mailbox is a local insert: wait for it, so the message is there when the request
   * ends. SMTP is remote: send in the background, so a slow server neither holds the request
   * nor reveals (by timing) whether an account exists.
   */
  async function deliver(mail: OutgoingMail, purpose: string): Promise<void> {
    const sending = mailer.send(mail).catch((error: unknown) => {
      log.error({ err: error, purpose }, 'could not send an account e-mail');
    });
    if (mailer.kind === 'dev-mailbox') await sending;
  }

  async function issueToken(userId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> {
    const token = newToken();
    const createdAt = now();
    await repository.replaceToken(userId, purpose, hashToken(token), createdAt, new Date(createdAt.getTime() + ttlMs));
    return token;
  }

  async function sendVerification(user: { id: number; name: string; email: string }): Promise<void> {
    const token = await issueToken(user.id, 'verify-email', VERIFY_EMAIL_TTL_MS);
    const link = `${siteUrl}/verify-email?${new URLSearchParams({ token })}`;
    await deliver(verificationMail({ to: user.email, name: user.name, link }), 'verify-email');
  }

  function consume(token: string, purpose: TokenPurpose): Promise<number | null> {
    if (!looksLikeToken(token)) return Promise.resolve(null);
    return repository.consumeToken(hashToken(token), purpose, now());
  }

  return {
    /** `input` is validated (signUpPayloadSchema): e-mail normalised, name trimmed. */
    async signUp(input: SignUpInput): Promise<SignUpResult> {
      let referredByUserId: number | null = null;
      if (input.referredBy !== '') {
        referredByUserId = await users.findUserIdByReferralCode(input.referredBy);
        if (referredByUserId === null) return { ok: false, reason: 'invalid-referral' };
      }
      if (await users.findAccountByEmail(input.email)) return { ok: false, reason: 'email-taken' };
      let account: Awaited<ReturnType<UsersService['createAccount']>>;
      try {
        account = await users.createAccount({
          name: input.name,
          email: input.email,
          phone: input.phone,
          passwordHash: await hashPassword(input.password),
          platform: input.platform,
          referredByUserId,
        });
      } catch (error) {
        if (error instanceof EmailTakenError) return { ok: false, reason: 'email-taken' };
        throw error;
      }
      await sendVerification(account);
      return { ok: true, id: account.id, email: account.email };
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
      if (!account.emailVerified) return { ok: false, reason: 'unverified' };
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
      });
      return { ok: true, token, session: { id: row.id, userId: row.userId, createdAt, expiresAt: row.expiresAt } };
    },

    /**
     * The session and its user for a token, or null. A session past 120 minutes from sign-in or
     * 60 minutes from its last request is deleted. lastSeenAt moves at most once a minute.
     */
    async resolveSession(token: string): Promise<{ session: ActiveSession; viewer: Viewer } | null> {
      if (!looksLikeToken(token)) return null;
      const row = await repository.findSessionByHash(hashToken(token));
      if (!row) return null;
      const at = now();
      const idleFor = at.getTime() - row.lastSeenAt.getTime();
      if (at.getTime() >= row.expiresAt.getTime() || idleFor >= IDLE_LOGOUT_MS) {
        await repository.deleteSession(row.id);
        return null;
      }
      const account = await users.findAccountById(row.userId);
      if (!account?.emailVerified) {
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

    /** Sends a fresh link (older ones stop working) only to an existing, unverified account. */
    async resendVerification(email: string): Promise<void> {
      const account = await users.findAccountByEmail(email);
      if (account && !account.emailVerified) await sendVerification(account);
    },

    /** Consumes the link, marks the e-mail verified and greets the user in their notifications. */
    async verifyEmail(token: string): Promise<boolean> {
      const userId = await consume(token, 'verify-email');
      if (userId === null) return false;
      const account = await users.findAccountById(userId);
      if (!account) return false;
      await repository.deleteTokens(userId, 'verify-email');
      if (!account.emailVerified) {
        await users.markEmailVerified(userId, now());
        await notifications.notify(userId, { remark: AUTH_API_MESSAGES.welcomeRemark });
      }
      return true;
    },

    async validateReferral(code: string): Promise<boolean> {
      return (await users.findUserIdByReferralCode(code)) !== null;
    },

    /** Sends a reset link when the account exists; the caller answers the same either way. */
    async requestPasswordReset(email: string): Promise<void> {
      const account = await users.findAccountByEmail(email);
      if (!account) return;
      const token = await issueToken(account.id, 'reset-password', RESET_PASSWORD_TTL_MS);
      const link = `${siteUrl}/create-password?${new URLSearchParams({ token })}`;
      await deliver(passwordResetMail({ to: account.email, name: account.name, link }), 'reset-password');
    },

    /**
     * Sets the new password and ends every session of the account. The link proves the mailbox
     * is the user's, so an unverified e-mail becomes verified too.
     */
    async resetPassword(token: string, password: string): Promise<boolean> {
      const userId = await consume(token, 'reset-password');
      if (userId === null) return false;
      const account = await users.findAccountById(userId);
      if (!account) return false;
      await users.setPasswordHash(userId, await hashPassword(password));
      await repository.deleteTokens(userId, 'reset-password');
      await repository.deleteUserSessions(userId);
      if (!account.emailVerified) {
        await repository.deleteTokens(userId, 'verify-email');
        await users.markEmailVerified(userId, now());
        await notifications.notify(userId, { remark: AUTH_API_MESSAGES.welcomeRemark });
      }
      return true;
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
    ): Promise<ChangePasswordResult> {
      const account = await users.findAccountById(userId);
      if (!account || !(await verifyPassword(account.passwordHash, currentPassword))) {
        return { ok: false, reason: 'incorrect' };
      }
      if (currentPassword === newPassword) return { ok: false, reason: 'same' };
      await users.setPasswordHash(userId, await hashPassword(newPassword));
      await repository.deleteUserSessions(userId, keepSessionId);
      await repository.deleteTokens(userId, 'reset-password');
      return { ok: true };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
