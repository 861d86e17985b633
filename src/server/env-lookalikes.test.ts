import { describe, expect, it } from 'vitest';
import { ENV_NAMES } from './env.ts';
import { lookalikeVariables } from './env-lookalikes.ts';

describe('lookalikeVariables', () => {
  it('names a misspelt variable with the one it resembles', () => {
    expect(
      lookalikeVariables({ DATABSE_URL: 'postgres://db/shop', SMTP_ULR: 'smtp://x', SITEURL: 'https://x' }, ENV_NAMES),
    ).toEqual([
      'DATABSE_URL is set but not read: did you mean DATABASE_URL?',
      'SITEURL is set but not read: did you mean SITE_URL?',
      'SMTP_ULR is set but not read: did you mean SMTP_URL?',
    ]);
  });

  it("names an unknown variable of an integration's prefix with the ones that are read", () => {
    expect(lookalikeVariables({ SMTP_HOST: 'mail.example.com', STRIPE_PUBLISHABLE_KEY: 'pk_1' }, ENV_NAMES)).toEqual([
      'SMTP_HOST is set but not read: the SMTP settings are SMTP_URL',
      'STRIPE_PUBLISHABLE_KEY is set but not read: the STRIPE settings are STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET',
    ]);
  });

  it("says that one of the code's own figures, set as a variable, is not a setting", () => {
    expect(lookalikeVariables({ ORDER_FILES_RETENTION_DAYS: '30', RETENTION_PAUSE_MS: '50' }, ENV_NAMES)).toEqual([
      'ORDER_FILES_RETENTION_DAYS is set but not read: it is fixed in the code, not a setting',
      'RETENTION_PAUSE_MS is set but not read: it is fixed in the code, not a setting',
    ]);
  });

  it("says nothing of the server's own variables or the platform's", () => {
    const platform = {
      PATH: '/usr/bin',
      HOME: '/root',
      HOSTNAME: 'box',
      MAIL: '/var/mail/root',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/ca.pem',
      SSL_CERT_DIR: '/etc/ssl/certs',
      XDG_DATA_DIRS: '/usr/share',
      TEST_DATABASE_URL: 'postgres://test',
      E2E_BUILD_DIR: '/build',
    };
    const ours = Object.fromEntries(ENV_NAMES.map((name) => [name, 'x']));
    expect(lookalikeVariables({ ...platform, ...ours }, ENV_NAMES)).toEqual([]);
  });
});
