import { z } from 'zod';
import { PLATFORMS } from '../config/platform.ts';
import { AUTH_API_MESSAGES as A, AUTH_MESSAGES as M } from './messages.ts';
import { emailField, strongPassword } from './schemas.ts';

/** A single-use link token as it arrives from /verify-email?token=… or /create-password?token=…. */
function linkToken(message: string) {
  return z.string({ error: message }).trim().min(1, message).max(200, message);
}

/** POST /auth/email/verify. */
export const verifyEmailSchema = z.object({ token: linkToken(A.invalidVerificationLink) });

/** POST /auth/reset-password/request (the /forgot-password form). */
export const resetRequestSchema = z.object({
  email: emailField(M.emailRequired, M.invalidEmailFormat),
});

/** POST /auth/reset-password (the /create-password form sends the token of its link). */
export const resetPasswordSchema = z.object({
  token: linkToken(A.invalidResetLink),
  password: strongPassword,
});

/** The /create-password form as the browser validates it. */
export const createPasswordFormSchema = z
  .object({
    password: strongPassword,
    confirmPassword: z.string({ error: M.fieldRequired }).min(1, M.fieldRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: M.passwordsDoNotMatch,
  });

/** The x-platform header of sign-up (DESIGN.md §1); absent means sevadocs. */
export const platformSchema = z.enum([PLATFORMS.docs, PLATFORMS.photos], { error: A.invalidPlatform });

/** reCAPTCHA v3 action names: letters, digits, slashes and underscores. */
export const CAPTCHA_ACTIONS = { signUp: 'userRegistration' } as const;

/** POST /api/hello: the browser's reCAPTCHA v3 token and the action it was executed for. */
export const captchaCheckSchema = z.object({
  gRecaptchaToken: z.string({ error: 'gRecaptchaToken is required' }).max(4096, 'gRecaptchaToken is too long'),
  action: z
    .string({ error: 'action is required' })
    .regex(/^[A-Za-z0-9_/]{1,100}$/, 'action must be letters, digits, slashes or underscores'),
});
export type CaptchaCheck = z.infer<typeof captchaCheckSchema>;
