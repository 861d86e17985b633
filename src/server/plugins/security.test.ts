import { describe, expect, it } from 'vitest';
import { helmetHeaders, nonceSource } from './security.ts';

describe('helmetHeaders', () => {
  it("works out helmet's headers once, with our referrer policy", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
    });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers).not.toHaveProperty('content-security-policy');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('adds HSTS only when asked (a production deployment)', () => {
    expect(helmetHeaders({ strictTransportSecurity: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('nonceSource', () => {
  it('answers a different 16-byte nonce every time, across refills of its pool', () => {
    const next = nonceSource();
    const nonces = Array.from({ length: 1000 }, next);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
