import type { FastifyInstance } from 'fastify';
import { fail } from '../../domain/api/envelope.ts';

/** A draining process's refusal: the load balancer sends the retry to another process. */
export const CLOSING_MESSAGE = 'The server is restarting. Please try again in a moment.';
export const CLOSING_RETRY_AFTER_SECONDS = 5;

/**
 * While the process drains (close() has begun), a request that still reaches it, pipelined or on
 * a busy keep-alive connection, is refused with a 503 in the envelope of DESIGN.md §1, through
 * the onSend hooks like any answer. Fastify's own 503 (return503OnClosing, off in app.ts) is
 * written straight to the socket in a body of its own. Fastify itself asks the client to close
 * the connection while closing (`Connection: close`), so the retry opens a new one.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    // Written out here, not by the route's response schema: the health routes declare a 503 of
    // their own whose data this refusal does not have.
    return reply
      .status(503)
      .header('retry-after', String(CLOSING_RETRY_AFTER_SECONDS))
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(fail(503, CLOSING_MESSAGE)));
  });
}
