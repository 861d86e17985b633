import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { fail } from '../../domain/api/envelope.ts';

/** A request whose body (or, past Node's backstop, whole request) did not arrive in time. */
export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';
/** A request line or headers over Node's 16 KB limit (a long address or query string, big cookies). */
export const HEADERS_TOO_LARGE_MESSAGE = 'This request’s address or headers are too large.';
/** Bytes that are not HTTP at all, or a request line Node cannot parse. */
export const UNREADABLE_REQUEST_MESSAGE = 'This request could not be read.';

/**
 * A whole HTTP answer written on the socket itself, as Node answers what it refuses before any
 * route runs: in the envelope every other refusal uses (DESIGN.md §1), closed after it.
 */
export function rawEnvelopeResponse(status: number, message: string): string {
  const body = JSON.stringify(fail(status, message));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
    'Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/**
 * The server's `clientError` answer (Fastify's `clientErrorHandler`): what Node's parser refuses
 * (a 20 KB query string, a request line that is not HTTP, the backstop's timeout) is answered in the
 * envelope, not Fastify's own error object. A connection the client reset gets nothing.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, REQUEST_TIMEOUT_MESSAGE]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, HEADERS_TOO_LARGE_MESSAGE]
        : [400, UNREADABLE_REQUEST_MESSAGE];
  this.log.debug({ err: error }, `client error answered with ${status}`);
  if (socket.writable) socket.write(rawEnvelopeResponse(status, message));
  socket.destroy(error);
}
