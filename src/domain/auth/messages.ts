/** SPEC.md §5 and §8, word for word (including the spec's own spelling). */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  invalidEmailFormat: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password must be at most 128 characters',
  fieldRequired: 'This field is required',
  nameRequired: 'Name is required',
  nameBlank: 'Name should not be empty or contain only spaces',
  nameTooShort: 'Name should be at least 3 characters',
  nameTooLong: 'Name should not exceed 200 characters',
  nameAlphabetic: 'Name should contain only alphabetic characters',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Enter valid phone number',
  countryCodeRequired: 'Enter country code',
  invalidCountryCode: 'Invalid country code',
  passwordStrength: 'Password must meet the strength requirements:',
  passwordsDoNotMatch: 'Passwords do not match',
  referralEmpty: 'Referral code is empty',
  resendNeedsEmail: 'Please provide an email address.',
  unverifiedEmail: 'Please check your email for verification. Kindly check in SPAM folder if not received in Inbox.',
  resendSuccess: 'Verification email sent successfully!',
  resendFailure: 'Failed to send verification email. Please try again.',
  signupBot: 'Registration failed, you must be a bot',
  signupFailure: 'Registration failed,Plase try again',
  sessionWarning: 'Your session will expire in 30 minutes. Please save your work and re-login if needed.',
  idleWarning: 'You will be logged out in 30 minutes due to inactivity.',
} as const;

/** SPEC.md §5: one line for each missing part of the password rule. */
export const PASSWORD_REQUIREMENTS = {
  length: 'at least 8 characters long',
  uppercase: 'one uppercase',
  lowercase: 'one lowercase',
  digit: 'one digit',
  special: 'one special character',
  allowed: 'only letters, digits and $@!%*#?&',
} as const;

/** The hint under the password field states the same rule. */
export const PASSWORD_HINT =
  'Use at least 8 characters with one uppercase letter, one lowercase letter, one digit and one special character ($@!%*#?&).';

/**
 * What the accounts API answers where the spec quotes no text (our own wording). The browser
 * shows these as the server sends them (SPEC.md §8: 'Toast with the server message').
 */
export const AUTH_API_MESSAGES = {
  signUpSuccess: 'Registration successful! Please check your email to verify your account.',
  invalidReferral: 'Invalid referral code',
  validReferral: 'Referral code applied',
  invalidPlatform: 'x-platform must be sevadocs or sevaphotos',
  signedIn: 'Signed in successfully',
  invalidCredentials: 'Invalid email or password',
  /** Only after the password checked out (decision 0069); SPEC.md quotes no text for it. */
  accountDisabled: 'This account has been disabled. Please contact support if you think this is a mistake.',
  signedOut: 'Signed out',
  emailVerified: 'Your email is verified. You can sign in now.',
  emailVerifiedSignedIn: 'Your email is verified and you are signed in.',
  /** The link was opened on a browser signed in to another account, which it does not replace. */
  emailVerifiedOtherAccount:
    'Your email is verified. This browser is still signed in to another account: to use the verified one, sign out and sign in with its email.',
  emailVerifiedChoosePassword:
    'Your email is verified. More than one sign-up used this address, so choose your password to finish.',
  emailAlreadyVerified: 'Your email is already verified. You can sign in now.',
  invalidVerificationLink: 'This verification link is invalid or has expired.',
  resetRequested: 'If an account exists for this email, we have sent a link to reset your password.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  invalidResetLink: 'This password reset link is invalid or has expired.',
  signInRequired: 'Please sign in to continue.',
  crossSiteRequest: 'This request did not come from this site and was blocked.',
  /** The bell's greeting once the address is verified, in the brand the customer signed up with. */
  welcomeRemark: (brand: string) => `Welcome to ${brand}! Your email is verified.`,
  captchaPassed: 'Human check passed',
  captchaFailed: 'Human check failed',
  captchaUnavailable: 'The human check is unavailable right now. Please try again.',
} as const;

/** The 429 answer of the accounts API's rate limits; `retryAfterSeconds` comes from the limiter. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const wait =
    retryAfterSeconds < 60
      ? plural(Math.max(1, Math.ceil(retryAfterSeconds)), 'second')
      : plural(Math.ceil(retryAfterSeconds / 60), 'minute');
  return `Too many attempts. Please wait ${wait} and try again.`;
}
