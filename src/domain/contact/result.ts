/** What a public form's service answers: the stored result, or a failure a person can read. */
export type FormResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string; errors?: Record<string, string>; retryAfterSeconds?: number };

export function formFailure(status: number, message: string, errors?: Record<string, string>): FormResult<never> {
  return errors ? { ok: false, status, message, errors } : { ok: false, status, message };
}

/** A 429 with the whole seconds to wait (at least 1), which the API sends as Retry-After. */
export function tooManyRequests(message: string, waitMs: number): FormResult<never> {
  return { ok: false, status: 429, message, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
