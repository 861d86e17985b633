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
  constructor(statusCode: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

/** A service's answer, or its failure as the HTTP error the client reads. */
export function valueOrThrow<T>(result: FormResult<T>): T {
  if (!result.ok) throw new HttpError(result.status, result.message, result.errors);
  return result.value;
}
