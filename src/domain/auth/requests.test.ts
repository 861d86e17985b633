import { describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES as A, AUTH_MESSAGES as M } from './messages.ts';
import {
  captchaCheckSchema,
  createPasswordFormSchema,
  platformSchema,
  resetPasswordSchema,
  resetRequestSchema,
  verifyEmailSchema,
} from './requests.ts';

/** The first message per field, as the API's error handler reports them. */
function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('account request schemas', () => {
  it('calls a missing or empty link token an invalid link', () => {
    expect(messages(verifyEmailSchema.safeParse({}))).toEqual({ token: A.invalidVerificationLink });
    expect(messages(verifyEmailSchema.safeParse({ token: ' ' }))).toEqual({ token: A.invalidVerificationLink });
    expect(messages(resetPasswordSchema.safeParse({ token: '', password: 'Str0ng!Pass' }))).toEqual({
      token: A.invalidResetLink,
    });
  });

  it('applies the sign-up password rule to a new password, and the match rule to the form', () => {
    expect(messages(createPasswordFormSchema.safeParse({ password: 'Str0ng!Pass', confirmPassword: 'other' }))).toEqual(
      {
        confirmPassword: M.passwordsDoNotMatch,
      },
    );
    expect(messages(resetPasswordSchema.safeParse({ token: 't', password: 'Str0ngPass' })).password).toBe(
      'Password must meet the strength requirements:\n- one special character',
    );
  });

  it('normalises the reset e-mail and uses the sign-in messages', () => {
    expect(resetRequestSchema.parse({ email: ' A@Example.COM ' })).toEqual({ email: 'a@example.com' });
    expect(messages(resetRequestSchema.safeParse({ email: '' }))).toEqual({ email: M.emailRequired });
  });

  it('knows the two platforms and the captcha body', () => {
    expect(platformSchema.safeParse('sevaphotos').success).toBe(true);
    expect(messages(platformSchema.safeParse('x'))).toEqual({ '': A.invalidPlatform });
    expect(captchaCheckSchema.safeParse({ gRecaptchaToken: 't', action: 'userRegistration' }).success).toBe(true);
    expect(captchaCheckSchema.safeParse({ gRecaptchaToken: 't', action: 'bad action' }).success).toBe(false);
  });
});
