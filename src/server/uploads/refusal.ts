import { HttpError } from '../http/errors.ts';

/**
 * An upload refused for what the customer sent: a 4xx whose message (from
 * src/domain/uploads/messages.ts) the upload widget shows as it is, also under `errors.file`.
 */
export function uploadRefused(statusCode: 400 | 413 | 415 | 422, message: string): HttpError {
  return new HttpError(statusCode, message, { file: message });
}
