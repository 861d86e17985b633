import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { errorForLog } from './error-log.ts';

/**
 * What the log keeps of a request: its method and path, never its query. Query strings carry
 * secrets and personal data: the password-reset and e-mail-verification links' tokens (a log reader
 * could take over the account), a staff search for a customer's name or e-mail. Fastify's own
 * serializer logs the whole URL.
 */
export function requestForLog(request: FastifyRequest) {
  const queryAt = request.url.indexOf('?');
  return {
    method: request.method,
    path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * The app's logger options with the request serializer above and the error one of error-log.ts
 * (no failed query's values), whatever the caller gave.
 */
export function loggerOptions(given: FastifyServerOptions['logger'], level: string): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const options = given === undefined || given === true ? { level } : given;
  return { ...options, serializers: { ...options.serializers, req: requestForLog, err: errorForLog } };
}
