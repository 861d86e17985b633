import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { fail } from '../domain/api/envelope.ts';
import { captchaRoutes } from './captcha/routes.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { createHousekeeping } from './housekeeping.ts';
import { backOffice } from './http/back-office.ts';
import { BACKSTOP_REQUEST_TIMEOUT_MS, type BodyDeadlines, registerBodyDeadlines } from './http/body-deadlines.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { refuseWhileClosing } from './http/closing.ts';
import { isFromThisMachine } from './http/local-request.ts';
import { watchForDirectConnections } from './http/proxy-check.ts';
import { loggerOptions } from './http/request-log.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { listenAcrossProcesses } from './lib/content-changes.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMailQueue, type MailQueue, type MailQueueOptions } from './mail/outbox.ts';
import { devMailboxRoutes } from './mail/routes.ts';
import { type AppMetrics, createAppMetrics } from './metrics/app-metrics.ts';
import { registerMetrics } from './metrics/routes.ts';
import { adminOrdersRoutes } from './modules/admin-orders/routes.ts';
import { adminFormsRoutes } from './modules/applications/admin-routes.ts';
import { documentsRoutes } from './modules/applications/documents-routes.ts';
import { memberFormRoutes } from './modules/applications/member-form-routes.ts';
import { passportRoutes } from './modules/applications/passport-routes.ts';
import { printPackRoutes } from './modules/applications/print-pack-routes.ts';
import { applicationsRoutes } from './modules/applications/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import type { PasswordHashing } from './modules/auth/passwords.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { catalogAdminRoutes } from './modules/catalog/admin-routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { couponsAdminRoutes } from './modules/checkout/coupons-admin-routes.ts';
import { checkoutRoutes, couponsRoutes } from './modules/checkout/routes.ts';
import { adminMessagesRoutes } from './modules/contact/admin-routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { adminContentRoutes } from './modules/content/admin-routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { countriesAdminRoutes, countriesRoutes } from './modules/countries/routes.ts';
import { adminDataRightsRoutes, dataRightsRoutes } from './modules/data-rights/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { jurisdictionRoutes } from './modules/jurisdiction/routes.ts';
import { adminMarketingRoutes } from './modules/marketing/admin-routes.ts';
import { marketingMediaRoutes } from './modules/marketing/media-routes.ts';
import { marketingRoutes } from './modules/marketing/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { paymentRoutes, webhookRoutes } from './modules/payments/routes.ts';
import { sandboxRoutes } from './modules/payments/sandbox-routes.ts';
import { photoCheckRoutes } from './modules/photos/check-routes.ts';
import { photoOrderRoutes, photoStoreRoutes } from './modules/photos/routes.ts';
import { adminSecondLookRoutes } from './modules/photos/second-look-routes.ts';
import { type AnalysePhoto, analysePhoto, stopFaceDetection } from './modules/photos/service.ts';
import { adminShipmentRoutes } from './modules/photos/shipment-routes.ts';
import { adminReferralRewardsRoutes } from './modules/referrals/admin-routes.ts';
import { referralsRoutes } from './modules/referrals/routes.ts';
import { adminRefundsRoutes } from './modules/refunds/admin-routes.ts';
import { refundsRoutes } from './modules/refunds/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { adminUsersRoutes } from './modules/users/admin-routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { stopPassportOcr } from './ocr/mrz-ocr.ts';
import { registerAnswerCheck } from './plugins/answer-check.ts';
import { BAD_ADDRESS_MESSAGE, registerErrorHandler, SERVER_FAILURE_MESSAGE } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerApiDocs, registerOpenApi } from './plugins/openapi.ts';
import type { RateLimitStore } from './plugins/rate-limit-store.ts';
import { createRateLimitStore } from './plugins/rate-limit-store-postgres.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSession } from './plugins/session.ts';
import { registerWeb, type WebOptions } from './plugins/web.ts';
import { createRetention, type Retention } from './retention.ts';
import { createServices, type Services } from './services.ts';
import { createFileStorage, type FileStorage } from './storage/index.ts';
import { createUploads, type UploadService } from './uploads/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    services: Services;
    jobs: JobQueue;
    /** The transport (SMTP or the dev mailbox); only the mail queue's worker sends through it. */
    mailer: Mailer;
    /** E-mail through the job queue: modules enqueue in their transaction, a worker delivers. */
    mail: MailQueue;
    /** Every rate-limit counter of the app (plugins/rate-limit-store.ts). */
    rateLimitStore: RateLimitStore;
    /** Where uploaded files live (FILE_STORAGE; src/server/storage): one instance per app. */
    storage: FileStorage;
    /** Receives and checks uploaded files into `storage` (routes in a registerUploadParsing scope). */
    uploads: UploadService;
    /** This app's Prometheus metrics, served at /metrics (src/server/metrics). */
    metrics: AppMetrics;
    /** The retention sweep of customers' files (retention.ts): its job, and a sweep now for tools and tests. */
    retention: Retention;
  }
}

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** The React Router app, built or under Vite; without it only the API and SEO files are served. */
  web?: WebOptions;
  logger?: FastifyServerOptions['logger'];
  /** Background jobs; by default a queue on `database` that server.ts starts (test/app.ts starts its own). */
  jobs?: JobQueue;
  /** Tests shorten them to watch a stalled request being cut off. */
  bodyDeadlines?: BodyDeadlines;
  /** Overrides of the mail queue's retry policy, poll and lease (tests wait seconds, not minutes). */
  mail?: Pick<MailQueueOptions, 'retry' | 'pollingIntervalSeconds' | 'leaseSeconds'>;
  /** Where rate limits count; by default the store RATE_LIMIT_STORE names (this process's memory unless `postgres`). */
  rateLimitStore?: RateLimitStore;
  /** The photo compliance engine (tests pass a fake); by default the engine module. */
  photoAnalyser?: AnalysePhoto;
  /** Whose day's fees are in force (issue 32 §2); tests hold it. By default the system clock. */
  feeClock?: () => Date;
  /** The retention sweep's clock (issue 34 §4); tests hold it. By default the system clock. */
  retentionClock?: () => Date;
  /** How passwords are hashed; by default at OWASP's cost. Only tests pass another (test/app.ts). */
  passwordHashing?: PasswordHashing;
}

export const API_PREFIX = '/api/v1';
export const HEADERS_TIMEOUT_MS = 15_000;
const CONNECTIONS_CHECK_MS = 1_000;
/** The methods this app serves; anything else (TRACE, CONNECT, PROPFIND…) is a 405. */
const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Builds the whole server as one Fastify instance; server.ts listens, tests inject. */
export async function buildApp({
  env,
  database,
  web,
  logger,
  jobs,
  mail,
  bodyDeadlines,
  rateLimitStore: givenRateLimitStore,
  photoAnalyser,
  feeClock,
  retentionClock,
  passwordHashing,
}: AppOptions): Promise<FastifyInstance> {
  // A hop count trusts that many proxies in front of the app, as proxy-addr counts them.
  const hops = env.TRUST_PROXY;
  const trustProxy = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const app = Fastify({
    logger: loggerOptions(logger, env.LOG_LEVEL),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    trustProxy,
    // A client that stalls mid-request is cut off with a 408: headers within 15 s, a body within 30 s
    // or, on upload routes, as soon as it falls below a minimum pace (http/body-deadlines.ts); Node's
    // whole-request limit stays as a backstop above them, checked every second (Node checks every
    // 30 s by default). Idle keep-alive connections close after 65 s (above common load balancers'
    // 60 s idle, so the proxy closes first).
    requestTimeout: BACKSTOP_REQUEST_TIMEOUT_MS,
    http: { connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    keepAliveTimeout: 65_000,
    // A request reaching a draining process is refused in the envelope (http/closing.ts), not
    // Fastify's own body.
    return503OnClosing: false,
    // What Node's parser refuses before routing (a 20 KB query string: 431) in the envelope too.
    clientErrorHandler,
    // An address no route can read (bad percent-encoding) is refused before routing, where no hook
    // runs: in the envelope every other refusal uses, not Fastify's own error object (which
    // repeated the address), never sniffed as a page nor cached.
    frameworkErrors: (error, _request, reply) => {
      const [status, message] =
        error.code === 'FST_ERR_BAD_URL' ? [400, BAD_ADDRESS_MESSAGE] : [500, SERVER_FAILURE_MESSAGE];
      (reply as FastifyReply)
        .status(status)
        .headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
        .send(fail(status, message));
    },
  });
  // Headers must arrive well within the request timeout (Node's default is 60 s).
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  refuseWhileClosing(app);
  registerBodyDeadlines(app, bodyDeadlines);
  watchForDirectConnections(app, env.TRUST_PROXY);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('database', database);
  const metrics = createAppMetrics();
  app.decorate('metrics', metrics);
  const rateLimitStore =
    givenRateLimitStore ?? createRateLimitStore(env, database.db, app.log.child({ module: 'rate-limits' }));
  app.decorate('rateLimitStore', rateLimitStore);
  // One storage for the app; creating it (and the upload service) sweeps the temporary files of
  // writes and uploads a crash cut short.
  const storage = await createFileStorage(env);
  app.decorate('storage', storage);
  app.decorate('uploads', createUploads(env, storage));
  app.decorate('jobs', jobs ?? createJobQueue(database, { logger: app.log.child({ module: 'jobs' }) }));
  app.decorate('mailer', createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }));
  app.decorate(
    'mail',
    createMailQueue({
      db: database.db,
      jobs: app.jobs,
      transport: app.mailer,
      from: env.MAIL_FROM,
      log: app.log.child({ module: 'mail' }),
      onOutcome: metrics.mailOutcome,
      ...mail,
    }),
  );
  // Attached when the queue starts (server.ts, or test/app.ts).
  await app.mail.registerWorkers();
  app.decorate(
    'services',
    await createServices(database.db, {
      env,
      mail: app.mail,
      jobs: app.jobs,
      rateLimits: rateLimitStore,
      storage,
      scrubDeadRows: database.scrubDeadRows,
      log: app.log.child({ module: 'services' }),
      // Every photo the engine checks (visitors' checks, photo orders, application photos) is timed.
      photoAnalyser: metrics.timePhotoChecks(photoAnalyser ?? analysePhoto),
      ...(feeClock ? { feeClock } : {}),
      ...(passwordHashing ? { passwordHashing } : {}),
    }),
  );
  // On a PostgreSQL server other processes may serve the same store: a content change made in any
  // of them drops every process's caches (LISTEN/NOTIFY, decision 0079). PGlite is one process.
  if (database.connectionString) {
    const crossProcess = await listenAcrossProcesses(app.services.contentChanges, {
      connectionString: database.connectionString,
      executeSql: database.executeSql,
      log: app.log.child({ module: 'content-changes' }),
    });
    app.addHook('onClose', () => crossProcess.close());
  }
  // Files of deleted documents whose removal a crash cut short (docs/decisions/0050).
  app.addHook('onReady', async () => {
    try {
      await app.services.documents.removeLeftoverFiles();
    } catch (error) {
      app.log.error({ err: error }, 'could not finish removing deleted documents’ files');
    }
  });
  await app.services.auth.registerWorkers();
  // Before payments': a restarted process runs the payment events its dead predecessor held as
  // soon as payments' workers attach (decision 0089), and settling one files the forms' reminders,
  // whose queue must then exist in this process (the cluster suite's crash test caught it).
  await app.services.formsReminders.registerWorkers();
  await app.services.payments.registerWorkers();
  await app.services.photos.registerWorkers();
  await app.services.refunds.registerWorkers();
  await app.services.exchangeRateRefresh.registerJobs();
  await app.services.feeChanges.registerJobs();
  await createHousekeeping({
    jobs: app.jobs,
    mail: app.mail,
    auth: app.services.auth,
    contact: app.services.contact,
    marketing: app.services.marketing,
    log: app.log.child({ module: 'housekeeping' }),
  }).registerJobs();
  app.decorate(
    'retention',
    createRetention({
      jobs: app.jobs,
      cron: env.RETENTION_CRON,
      orders: app.services.orders,
      photoChecks: app.services.photos.checks,
      log: app.log.child({ module: 'retention' }),
      ...(retentionClock ? { now: retentionClock } : {}),
    }),
  );
  await app.retention.registerJobs();
  // Runs after the server stops taking requests: running jobs get their grace, the rest are retried later.
  // Then the face detection worker (the photo check jobs) and the passport OCR worker.
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await stopFaceDetection();
    await stopPassportOcr();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Before any plugin makes a context of its own: its hook then counts the requests of every route.
  registerMetrics(app, metrics);
  registerErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    if (SERVED_METHODS.has(request.method)) return;
    return reply
      .status(405)
      .header('allow', [...SERVED_METHODS].join(', '))
      .send(fail(405, `Method ${request.method} is not allowed`));
  });
  registerInputGuard(app);
  // The tests check every API answer against the API document (before compression reads it).
  if (env.testHarness) registerAnswerCheck(app);
  await registerSecurity(app, {
    production: env.isProductionDeployment,
    captcha: Boolean(env.RECAPTCHA_SITE_KEY),
    paymentHosts: app.services.payments.browserHosts(),
    viteDev: env.NODE_ENV === 'development',
    rateLimitStore,
  });
  await registerOpenApi(app);
  // Before every route: sets request.viewer for the API and the pages.
  await app.register(registerSession);
  await registerApiDocs(app, { staffOnly: env.NODE_ENV === 'production' || env.isProductionDeployment });

  // Unknown API paths answer JSON, never the HTML 404 page.
  const apiNotFound = async (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(fail(404, `No API route ${request.method} ${request.url.split('?')[0]}`));
  await app.register(
    async (api) => {
      // The API reads JSON (and multipart where it uploads): a text/plain body, which Fastify
      // parses to a string by default, is refused as an unsupported type (415), not checked as one.
      api.removeContentTypeParser('text/plain');
      // SPEC.md §7's call helper sends `Content-Type: application/json` on every call, body or not
      // (deleting a notification, signing out): an empty body is no body, not malformed JSON.
      const json = api.getDefaultJsonParser('error', 'error');
      api.removeContentTypeParser('application/json');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') return done(null, undefined);
        json(request, text, done);
      });
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(countriesRoutes);
      await api.register(jurisdictionRoutes);
      await api.register(contentRoutes);
      await api.register(marketingRoutes);
      await api.register(contactRoutes);
      await api.register(refundsRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(notificationsRoutes);
      await api.register(ordersRoutes);
      await api.register(applicationsRoutes);
      await api.register(documentsRoutes);
      await api.register(memberFormRoutes);
      await api.register(passportRoutes);
      await api.register(printPackRoutes);
      await api.register(paymentRoutes);
      await api.register(webhookRoutes);
      if (app.services.sandbox) await api.register(sandboxRoutes(app.services.sandbox));
      await api.register(couponsRoutes);
      await api.register(checkoutRoutes);
      await api.register(photoStoreRoutes);
      await api.register(photoOrderRoutes);
      await api.register(photoCheckRoutes);
      await api.register(referralsRoutes);
      await api.register(dataRightsRoutes);
      // The back office (issue 13): staff work orders, refunds, referral gift cards and the inbox;
      // admins the rest. The role is checked on arrival, before any body is read (http/back-office.ts).
      await api.register(
        backOffice('staff', [
          adminRefundsRoutes,
          adminReferralRewardsRoutes,
          adminMessagesRoutes,
          adminOrdersRoutes,
          adminSecondLookRoutes,
          adminShipmentRoutes,
          adminDataRightsRoutes,
        ]),
      );
      await api.register(
        backOffice('admin', [
          auditRoutes,
          adminUsersRoutes,
          catalogAdminRoutes,
          couponsAdminRoutes,
          countriesAdminRoutes,
          adminFormsRoutes,
          adminMarketingRoutes,
          adminContentRoutes,
        ]),
      );
      // The dev mailbox holds sign-in links: only someone on this machine may read it (DESIGN.md §1).
      if (env.devMailbox) {
        await api.register(async (local) => {
          local.addHook('onRequest', async (request, reply) => {
            if (!isFromThisMachine(request.raw)) return apiNotFound(request, reply);
          });
          await local.register(devMailboxRoutes);
        });
      }
    },
    { prefix: API_PREFIX },
  );
  await app.register(captchaRoutes);
  // Uploaded content images, public while a banner, partner or team member shows them (0072, 0075).
  await app.register(marketingMediaRoutes);
  app.all('/api/*', apiNotFound);
  app.setNotFoundHandler(apiNotFound);
  await app.register(seoRoutes);
  if (web) await app.register(registerWeb, web);
  return app;
}
