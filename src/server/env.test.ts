import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PREMIUM_SUPPORT_CONTACT } from '../domain/checkout/premium-support.ts';
import { EnvError, loadEnv } from './env.ts';
import { PRODUCTION_CONTACT, PRODUCTION_PAYMENTS } from './test/app.ts';

/** What a production deployment must configure, payments aside. */
const PRODUCTION_BASE = {
  DEPLOYMENT: 'production',
  SITE_URL: 'https://sevadocs.example',
  SMTP_URL: 'smtp://mail.example:587',
  RECAPTCHA_SECRET_KEY: 'secret',
  RECAPTCHA_SITE_KEY: 'site-key',
  ...PRODUCTION_CONTACT,
};

describe('loadEnv', () => {
  it('gives the embedded defaults with no configuration', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.siteUrl).toBe('http://localhost:3000');
    expect(env.SEED_ON_START).toBe(true);
    // `npm start` renders with React's production build yet stays the embedded mode.
    expect(env.NODE_ENV).toBe('production');
    expect(env.DEPLOYMENT).toBe('embedded');
    expect(env.isProductionDeployment).toBe(false);
    expect(env.devMailbox).toBe(true);
  });

  it('keeps e-mail out of the dev mailbox once SMTP is configured', () => {
    expect(loadEnv({ SMTP_URL: 'smtp://mail:25' }).devMailbox).toBe(false);
  });

  it('reads ADMIN_EMAILS as trimmed, lower-cased addresses and refuses one that is not an address', () => {
    expect(loadEnv({}).ADMIN_EMAILS).toEqual([]);
    expect(loadEnv({ ADMIN_EMAILS: ' Owner@SevaDocs.example, ops@sevadocs.example ,' }).ADMIN_EMAILS).toEqual([
      'owner@sevadocs.example',
      'ops@sevadocs.example',
    ]);
    expect(() => loadEnv({ ADMIN_EMAILS: 'owner' })).toThrow(/ADMIN_EMAILS: owner is not an e-mail address/);
  });

  it('stops on an unknown deployment', () => {
    expect(() => loadEnv({ DEPLOYMENT: 'staging' })).toThrow(/DEPLOYMENT/);
  });

  it('stops with a readable message on a malformed value', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('stops on an SMTP_URL nodemailer would misread, naming it with an example, in production too', () => {
    const production = { ...PRODUCTION_BASE, ...PRODUCTION_PAYMENTS };
    const message =
      "Invalid environment:\n  SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL with the server's host, e.g. smtps://user:password@smtp.example.com:465";
    // Without a scheme (read as the hosts 0.0.0.25 and 0.0.2.75), another scheme, no host.
    for (const SMTP_URL of ['localhost:25', 'smtp.mailgun.org:587', 'https://smtp.example.com', 'smtp://']) {
      expect(() => loadEnv({ SMTP_URL })).toThrow(message);
      expect(() => loadEnv({ ...production, SMTP_URL })).toThrow(message);
    }
    for (const SMTP_URL of ['smtp://mail.example:587', 'smtps://user:pass@smtp.example.com:465']) {
      expect(loadEnv({ ...production, SMTP_URL }).SMTP_URL).toBe(SMTP_URL);
    }
  });

  it('stops on a HOST or PORT the server could not listen on, saying what is expected', () => {
    for (const HOST of ['999.1.1.1', '10.0.0', 'shop host', 'http://0.0.0.0', '']) {
      expect(() => loadEnv({ HOST })).toThrow(
        'HOST: HOST must be an IP address (0.0.0.0 for every interface, 127.0.0.1 for this machine only) or a host name (e.g. localhost)',
      );
    }
    for (const HOST of ['0.0.0.0', '127.0.0.1', '::', '::1', 'localhost', 'shop-1.internal']) {
      expect(loadEnv({ HOST }).HOST).toBe(HOST);
    }
    for (const PORT of ['abc', '0', '65536', '3000.5', '-1', '']) {
      expect(() => loadEnv({ PORT })).toThrow('PORT: PORT must be a whole number from 1 to 65535 (e.g. 3000)');
    }
    expect(loadEnv({ PORT: '65535' }).PORT).toBe(65535);
  });

  it('refuses a production deployment without SITE_URL or SMTP', () => {
    expect(() => loadEnv({ DEPLOYMENT: 'production' })).toThrow(/SITE_URL is required in production/);
    expect(() => loadEnv({ DEPLOYMENT: 'production', SITE_URL: 'https://sevadocs.example' })).toThrow(
      /SMTP_URL is required in production/,
    );
    const complete = {
      DEPLOYMENT: 'production',
      SITE_URL: 'https://sevadocs.example/',
      SMTP_URL: 'smtp://mail:25',
      RECAPTCHA_SECRET_KEY: 'secret',
      RECAPTCHA_SITE_KEY: 'site-key',
      ...PRODUCTION_CONTACT,
      ...PRODUCTION_PAYMENTS,
    };
    for (const key of ['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_SITE_KEY'] as const) {
      expect(() => loadEnv({ ...complete, [key]: '' })).toThrow(new RegExp(`${key} is required in production`));
    }
    const env = loadEnv(complete);
    expect(env.siteUrl).toBe('https://sevadocs.example');
    expect(env.isProductionDeployment).toBe(true);
    expect(env.devMailbox).toBe(false);
  });

  it('refuses a production deployment on the development or test build, or on a plain-http SITE_URL', () => {
    const production = { ...PRODUCTION_BASE, ...PRODUCTION_PAYMENTS };
    expect(loadEnv(production).NODE_ENV).toBe('production');
    for (const NODE_ENV of ['development', 'test'])
      expect(() => loadEnv({ ...production, NODE_ENV })).toThrow(
        new RegExp(`NODE_ENV=${NODE_ENV} is refused in a production deployment`),
      );
    expect(() => loadEnv({ ...production, SITE_URL: 'http://shop.example' })).toThrow(
      /SITE_URL must be https in production/,
    );
    // The embedded mode on a network address is plain http, as the README's first command serves it.
    expect(loadEnv({ SITE_URL: 'http://192.168.1.20:3000' }).siteUrl).toBe('http://192.168.1.20:3000');
  });

  it('refuses the placeholder contact details in a production deployment, naming each variable', () => {
    const production = { ...PRODUCTION_BASE, ...PRODUCTION_PAYMENTS };
    expect(loadEnv(production)).toMatchObject(PRODUCTION_CONTACT);
    // Left to their defaults: reserved, undeliverable addresses and a fictional number.
    const { MAIL_FROM, SUPPORT_EMAIL, TOLL_FREE_NUMBER, WHATSAPP_NUMBER, ...unset } = production;
    const refused = () => loadEnv(unset);
    expect(refused).toThrow(/MAIL_FROM: MAIL_FROM is at sevadocs\.example, a domain reserved for examples/);
    expect(refused).toThrow(/SUPPORT_EMAIL: SUPPORT_EMAIL is at sevadocs\.example/);
    expect(refused).toThrow(/TOLL_FREE_NUMBER: TOLL_FREE_NUMBER is the fictional placeholder number/);
    expect(refused).toThrow(/WHATSAPP_NUMBER: WHATSAPP_NUMBER is the fictional placeholder number/);
    for (const [key, value] of [
      ['MAIL_FROM', 'no-reply@mail.test'],
      ['MAIL_FROM', 'Shop <shop@example.com>'],
      ['SUPPORT_EMAIL', 'help@shop.invalid'],
      ['SUPPORT_EMAIL', 'root@localhost'],
      ['TOLL_FREE_NUMBER', '+1 (800) 555-0199'],
    ] as const) {
      expect(() => loadEnv({ ...production, [key]: value })).toThrow(new RegExp(`${key}: ${key} is`));
    }
    // The embedded mode keeps its placeholders: it reaches no customer.
    expect(loadEnv({}).SUPPORT_EMAIL).toBe('support@sevadocs.example');
  });

  it('gives premium support the general contact unless set, and refuses a placeholder for it in production', () => {
    expect(loadEnv({}).premiumSupport).toEqual(PREMIUM_SUPPORT_CONTACT);
    const general = loadEnv({ SUPPORT_EMAIL: 'help@shop.in', TOLL_FREE_NUMBER: '1-800-000-0000' }).premiumSupport;
    expect(general).toMatchObject({ email: 'help@shop.in', phone: '1-800-000-0000' });
    const own = {
      PREMIUM_SUPPORT_NAME: 'Anita Rao',
      PREMIUM_SUPPORT_EMAIL: 'vip@shop.in',
      PREMIUM_SUPPORT_PHONE: '1-800-000-0142',
    };
    expect(loadEnv(own).premiumSupport).toEqual({
      ...PREMIUM_SUPPORT_CONTACT,
      name: 'Anita Rao',
      email: 'vip@shop.in',
      phone: '1-800-000-0142',
    });

    const production = { ...PRODUCTION_BASE, ...PRODUCTION_PAYMENTS };
    expect(loadEnv({ ...production, ...own }).premiumSupport.email).toBe('vip@shop.in');
    // The contact the e-mails used to print, a fictional person at a reserved domain and a 555-01xx line.
    expect(() => loadEnv({ ...production, PREMIUM_SUPPORT_EMAIL: 'premium@sevadocs.example' })).toThrow(
      /PREMIUM_SUPPORT_EMAIL: PREMIUM_SUPPORT_EMAIL is at sevadocs\.example/,
    );
    expect(() => loadEnv({ ...production, PREMIUM_SUPPORT_PHONE: '1-800-555-0142' })).toThrow(
      /PREMIUM_SUPPORT_PHONE: PREMIUM_SUPPORT_PHONE is the fictional placeholder number/,
    );
  });

  it('starts the README’s `.env` route (a copy of .env.example) on the production build', () => {
    const example = parseEnv(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8'));
    expect(loadEnv(example as Record<string, string>)).toMatchObject({ NODE_ENV: 'production', devPages: false });
  });

  it('stops on a schedule the job queue could not read, naming the variable', () => {
    expect(() => loadEnv({ RETENTION_CRON: 'every hour' })).toThrow(/RETENTION_CRON is not a cron schedule/);
    expect(() => loadEnv({ EXCHANGE_RATE_REFRESH_CRON: '61 * * * *' })).toThrow(
      /EXCHANGE_RATE_REFRESH_CRON is not a cron schedule/,
    );
    expect(loadEnv({ RETENTION_CRON: '5 3 * * MON-FRI' }).RETENTION_CRON).toBe('5 3 * * MON-FRI');
    expect(loadEnv({}).RETENTION_CRON).toBe('41 * * * *');
  });

  it('offers the sandbox by default and refuses to start a production server with it', () => {
    expect(loadEnv({}).PAYMENT_PROVIDERS).toEqual(['sandbox']);
    expect(() => loadEnv({ PAYMENT_PROVIDERS: 'sandbox,paypal' })).toThrow(/PAYMENT_PROVIDERS/);
    expect(() => loadEnv({ PAYMENT_PROVIDERS: ' , ' })).toThrow(/at least one provider/);
    // Stripe's keys (test values), without the provider list: the sandbox default is what is refused.
    const { PAYMENT_PROVIDERS: _stripe, ...stripeKeys } = PRODUCTION_PAYMENTS;
    const production = { ...PRODUCTION_BASE, ...stripeKeys };
    expect(() => loadEnv(production)).toThrow(/never offered in production/);
    expect(() => loadEnv({ ...production, PAYMENT_PROVIDERS: 'stripe,sandbox' })).toThrow(
      /never offered in production/,
    );
    expect(loadEnv({ ...production, PAYMENT_PROVIDERS: 'stripe' }).PAYMENT_PROVIDERS).toEqual(['stripe']);
  });

  it('refuses live payment keys outside a production deployment: a server that forgot DEPLOYMENT would offer the sandbox', () => {
    // No key sits in the repository: what decides is the key's mode, its second part.
    const inMode = (mode: 'live' | 'test') => `placeholder_${mode}_placeholder`;
    expect(() => loadEnv({ STRIPE_SECRET_KEY: inMode('live') })).toThrow(
      'STRIPE_SECRET_KEY takes real money: set DEPLOYMENT=production',
    );
    expect(() => loadEnv({ RAZORPAY_KEY_ID: inMode('live'), STRIPE_SECRET_KEY: inMode('live') })).toThrow(
      'STRIPE_SECRET_KEY, RAZORPAY_KEY_ID take real money: set DEPLOYMENT=production',
    );
    expect(() => loadEnv({ SQUARE_ACCESS_TOKEN: 'x', SQUARE_ENVIRONMENT: 'production' })).toThrow(
      /SQUARE_ENVIRONMENT=production takes real money/,
    );
    // Test keys are for trying things out, on the embedded defaults too.
    expect(
      loadEnv({
        STRIPE_SECRET_KEY: inMode('test'),
        RAZORPAY_KEY_ID: inMode('test'),
      }).DEPLOYMENT,
    ).toBe('embedded');
  });
});

describe('loadEnv: the test harness (decision 0123-e2e-cpu)', () => {
  const production = { ...PRODUCTION_BASE, ...PRODUCTION_PAYMENTS };

  it('is off wherever the production build runs unless asked for, and the dev pages with it', () => {
    for (const env of [loadEnv({}), loadEnv({ NODE_ENV: 'production' }), loadEnv(production)]) {
      expect(env.testHarness).toBe(false);
      expect(env.devPages).toBe(false);
    }
    expect(loadEnv({ NODE_ENV: 'development' })).toMatchObject({ testHarness: false, devPages: true });
    expect(loadEnv({ NODE_ENV: 'test' })).toMatchObject({ testHarness: true, devPages: true });
  });

  it('runs the production build of React with TEST_HARNESS=1 (the end-to-end server)', () => {
    const env = loadEnv({ NODE_ENV: 'production', TEST_HARNESS: '1' });
    expect(env).toMatchObject({ NODE_ENV: 'production', testHarness: true, devPages: true });
  });

  it('refuses TEST_HARNESS in a production deployment', () => {
    expect(loadEnv({ ...production, TEST_HARNESS: 'false' }).testHarness).toBe(false);
    for (const value of ['1', 'true']) {
      expect(() => loadEnv({ ...production, TEST_HARNESS: value })).toThrow(
        /TEST_HARNESS is for the test suites and is refused in a production deployment/,
      );
      expect(() => loadEnv({ ...production, NODE_ENV: 'production', TEST_HARNESS: value })).toThrow(EnvError);
    }
    expect(() => loadEnv({ TEST_HARNESS: 'yes' })).toThrow(/TEST_HARNESS/);
  });
});

describe('loadEnv: object storage and shared rate limits (decision 0071)', () => {
  const s3 = {
    FILE_STORAGE: 's3',
    S3_BUCKET: 'sevadocs-files',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files on the local disk and counters in memory by default', () => {
    const env = loadEnv({});
    expect(env.FILE_STORAGE).toBe('local');
    expect(env.RATE_LIMIT_STORE).toBe('memory');
    expect(loadEnv({ RATE_LIMIT_STORE: 'postgres' }).RATE_LIMIT_STORE).toBe('postgres');
    expect(() => loadEnv({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
  });

  it('counts in the shared database by default whenever DATABASE_URL is set (several processes may use it)', () => {
    const DATABASE_URL = 'postgres://sevadocs@127.0.0.1:5432/sevadocs';
    expect(loadEnv({ DATABASE_URL }).RATE_LIMIT_STORE).toBe('postgres');
    expect(loadEnv({ DATABASE_URL, RATE_LIMIT_STORE: 'memory' }).RATE_LIMIT_STORE).toBe('memory');
  });

  it('stops FILE_STORAGE=s3 without a bucket or credentials, naming each', () => {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      expect(() => loadEnv({ ...s3, [key]: '' })).toThrow(new RegExp(`${key} is required when FILE_STORAGE=s3`));
    }
    const env = loadEnv({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(env.S3_REGION).toBe('us-east-1');
    expect(env.S3_BUCKET).toBe('sevadocs-files');
    expect(() => loadEnv({ ...s3, S3_ENDPOINT: 'ftp://files' })).toThrow(/S3_ENDPOINT/);
  });

  it('requires an https endpoint in production', () => {
    const production = { ...PRODUCTION_BASE, ...PRODUCTION_PAYMENTS, ...s3 };
    expect(() => loadEnv({ ...production, S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_ENDPOINT must be https in production/,
    );
    expect(loadEnv({ ...production, S3_ENDPOINT: 'https://minio.internal' }).FILE_STORAGE).toBe('s3');
    expect(loadEnv(production).S3_ENDPOINT).toBeUndefined();
  });
});
