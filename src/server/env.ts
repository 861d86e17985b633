import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';
import { PREMIUM_SUPPORT_CONTACT, type PremiumSupport } from '../domain/checkout/premium-support.ts';
import { DEFAULT_CONTACT } from '../domain/config/site.ts';
import { PAYMENT_PROVIDERS } from '../domain/payments/payment.ts';

/** An optional secret; an empty value (`KEY=` in .env) counts as unset. */
const optionalSecret = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** A schedule, read by the parser the job queue itself reads it with (pg-boss's cron-parser). */
const cronSchedule = (name: string, fallback: string) =>
  z
    .string()
    .trim()
    .min(1)
    .default(fallback)
    .refine((value) => {
      try {
        CronExpressionParser.parse(value, { tz: 'UTC', strict: false });
        return true;
      } catch {
        return false;
      }
    }, `${name} is not a cron schedule (five fields, e.g. ${fallback})`);

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Whether a Stripe or Razorpay key is a live one: both write a key as kind, mode and id joined by
 * underscores, the mode `live` or `test`. Read from the key's own mode, so no key-shaped prefix
 * needs writing down here.
 */
export const isLiveKey = (key: string | undefined) => key?.split('_')[1] === 'live';

/** The payment settings that take real money (live keys, Square's production environment). */
function liveKeys(env: {
  STRIPE_SECRET_KEY?: string | undefined;
  RAZORPAY_KEY_ID?: string | undefined;
  SQUARE_ACCESS_TOKEN?: string | undefined;
  SQUARE_ENVIRONMENT: 'sandbox' | 'production';
}): string[] {
  return [
    isLiveKey(env.STRIPE_SECRET_KEY) ? 'STRIPE_SECRET_KEY' : null,
    isLiveKey(env.RAZORPAY_KEY_ID) ? 'RAZORPAY_KEY_ID' : null,
    env.SQUARE_ACCESS_TOKEN && env.SQUARE_ENVIRONMENT === 'production' ? 'SQUARE_ENVIRONMENT=production' : null,
  ].filter((key) => key !== null);
}

/** A host name: dot-separated labels of letters, digits and inner hyphens (RFC 1123). */
const HOST_NAME = /^[a-z\d]([a-z\d-]{0,61}[a-z\d])?(\.[a-z\d]([a-z\d-]{0,61}[a-z\d])?)*$/i;

/**
 * An address to listen on: an IP address, or a host name whose last label is not a number (a name
 * like `999.1.1.1` is a mistyped address, which would only fail at listen as a name nobody knows).
 */
const isListenHost = (host: string) => isIP(host) !== 0 || (HOST_NAME.test(host) && !/(^|\.)\d+$/.test(host));

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): mail to them reaches nobody. */
const RESERVED_DOMAIN = /(^|\.)(example|test|invalid|localhost|example\.(com|net|org))$/i;

/** The reserved domain of an address (`Name <who@domain>` or `who@domain`), if it is at one. */
function reservedDomainOf(address: string): string | undefined {
  const domain = /@([^@\s>]+)>?\s*$/.exec(address)?.[1];
  return domain && RESERVED_DOMAIN.test(domain) ? domain : undefined;
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * The contact numbers' defaults, and the seed's, are fictional numbers (555-0100 to 555-0199),
 * however they are written: none of that range reaches anyone.
 */
const isPlaceholderNumber = (phone: string) => /55501\d\d$/.test(digitsOf(phone));

/** Every variable the server reads. README.md lists the same table; .env.example shows them. */
const envSchema = z
  .object({
    // Which build of React and which tooling: `production` for `npm start` and every deployment,
    // `development` only under `npm run dev`, `test` for the test suites. It says nothing about
    // where the server runs: DEPLOYMENT does (decision 0031).
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    // The end-to-end suite's server: the production build of React (NODE_ENV=production), with
    // what the tests need of NODE_ENV=test (see Env.testHarness). Refused in a production
    // deployment (decision 0123-e2e-cpu).
    TEST_HARNESS: booleanFlag.default(false),
    // `embedded`: one machine, PGlite, local files, sandbox payments, captcha off, the dev mailbox
    // when no SMTP. `production`: a real deployment, which must be configured to reach customers.
    DEPLOYMENT: z.enum(['embedded', 'production']).default('embedded'),
    HOST: z
      .string()
      .trim()
      .default('0.0.0.0')
      .refine(
        isListenHost,
        'HOST must be an IP address (0.0.0.0 for every interface, 127.0.0.1 for this machine only) or a host name (e.g. localhost)',
      ),
    PORT: z.coerce
      .number({ error: 'PORT must be a whole number from 1 to 65535 (e.g. 3000)' })
      .int()
      .min(1)
      .max(65535)
      .default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    // Where uploaded files live (src/server/storage): `local` keeps them under DATA_DIR/files;
    // `s3` in an S3-compatible bucket (S3_* below; docs/decisions/0071).
    FILE_STORAGE: z.enum(['local', 's3']).default('local'),
    SITE_URL: z.url().optional(),
    SEED_ON_START: booleanFlag.default(true),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
    TOLL_FREE_NUMBER: z.string().default(DEFAULT_CONTACT.tollFreeNumber),
    SUPPORT_EMAIL: z.email().default(DEFAULT_CONTACT.supportEmail),
    // Premium support (orders of 100 or more, SPEC.md §9) in status e-mails and on the order page:
    // who to ask for, and where. Unset, the e-mail and phone are SUPPORT_EMAIL's and
    // TOLL_FREE_NUMBER's, which a production deployment has to set anyway.
    PREMIUM_SUPPORT_NAME: z.string().trim().min(1).default(PREMIUM_SUPPORT_CONTACT.name),
    PREMIUM_SUPPORT_EMAIL: z.email().optional(),
    PREMIUM_SUPPORT_PHONE: z.string().trim().min(1).optional(),
    // The first admins (issue 13): a verified account with one of these e-mails is an admin.
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const emails = value
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean);
        for (const email of emails) {
          if (!z.email().safeParse(email).success) {
            ctx.addIssue({ code: 'custom', message: `ADMIN_EMAILS: ${email} is not an e-mail address` });
          }
        }
        return emails;
      }),
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^\d{6,15}$/, 'WHATSAPP_NUMBER must be digits only')
      .default(DEFAULT_CONTACT.whatsappNumber),
    BLOG_URL: z.url().default(DEFAULT_CONTACT.blogUrl),
    // Nodemailer misreads anything else and then delivers nothing (`localhost:25` as the host
    // 0.0.0.25, `smtp://` as no host): only an smtp: or smtps: URL with a host starts the server.
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        hostname: /./,
        error:
          "SMTP_URL must be an smtp:// or smtps:// URL with the server's host, e.g. smtps://user:password@smtp.example.com:465",
      })
      .optional(),
    MAIL_FROM: z.string().default('SevaDocs <no-reply@sevadocs.example>'),
    RECAPTCHA_SECRET_KEY: optionalSecret,
    RECAPTCHA_SITE_KEY: optionalSecret,
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    // Which proxies may say who the client is (X-Forwarded-For): unset trusts none; a number is
    // how many proxy hops stand in front; otherwise comma-separated addresses or CIDR ranges.
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const value = v?.trim();
        if (!value || value === 'false') return false;
        if (/^\d+$/.test(value)) return Number(value);
        const entries = value
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean);
        if (entries.some((e) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(e))) {
          ctx.addIssue({
            code: 'custom',
            message: 'TRUST_PROXY must be a hop count or comma-separated proxy addresses/CIDR ranges',
          });
          return z.NEVER;
        }
        return entries;
      }),
    // Which payment providers checkout offers, comma-separated, the first being the default
    // (docs/decisions/0055). `sandbox` pays without money: never in production.
    PAYMENT_PROVIDERS: z
      .string()
      .default('sandbox')
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.enum(PAYMENT_PROVIDERS)).min(1, 'PAYMENT_PROVIDERS names at least one provider')),
    // Signs the sandbox's webhook events; a random one per process when unset.
    SANDBOX_WEBHOOK_SECRET: optionalSecret,
    // Stripe (docs/decisions/0059): the secret API key and the webhook endpoint's signing secret.
    STRIPE_SECRET_KEY: optionalSecret,
    STRIPE_WEBHOOK_SECRET: optionalSecret,
    // Razorpay (docs/decisions/0061): API key pair and the webhook's secret, required when listed.
    RAZORPAY_KEY_ID: optionalSecret,
    RAZORPAY_KEY_SECRET: optionalSecret,
    RAZORPAY_WEBHOOK_SECRET: optionalSecret,
    // A stored exchange rate fetched longer ago than this is still used, and logged (decision 0061).
    EXCHANGE_RATE_MAX_AGE_HOURS: z.coerce.number().positive().default(48),
    // Square (docs/decisions/0060): required when PAYMENT_PROVIDERS lists `square`.
    SQUARE_ACCESS_TOKEN: optionalSecret,
    SQUARE_APPLICATION_ID: optionalSecret,
    SQUARE_LOCATION_ID: optionalSecret,
    SQUARE_WEBHOOK_SIGNATURE_KEY: optionalSecret,
    SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    // Where the scheduled refresh fetches the rates, `{base}` standing for the from-currency; unset:
    // no refresh (rates come from the seed and `npm run rates:set`).
    EXCHANGE_RATE_SOURCE_URL: z
      .url({ protocol: /^https?$/ })
      .refine((url) => url.includes('{base}'), 'EXCHANGE_RATE_SOURCE_URL names the base currency as {base}')
      .optional(),
    // When the refresh runs (cron, UTC); used only with EXCHANGE_RATE_SOURCE_URL.
    EXCHANGE_RATE_REFRESH_CRON: cronSchedule('EXCHANGE_RATE_REFRESH_CRON', '17 * * * *'),
    // When the retention sweep of customers' files runs (cron, UTC; src/server/retention.ts).
    RETENTION_CRON: cronSchedule('RETENTION_CRON', '41 * * * *'),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
    AUTH_EMAIL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
    AUTH_SIGNIN_FAILURE_MAX: z.coerce.number().int().min(1).optional(),
    // Object storage for FILE_STORAGE=s3 (docs/decisions/0071). No endpoint: AWS S3 itself; an
    // endpoint (MinIO, Ceph, Garage…) is addressed path-style (https://host/bucket/key).
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_BUCKET: optionalSecret,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalSecret,
    S3_SECRET_ACCESS_KEY: optionalSecret,
    // Where rate-limit counters live: `memory` (this process) or `postgres` (the database, shared
    // by every server on it; docs/decisions/0071). Unset: `postgres` whenever DATABASE_URL is set,
    // as several processes may share that database; `memory` on the embedded one.
    RATE_LIMIT_STORE: z.enum(['memory', 'postgres']).optional(),
    // The bearer token that reads /metrics (src/server/metrics). Unset: /metrics answers only
    // requests made on this machine, and nobody in a production deployment.
    METRICS_TOKEN: optionalSecret.refine(
      (token) => token === undefined || token.length >= 16,
      'METRICS_TOKEN must be at least 16 characters (a random string)',
    ),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDERS.includes('stripe')) {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when Stripe is offered` });
      }
    }
    if (env.PAYMENT_PROVIDERS.includes('razorpay')) {
      for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required for Razorpay` });
      }
    }
    if (env.PAYMENT_PROVIDERS.includes('square')) {
      const keys = [
        'SQUARE_ACCESS_TOKEN',
        'SQUARE_APPLICATION_ID',
        'SQUARE_LOCATION_ID',
        'SQUARE_WEBHOOK_SIGNATURE_KEY',
      ];
      for (const key of keys as (keyof typeof env)[]) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required to offer Square` });
      }
      // Square's script refuses an application of the other environment: say so at boot, not at the first payment.
      const sandboxApp = env.SQUARE_APPLICATION_ID?.startsWith('sandbox-');
      if (env.SQUARE_APPLICATION_ID && sandboxApp !== (env.SQUARE_ENVIRONMENT === 'sandbox')) {
        ctx.addIssue({
          code: 'custom',
          path: ['SQUARE_APPLICATION_ID'],
          message: `SQUARE_APPLICATION_ID is not a ${env.SQUARE_ENVIRONMENT} application (SQUARE_ENVIRONMENT)`,
        });
      }
    }
    if (env.FILE_STORAGE === 's3') {
      const keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
      for (const key of keys) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when FILE_STORAGE=s3` });
      }
    }
    // Live keys take real money: the shop must run as a production deployment, whose checks refuse
    // the sandbox (any customer could mark an order paid), plain http and the dev mailbox. A server
    // that forgot DEPLOYMENT would otherwise run the embedded defaults beside them (decision 0170).
    if (env.DEPLOYMENT !== 'production') {
      const live = liveKeys(env);
      if (live.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['DEPLOYMENT'],
          message: `${live.join(', ')} ${live.length > 1 ? 'take' : 'takes'} real money: set DEPLOYMENT=production`,
        });
      }
      return;
    }
    // Development serves Vite, the crash and form-preview pages and no Content-Security-Policy.
    if (env.NODE_ENV !== 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['NODE_ENV'],
        message: `NODE_ENV=${env.NODE_ENV} is refused in a production deployment: set NODE_ENV=production (or leave it unset)`,
      });
    }
    // Unchecked rate limits and the deliberate crash page are never part of a real shop.
    if (env.TEST_HARNESS) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_HARNESS'],
        message: 'TEST_HARNESS is for the test suites and is refused in a production deployment',
      });
    }
    // Customers' passports and certificates never travel in the clear.
    if (env.FILE_STORAGE === 's3' && env.S3_ENDPOINT?.startsWith('http:')) {
      ctx.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: 'S3_ENDPOINT must be https in production' });
    }
    // The sandbox takes no money and its page lets any customer mark an order paid: never in
    // production, alone or beside a real provider (docs/decisions/0055).
    if (env.PAYMENT_PROVIDERS.includes('sandbox')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDERS'],
        message:
          'PAYMENT_PROVIDERS: the sandbox takes no money and is never offered in production; configure a real provider',
      });
    }
    if (!env.SITE_URL)
      ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'SITE_URL is required in production' });
    // Production cookies are Secure: a customer on http would never stay signed in.
    else if (!env.SITE_URL.startsWith('https:'))
      ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'SITE_URL must be https in production' });
    // Prices in INR follow these rates: never fetched over a connection anyone on the way can rewrite.
    if (env.EXCHANGE_RATE_SOURCE_URL?.startsWith('http:')) {
      ctx.addIssue({
        code: 'custom',
        path: ['EXCHANGE_RATE_SOURCE_URL'],
        message: 'EXCHANGE_RATE_SOURCE_URL must be https in production',
      });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'SMTP_URL is required in production (e-mail must be delivered)',
      });
    }
    for (const key of ['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_SITE_KEY'] as const) {
      if (!env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required in production (sign-up's human check)`,
        });
      }
    }
    // The defaults are placeholders: customers would write to, and receive mail from, addresses
    // nobody can own, and call a fictional number the pages show.
    for (const key of ['MAIL_FROM', 'SUPPORT_EMAIL', 'PREMIUM_SUPPORT_EMAIL'] as const) {
      const domain = reservedDomainOf(env[key] ?? '');
      if (domain) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is at ${domain}, a domain reserved for examples that no mail reaches: set the shop's own address in production`,
        });
      }
    }
    for (const key of ['TOLL_FREE_NUMBER', 'WHATSAPP_NUMBER', 'PREMIUM_SUPPORT_PHONE'] as const) {
      if (isPlaceholderNumber(env[key] ?? '')) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is the fictional placeholder number: set the shop's own in production`,
        });
      }
    }
  });

/** The names loadEnv reads; BUILD_DIR and NODE_OPTIONS are read before it (scripts/start.mjs). */
export const ENV_NAMES: readonly string[] = [...Object.keys(envSchema.shape), 'BUILD_DIR', 'NODE_OPTIONS'];

export type Env = Omit<z.infer<typeof envSchema>, 'RATE_LIMIT_STORE'> & {
  RATE_LIMIT_STORE: 'memory' | 'postgres';
  siteUrl: string;
  dataDir: string;
  /** Premium support's contact, its e-mail and phone the general ones unless set (PREMIUM_SUPPORT_*). */
  premiumSupport: PremiumSupport;
  /** A production deployment (DEPLOYMENT=production): secure cookies, HSTS, no dev tools. */
  isProductionDeployment: boolean;
  /** E-mails kept in the dev mailbox: the embedded mode without SMTP settings. */
  devMailbox: boolean;
  /**
   * A test suite's server (NODE_ENV=test in process, TEST_HARNESS=1 for the end-to-end suite's
   * production build; never a production deployment): every API answer is checked against the
   * API document, the accounts' rate limits default to figures no test reaches, and the
   * development pages answer.
   */
  testHarness: boolean;
  /** /dev/crash and /dev/form-preview answer (a 404 otherwise): `npm run dev` and the test suites. */
  devPages: boolean;
};

export class EnvError extends Error {}

/** Parses the environment once at boot; a bad value stops the server with a readable list. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    // A value can fail several checks with one message (SMTP_URL's scheme and host): said once.
    const lines = new Set(parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`));
    throw new EnvError(`Invalid environment:\n${[...lines].join('\n')}`);
  }
  const env = parsed.data;
  const testHarness = env.NODE_ENV === 'test' || env.TEST_HARNESS;
  return {
    ...env,
    RATE_LIMIT_STORE: env.RATE_LIMIT_STORE ?? (env.DATABASE_URL ? 'postgres' : 'memory'),
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: resolve(env.DATA_DIR),
    premiumSupport: {
      name: env.PREMIUM_SUPPORT_NAME,
      role: PREMIUM_SUPPORT_CONTACT.role,
      email: env.PREMIUM_SUPPORT_EMAIL ?? env.SUPPORT_EMAIL,
      phone: env.PREMIUM_SUPPORT_PHONE ?? env.TOLL_FREE_NUMBER,
    },
    isProductionDeployment: env.DEPLOYMENT === 'production',
    devMailbox: env.DEPLOYMENT === 'embedded' && !env.SMTP_URL,
    testHarness,
    devPages: env.NODE_ENV === 'development' || testHarness,
  };
}
