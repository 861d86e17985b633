/** The outcome of one human check. */
export interface CaptchaResult {
  /** Google accepted the token, for this action, with at least the minimum score. */
  success: boolean;
  /** reCAPTCHA v3 score: 1.0 very likely a person, 0.0 very likely a bot. */
  score: number;
  /** Google's error codes, when it refused the token (for the log). */
  errorCodes: string[];
}

export interface CaptchaVerifier {
  readonly enabled: boolean;
  /** Throws CaptchaUnavailableError when the check could not be made (network, timeout, bad answer). */
  verify(token: string, expected: { action: string; remoteIp?: string }): Promise<CaptchaResult>;
}

export class CaptchaUnavailableError extends Error {}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaOptions {
  secret: string;
  minScore: number;
  verifyUrl?: string;
  timeoutMs?: number;
}

interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
  action?: unknown;
  'error-codes'?: unknown;
}

/**
 * reCAPTCHA v3 (docs/decisions/0021-captcha.md): POSTs secret and token to siteverify, then
 * requires success, the expected action and a score of at least `minScore`.
 */
export function createRecaptchaVerifier({
  secret,
  minScore,
  verifyUrl = RECAPTCHA_VERIFY_URL,
  timeoutMs = 5000,
}: RecaptchaOptions): CaptchaVerifier {
  return {
    enabled: true,
    async verify(token, { action, remoteIp }) {
      if (token.trim() === '') return { success: false, score: 0, errorCodes: ['missing-input-response'] };
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: SiteverifyAnswer;
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`);
        answer = (await response.json()) as SiteverifyAnswer;
      } catch (error) {
        throw new CaptchaUnavailableError('reCAPTCHA siteverify failed', { cause: error });
      }
      if (typeof answer !== 'object' || answer === null || typeof answer.success !== 'boolean') {
        throw new CaptchaUnavailableError('reCAPTCHA siteverify answered something unexpected');
      }
      const score = typeof answer.score === 'number' ? answer.score : 0;
      const errorCodes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
      const actionMatches = answer.action === action;
      if (answer.success && !actionMatches) errorCodes.push('action-mismatch');
      return { success: answer.success && actionMatches && score >= minScore, score, errorCodes };
    },
  };
}

/** No secret configured (the embedded mode): every check passes with score 1. */
export function createDisabledVerifier(): CaptchaVerifier {
  return {
    enabled: false,
    verify: async () => ({ success: true, score: 1, errorCodes: [] }),
  };
}
