import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from '../../domain/api/envelope.ts';
import { HttpError } from '../http/errors.ts';

function fieldName(path: string, instancePath: string): string {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return fromPath || path;
}

/** A request for an address that is not a valid URL (`/%`, a cut-off `%E0%A4`). */
export const BAD_ADDRESS_MESSAGE = 'This address is not valid. Please check the link and try again.';

/** Any failure of ours (5xx): the details stay in the log. */
export const SERVER_FAILURE_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * Every error leaves as the envelope of DESIGN.md §1 with HTTP status = statusCode.
 * Validation failures name each field; 5xx details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldName(error.validationContext ?? 'body', issue.instancePath);
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const message = Object.values(errors)[0] ?? 'Invalid request';
      return reply.status(400).send(fail(400, message, errors));
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(fail(error.statusCode, error.message, error.errors));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(fail(status, SERVER_FAILURE_MESSAGE));
    }
    // Fastify's own client errors: bad JSON, body too large, unsupported media type, …
    return reply.status(status).send(fail(status, clientErrorMessage(error as FastifyError)));
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}
