import { CAPTCHA_ACTIONS } from '../../../domain/auth/requests.ts';
import type { Platform } from '../../../domain/config/platform.ts';
import { api, envelopeOf } from '../../lib/api-client.ts';

/** One function per accounts call of SPEC.md §7, typed by the OpenAPI document. */

export const signIn = (body: { email: string; password: string }) =>
  envelopeOf(api.POST('/api/v1/auth/signin', { body }));

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
  envelopeOf(api.POST('/api/v1/auth/signup', { body, params: { header: { 'x-platform': platform } } }));

export const resendVerification = (email: string, returnTo?: string) =>
  envelopeOf(api.POST('/api/v1/auth/email/send', { body: { email, returnTo } }));

/**
 * What a verification did (its `data`): null for a link used before; otherwise whether it signed
 * this browser in (a fresh link does, with the session cookie) and where it brings the customer back to.
 */
export const verifyEmail = (token: string) => envelopeOf(api.POST('/api/v1/auth/email/verify', { body: { token } }));

export const requestPasswordReset = (email: string) =>
  envelopeOf(api.POST('/api/v1/auth/reset-password/request', { body: { email } }));

export const resetPassword = (token: string, password: string) =>
  envelopeOf(api.POST('/api/v1/auth/reset-password', { body: { token, password } }));

export const validateReferral = (referralCode: string) =>
  envelopeOf(api.POST('/api/v1/auth/validate-referral', { body: { referralCode } }));

export const fetchProfile = () => envelopeOf(api.GET('/api/v1/users/profile'));

/** SPEC.md §7 bot check (outside the API base). */
export const checkHuman = (gRecaptchaToken: string) =>
  envelopeOf(api.POST('/api/hello', { body: { gRecaptchaToken, action: CAPTCHA_ACTIONS.signUp } }));
