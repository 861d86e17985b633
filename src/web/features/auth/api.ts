import type { Envelope } from '../../../domain/api/envelope.ts';
import { CAPTCHA_ACTIONS } from '../../../domain/auth/requests.ts';
import type { Platform } from '../../../domain/config/site.ts';
import { apiCall } from '../../lib/api-client.ts';
import type { SessionUser } from '../../lib/stores/session-store.ts';

/** One function per accounts call of SPEC.md §7 (paths under /api/v1 unless absolute). */

export const signIn = (body: { email: string; password: string }) =>
  apiCall<string>({ url: '/auth/signin', method: 'POST', body });

export interface SignUpBody {
  name: string;
  email: string;
  phone: string;
  /** The country picked with the phone ('CA'). */
  phoneCountry: string;
  password: string;
  referredBy: string;
  /** Where the verification link brings the customer back to (return-here.ts). */
  returnTo?: string;
}

export const signUp = (body: SignUpBody, platform: Platform) =>
  apiCall<unknown>({ url: '/auth/signup', method: 'POST', body, headers: { 'x-platform': platform } });

export const resendVerification = (email: string, returnTo?: string) =>
  apiCall<unknown>({ url: '/auth/email/send', method: 'POST', body: { email, returnTo } });

/**
 * What a verification did: null for a link used before; otherwise whether it signed this browser
 * in (a fresh link does, with the session cookie) and where it brings the customer back to.
 */
export interface VerifiedEmail {
  signedIn: boolean;
  returnTo: string | null;
}

export const verifyEmail = (token: string) =>
  apiCall<VerifiedEmail | null>({ url: '/auth/email/verify', method: 'POST', body: { token } });

export const requestPasswordReset = (email: string) =>
  apiCall<unknown>({ url: '/auth/reset-password/request', method: 'POST', body: { email } });

export const resetPassword = (token: string, password: string) =>
  apiCall<unknown>({ url: '/auth/reset-password', method: 'POST', body: { token, password } });

export const validateReferral = (referralCode: string) =>
  apiCall<unknown>({ url: '/auth/validate-referral', method: 'POST', body: { referralCode } });

export const fetchProfile = () => apiCall<SessionUser>({ url: '/users/profile' });

/** SPEC.md §7 bot check (outside the API base). */
export const checkHuman = (gRecaptchaToken: string) =>
  apiCall<{ success: boolean; score?: number }>({
    url: '/api/hello',
    method: 'POST',
    body: { gRecaptchaToken, action: CAPTCHA_ACTIONS.signUp },
  });

export type { Envelope };
