import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('gives the embedded defaults with no configuration', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.siteUrl).toBe('http://localhost:3000');
    expect(env.SEED_ON_START).toBe(true);
  });

  it('stops with a readable message on a malformed value', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses production without SITE_URL or SMTP', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SITE_URL is required in production/);
    expect(() => loadEnv({ NODE_ENV: 'production', SITE_URL: 'https://sevadocs.example' })).toThrow(
      /SMTP_URL is required in production/,
    );
    const complete = {
      NODE_ENV: 'production',
      SITE_URL: 'https://sevadocs.example/',
      SMTP_URL: 'smtp://mail:25',
      RECAPTCHA_SECRET_KEY: 'secret',
      RECAPTCHA_SITE_KEY: 'site-key',
    };
    for (const key of ['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_SITE_KEY'] as const) {
      expect(() => loadEnv({ ...complete, [key]: '' })).toThrow(new RegExp(`${key} is required in production`));
    }
    const env = loadEnv(complete);
    expect(env.siteUrl).toBe('https://sevadocs.example');
  });
});
