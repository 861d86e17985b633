import type { FastifyInstance } from 'fastify';
import type { StoredMail } from './mailer.ts';

/**
 * The dev mailbox, newest first, once the queued e-mail has been delivered: the test app's job
 * queue runs jobs only when asked (src/server/test/app.ts), so this runs the due ones first.
 */
export async function deliveredMail(app: FastifyInstance, limit = 200): Promise<StoredMail[]> {
  await app.jobs.drain();
  return app.mailer.outbox({ limit });
}

/**
 * The delivered e-mail to one address, newest first: read by recipient in the database, not the
 * whole mailbox's last 200 (a test file's customers share one mailbox).
 */
export async function deliveredMailTo(app: FastifyInstance, to: string, limit = 200): Promise<StoredMail[]> {
  await app.jobs.drain();
  return app.mailer.outbox({ limit, to });
}
