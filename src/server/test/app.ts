import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { ARGON2_OPTIONS, type PasswordHashing } from '../modules/auth/passwords.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /**
   * Runs the queued jobs that are due (e-mail above all) now, in this call; resolves to how many
   * attempts ran. With `jobs: 'workers'` they also run by themselves.
   */
  runJobs(): Promise<number>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * `'drain'` (default): the job queue is started, so requests can queue jobs, but nothing
   * polls: jobs run when the test calls runJobs(), which keeps tests deterministic. `'workers'`:
   * pg-boss workers poll every half second, as in the server.
   */
  jobs?: 'drain' | 'workers';
  mail?: AppOptions['mail'];
  /** Fastify's logger; off by default. */
  logger?: AppOptions['logger'];
  /** Tests shorten them to watch a stalled request being cut off. */
  bodyDeadlines?: AppOptions['bodyDeadlines'];
  /**
   * Another app's database, to build the app again on what a stopped one left (a restart). The
   * database stays open when this app closes: its owner closes it.
   */
  database?: DatabaseHandle;
  /** A fake photo compliance engine (the real one loads a face model). */
  photoAnalyser?: AppOptions['photoAnalyser'];
  /** Holds the day whose fees are in force (issue 32 §2). */
  feeClock?: AppOptions['feeClock'];
  /** Holds the retention sweep's time (issue 34 §4). */
  retentionClock?: AppOptions['retentionClock'];
  /** The pages: a stand-in server build (server-build.ts) for tests of the page handler. */
  web?: AppOptions['web'];
  /**
   * Hash passwords at OWASP's cost, as every deployment does, instead of TEST_PASSWORD_HASHING: for
   * the tests of the hash itself.
   */
  deployedPasswordHashing?: boolean;
}

/**
 * argon2id at a cost of ~0.1 ms instead of OWASP's ~8 ms of CPU: the unit suite signs about 1,200
 * customers up and 2,400 in, and at OWASP's cost their hashes were ~8 % of its CPU and of the
 * PostgreSQL pass's (decision 0091, session 69). The algorithm and the code paths are the ones a
 * deployment runs; `auth/routes.test.ts` checks the stored hash at the deployed cost.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { ...ARGON2_OPTIONS, memoryCost: 1024, timeCost: 1 };

/**
 * The real app on a database of the test file's own, driven with `app.inject`. Its DATA_DIR (uploaded
 * files, upload scratch) is a temporary folder of its own, removed on close, unless the test names one.
 */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const ownDataDir = envOverrides.DATA_DIR ? null : await mkdtemp(join(tmpdir(), 'sevadocs-app-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...envOverrides,
  });
  const jobs = createJobQueue(database, {
    workers: options.jobs === 'workers',
    pollingIntervalSeconds: 0.5,
    duePollingIntervalSeconds: 0.5,
    logger: { info: () => {}, warn: () => {}, error: (obj, msg) => console.error(msg, obj) },
  });
  const app = await buildApp({
    env,
    database,
    logger: options.logger ?? false,
    jobs,
    mail: options.mail,
    bodyDeadlines: options.bodyDeadlines,
    photoAnalyser: options.photoAnalyser,
    feeClock: options.feeClock,
    retentionClock: options.retentionClock,
    web: options.web,
    ...(options.deployedPasswordHashing ? {} : { passwordHashing: TEST_PASSWORD_HASHING }),
  });
  await app.ready();
  await app.jobs.start();
  return {
    app,
    database,
    runJobs: () => app.jobs.drain(),
    async close() {
      await app.close();
      if (!options.database) await database.close();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A production deployment refuses the sandbox (env.ts): tests that build the app in production
 * mode configure Stripe with keys nothing calls.
 */
export const PRODUCTION_PAYMENTS = {
  PAYMENT_PROVIDERS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_production_mode_tests',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_mode_tests',
} as const;

/**
 * A production deployment refuses the placeholder contact details (env.ts): tests that build the
 * app in production mode give the shop addresses and numbers of its own, which nothing contacts.
 */
export const PRODUCTION_CONTACT = {
  MAIL_FROM: 'SevaDocs <no-reply@sevadocs.in>',
  SUPPORT_EMAIL: 'support@sevadocs.in',
  TOLL_FREE_NUMBER: '1-800-000-0000',
  WHATSAPP_NUMBER: '18000000000',
} as const;
