import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES, PHOTO_MAX_BYTES } from '../../domain/uploads/file-types.ts';
import { REQUEST_TIMEOUT_MESSAGE, rawEnvelopeResponse } from './client-errors.ts';

/** How long a request body may take to arrive (docs/decisions/0090-hardening-server.md). */
export interface BodyDeadlines {
  /** JSON, form and every other non-upload body: the whole body within this of the request's arrival. */
  bodyMs: number;
  /** Uploads are judged on progress instead, once per window of this length… */
  uploadWindowMs: number;
  /** …in which at least this many bytes a second must have arrived. */
  uploadMinBytesPerSecond: number;
}

/**
 * Every non-upload body is at most 1 MB: 30 s carries it at 280 kbit/s. An upload may take as long
 * as it keeps moving at 16 kB/s (128 kbit/s, slower than a phone on a weak 2G/EDGE signal): a 10 MB
 * scan that arrives at 0.7 Mbit/s takes two minutes and is never cut off; a client that stops is cut
 * off within two windows (30–60 s).
 */
export const BODY_DEADLINES: BodyDeadlines = {
  bodyMs: 30_000,
  uploadWindowMs: 30_000,
  uploadMinBytesPerSecond: 16_000,
};

/**
 * The whole-request limit Node keeps per server, now only a backstop above every upload that keeps
 * the minimum pace: the largest file at that pace, plus a minute for the rest of its request.
 */
export const BACKSTOP_REQUEST_TIMEOUT_MS =
  Math.ceil(Math.max(DOCUMENT_MAX_BYTES, PHOTO_MAX_BYTES) / BODY_DEADLINES.uploadMinBytesPerSecond) * 1000 + 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes of an upload scope: their bodies are judged on progress, not a deadline. */
    upload?: boolean;
  }
}

/** Written on the socket itself, as Node answers its own timeouts: the reply may be mid-parse. */
const TIMEOUT_RESPONSE = rawEnvelopeResponse(408, REQUEST_TIMEOUT_MESSAGE);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function cutOff(request: FastifyRequest, reply: FastifyReply, why: string): void {
  const socket = request.raw.socket;
  if (!socket || socket.destroyed) return;
  request.log.info({ why }, 'request body stalled: connection closed with 408');
  if (!reply.raw.headersSent && socket.writable) socket.write(TIMEOUT_RESPONSE);
  socket.destroy();
}

/**
 * Cuts off a request whose body stalls (Node's own requestTimeout is one figure per server, too
 * long for a 1 MB JSON body or too short for a large upload): every body must arrive within
 * `bodyMs`, except on routes marked `config.upload` (registerUploadParsing), which must keep
 * moving at `uploadMinBytesPerSecond`, measured on the socket per window. An upload whose bytes
 * wait unread in the request stream is the server's slowness (a storage write), not the client's,
 * and is left alone. One timer per request with a body; none for the rest.
 */
export function registerBodyDeadlines(app: FastifyInstance, deadlines: BodyDeadlines = BODY_DEADLINES): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request)) return;
    let stop: () => void;
    if (request.routeOptions.config.upload) {
      const socket = request.raw.socket;
      const minBytes = (deadlines.uploadMinBytesPerSecond * deadlines.uploadWindowMs) / 1000;
      let seen = socket.bytesRead;
      const pace = setInterval(() => {
        const arrived = socket.bytesRead - seen;
        seen = socket.bytesRead;
        if (arrived < minBytes && request.raw.readableLength === 0) cutOff(request, reply, 'upload too slow');
      }, deadlines.uploadWindowMs).unref();
      stop = () => clearInterval(pace);
    } else {
      const deadline = setTimeout(() => cutOff(request, reply, 'body deadline'), deadlines.bodyMs).unref();
      stop = () => clearTimeout(deadline);
    }
    request.raw.once('end', stop);
    reply.raw.once('close', stop);
  });
}
