import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from './messages.ts';
import {
  joinPhone,
  missingPasswordParts,
  referralCheckSchema,
  resendVerificationSchema,
  signInSchema,
  signUpFormSchema,
  signUpPayloadSchema,
  strongPassword,
} from './schemas.ts';

function firstError(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.error?.issues.find((i) => i.path[0] === field)?.message;
}

const validForm = {
  name: 'Priya Sharma',
  email: ' Priya.Sharma+oci@Example.com ',
  countryCode: '+1',
  phone: '4155550123',
  password: 'Str0ng!Pass',
  confirmPassword: 'Str0ng!Pass',
  consent: true as const,
};

describe('sign-in rules (SPEC.md §5)', () => {
  it('requires e-mail and password with the spec messages', () => {
    const result = signInSchema.safeParse({ email: '', password: '' });
    expect(firstError(result, 'email')).toBe('Email is required');
    expect(firstError(result, 'password')).toBe('Password is required');
  });

  it('rejects a malformed e-mail and normalises a good one', () => {
    expect(firstError(signInSchema.safeParse({ email: 'not-an-email', password: 'x' }), 'email')).toBe(
      'Invalid email format',
    );
    expect(signInSchema.parse({ email: '  A@B.io ', password: 'x' }).email).toBe('a@b.io');
  });
});

describe('sign-up rules (SPEC.md §5)', () => {
  it('accepts a valid form', () => {
    expect(signUpFormSchema.safeParse(validForm).success).toBe(true);
  });

  it.each([
    ['', 'This field is required'],
    ['   ', 'Name should not be empty or contain only spaces'],
    ['Al', 'Name should be at least 3 characters'],
    ['A'.repeat(201), 'Name should not exceed 200 characters'],
    ['Priya 2', 'Name should contain only alphabetic characters'],
  ])('name %j → %s', (name, message) => {
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, name }), 'name')).toBe(message);
  });

  it('refuses an address in the reserved .invalid domain, where an erased account’s placeholder lives', () => {
    for (const email of ['erased-6@erased.invalid', ' Erased-6@ERASED.INVALID ', 'someone@shop.invalid']) {
      expect(firstError(signUpFormSchema.safeParse({ ...validForm, email }), 'email')).toBe(M.invalidEmail);
    }
    expect(signUpFormSchema.safeParse({ ...validForm, email: 'someone@invalid.com' }).success).toBe(true);
  });

  it('checks e-mail, phone and country code', () => {
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, email: 'x@y' }), 'email')).toBe(M.invalidEmail);
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, email: '' }), 'email')).toBe('This field is required');
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, phone: '12345' }), 'phone')).toBe(
      'Enter valid phone number',
    );
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, phone: '1234567890123' }), 'phone')).toBe(
      'Enter valid phone number',
    );
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, phone: '41555a0123' }), 'phone')).toBe(
      'Enter valid phone number',
    );
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, countryCode: '' }), 'countryCode')).toBe(
      'Enter country code',
    );
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, countryCode: '91' }), 'countryCode')).toBe(
      'Invalid country code',
    );
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, countryCode: '+' }), 'countryCode')).toBe(
      'Invalid country code',
    );
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, countryCode: '+12345678' }), 'countryCode')).toBe(
      'Invalid country code',
    );
  });

  it('lists each missing part of the password rule', () => {
    const message = firstError(
      signUpFormSchema.safeParse({ ...validForm, password: 'abc', confirmPassword: 'abc' }),
      'password',
    );
    expect(message).toBe(
      'Password must meet the strength requirements:\n- at least 8 characters long\n- one uppercase\n- one digit\n- one special character',
    );
    expect(missingPasswordParts('Str0ng!Pass')).toEqual([]);
    expect(missingPasswordParts('Str0ng!Pass^')).toEqual(['only letters, digits and $@!%*#?&']);
  });

  it('requires the passwords to match and consent to be given', () => {
    const mismatch = signUpFormSchema.safeParse({ ...validForm, confirmPassword: 'Str0ng!Pasx' });
    expect(firstError(mismatch, 'confirmPassword')).toBe('Passwords do not match');
    expect(firstError(signUpFormSchema.safeParse({ ...validForm, consent: false }), 'consent')).toBe(
      'This field is required',
    );
  });

  it('validates the payload with the phone joined as code-number', () => {
    const payload = {
      name: 'Priya Sharma',
      email: validForm.email,
      phone: joinPhone('+1', '4155550123'),
      password: 'Str0ng!Pass',
    };
    expect(payload.phone).toBe('+1-4155550123');
    expect(signUpPayloadSchema.parse(payload)).toMatchObject({ email: 'priya.sharma+oci@example.com', referredBy: '' });
    expect(firstError(signUpPayloadSchema.safeParse({ ...payload, phone: '4155550123' }), 'phone')).toBe(
      'Enter valid phone number',
    );
    expect(firstError(signUpPayloadSchema.safeParse({ ...payload, phone: '1-4155550123' }), 'phone')).toBe(
      'Invalid country code',
    );
  });

  it('accepts every password the rule allows', () => {
    const special = fc.constantFrom(...'$@!%*#?&');
    const strong = fc
      .tuple(
        fc.stringMatching(/^[A-Z]$/),
        fc.stringMatching(/^[a-z]$/),
        fc.stringMatching(/^\d$/),
        special,
        fc.stringMatching(/^[A-Za-z\d$@!%*#?&]{4,20}$/),
      )
      .map((parts) => parts.join(''));
    fc.assert(fc.property(strong, (password) => missingPasswordParts(password).length === 0));
  });
});

describe('referral and resend', () => {
  it('uses the spec messages', () => {
    expect(referralCheckSchema.safeParse({ referralCode: '  ' }).error?.issues[0]?.message).toBe(
      'Referral code is empty',
    );
    expect(resendVerificationSchema.safeParse({ email: '' }).error?.issues[0]?.message).toBe(
      'Please provide an email address.',
    );
  });
});

describe('password length ceiling', () => {
  it('refuses passwords over 128 characters at sign-in and sign-up, with one message', () => {
    const long = `Aa1!${'a'.repeat(125)}`;
    expect(long.length).toBe(129);
    const signIn = signInSchema.safeParse({ email: 'asha@example.com', password: long });
    expect(signIn.error?.issues.map((i) => i.message)).toEqual(['Password must be at most 128 characters']);
    expect(strongPassword.safeParse(long).error?.issues[0]?.message).toBe('Password must be at most 128 characters');
    expect(strongPassword.safeParse(long.slice(0, 128)).success).toBe(true);
  });
});
