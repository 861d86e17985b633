import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerBuild } from 'react-router';
import { fail } from '../domain/api/envelope.ts';
import { captchaRoutes } from './captcha/routes.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { devMailboxRoutes } from './mail/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { countriesRoutes } from './modules/countries/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { marketingRoutes } from './modules/marketing/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { refundsRoutes } from './modules/refunds/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from './plugins/rate-limit-store.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSession } from './plugins/session.ts';
import { registerWeb } from './plugins/web.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    services: Services;
    jobs: JobQueue;
    mailer: Mailer;
    /** Every rate-limit counter of the app (plugins/rate-limit-store.ts). */
    rateLimitStore: RateLimitStore;
  }
}

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** The React Router server build; without it only the API and SEO files are served. */
  web?: { build: ServerBuild; clientDir: string };
  logger?: FastifyServerOptions['logger'];
  /** Background jobs; by default a queue on `database` that server.ts starts (tests don't). */
  jobs?: JobQueue;
  /** Where rate limits count; by default this process's memory. */
  rateLimitStore?: RateLimitStore;
}

export const API_PREFIX = '/api/v1';

/** Builds the whole server as one Fastify instance; server.ts listens, tests inject. */
export async function buildApp({
  env,
  database,
  web,
  logger,
  jobs,
  rateLimitStore = createMemoryRateLimitStore(),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('database', database);
  app.decorate('rateLimitStore', rateLimitStore);
  app.decorate('mailer', createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }));
  app.decorate(
    'services',
    createServices(database.db, {
      env,
      mailer: app.mailer,
      rateLimits: rateLimitStore,
      log: app.log.child({ module: 'services' }),
    }),
  );
  app.decorate('jobs', jobs ?? createJobQueue(database, { logger: app.log.child({ module: 'jobs' }) }));
  // Runs after the server stops taking requests: running jobs get their grace, the rest are retried later.
  app.addHook('onClose', async () => app.jobs.stop());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurity(app, {
    production: env.isProductionDeployment,
    captcha: Boolean(env.RECAPTCHA_SITE_KEY),
    rateLimitStore,
  });
  await registerOpenApi(app);
  // Before every route: sets request.viewer for the API and the pages.
  await app.register(registerSession);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(countriesRoutes);
      await api.register(contentRoutes);
      await api.register(marketingRoutes);
      await api.register(contactRoutes);
      await api.register(refundsRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(notificationsRoutes);
      await api.register(ordersRoutes);
      if (env.devMailbox) await api.register(devMailboxRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(captchaRoutes);
  // Unknown API paths answer JSON, never the HTML 404 page.
  const apiNotFound = async (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(fail(404, `No API route ${request.method} ${request.url.split('?')[0]}`));
  app.all('/api/*', apiNotFound);
  app.setNotFoundHandler(apiNotFound);
  await app.register(seoRoutes);
  if (web) await app.register(registerWeb, web);
  return app;
}
