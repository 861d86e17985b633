import type { FormResult } from '../../domain/contact/result.ts';

/**
 * A failure the client caused or may see: its message reaches the response as is, in the
 * envelope of DESIGN.md §1 (`fail` in src/domain/api/envelope.ts), with HTTP status =
 * statusCode. Thrown by modules, captcha and plugins; turned into a response by the error
 * handler (plugins/error-handler.ts).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors?: Record<string, string>;
  /** A 429's wait, sent as Retry-After. */
  readonly retryAfterSeconds?: number;
  constructor(statusCode: number, message: string, errors?: Record<string, string>, retryAfterSeconds?: number) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A service's failure as the HTTP error the client reads. */
export function failureOf(result: Extract<FormResult<unknown>, { ok: false }>): HttpError {
  return new HttpError(result.status, result.message, result.errors, result.retryAfterSeconds);
}

/** A service's answer, or its failure as the HTTP error the client reads. */
export function valueOrThrow<T>(result: FormResult<T>): T {
  if (!result.ok) throw failureOf(result);
  return result.value;
}
