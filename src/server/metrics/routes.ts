import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../domain/api/envelope.ts';
import type { Env } from '../env.ts';
import { isFromThisMachine } from '../http/local-request.ts';
import type { AppMetrics } from './app-metrics.ts';

export const METRICS_PATH = '/metrics';

/** Methods counted by name; any other (llhttp knows a few dozen) as `other`, so the label stays small. */
const COUNTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's label in the HTTP figures in place of its pattern (countRoutesAs). */
    metricsRoute?: string;
  }
}

/**
 * The label of every static file of the built app: @fastify/static registers a route per file, and
 * the files' names change with each build (`/assets/<hash>.js`), so by pattern each deploy would
 * add a few hundred series to /metrics.
 */
export const STATIC_FILES_ROUTE = 'static files';

/** Counts the routes registered in `scope` from now on as one route, `label`, in the HTTP figures. */
export function countRoutesAs(scope: FastifyInstance, label: string): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, metricsRoute: label };
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: the bearer of METRICS_TOKEN when one is set (anyone else gets a 401);
 * without one, nobody in a production deployment (a 404, as if there were no such page) and only
 * requests made on this machine otherwise (the embedded mode listens on every interface, and the
 * figures are the business's own).
 */
export function metricsAccess(
  env: Pick<Env, 'METRICS_TOKEN' | 'isProductionDeployment'>,
  request: FastifyRequest,
): 'allowed' | 'unauthorized' | 'hidden' {
  if (env.METRICS_TOKEN) {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    // Compared as digests: equal lengths, in constant time.
    const valid =
      scheme?.toLowerCase() === 'bearer' && token && timingSafeEqual(digest(token), digest(env.METRICS_TOKEN));
    return valid ? 'allowed' : 'unauthorized';
  }
  if (env.isProductionDeployment) return 'hidden';
  return isFromThisMachine(request.raw) ? 'allowed' : 'hidden';
}

/**
 * Counts every answered request (a hook cheap enough for the bench's bare route: one map look-up
 * and a few additions, request-tally.ts) and serves /metrics, where the database-backed figures are
 * read at each scrape.
 * Registered on the root before any route, so that every route's answers are counted.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const method = COUNTED_METHODS.has(request.method) ? request.method : 'other';
    const { url, config } = request.routeOptions;
    metrics.request(method, config.metricsRoute ?? url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(app.env, request);
    if (access === 'hidden') {
      // Answered as any path no route serves.
      reply.callNotFound();
      return reply;
    }
    if (access === 'unauthorized') {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(fail(401, 'A valid metrics token is required'));
    }
    const [queues, payments, deletions, retentionOverdue] = await Promise.allSettled([
      app.jobs.stats(),
      app.services.orders.paymentCounts(app.database.db),
      app.services.dataRights.waitingCounts(),
      app.retention.overdue(),
    ]);
    for (const result of [queues, payments, deletions, retentionOverdue]) {
      if (result.status === 'rejected') {
        request.log.warn({ err: result.reason }, 'metrics: a figure could not be read from the database');
      }
    }
    metrics.setQueueStats(queues.status === 'fulfilled' ? queues.value : null);
    metrics.setPaymentCounts(payments.status === 'fulfilled' ? payments.value : null, app.env.PAYMENT_PROVIDERS);
    metrics.setDeletionRequests(deletions.status === 'fulfilled' ? deletions.value : null);
    metrics.setRetentionOverdue(retentionOverdue.status === 'fulfilled' ? retentionOverdue.value : null);
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.render());
  });
}
