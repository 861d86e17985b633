import { describe, expect, inject, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail, verifiedAccount } from './support/accounts.ts';

const baseURL = inject('baseURL');

/** A signed-in visitor's session cookie, from the real sign-in endpoint. */
async function sessionCookie(email: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sevadocs_session='));
  expect(cookie, 'the sign-in sets a session cookie').toBeDefined();
  return (cookie as string).split(';')[0] as string;
}

describe('redirect after sign-in', () => {
  it('sends a signed-in visitor only to paths of this site, never a 5xx, whatever the encoding', async () => {
    const email = uniqueEmail('redirect');
    await verifiedAccount(baseURL, email);
    const cookie = await sessionCookie(email);
    const cases: [string, string][] = [
      ['%2Fdashboard', '/dashboard'],
      ['%2Fprofile%3Ftab%3Dorders', '/profile?tab=orders'],
      ['/%09/evil.example/phish', '/'],
      ['/%0A/evil.example', '/'],
      ['/%0D%0A/evil.example', '/'],
      ['%2F%2Fevil.example', '/'],
      ['%2F%5Cevil.example', '/'],
      ['%5C%5Cevil.example', '/'],
      ['https%3A%2F%2Fevil.example', '/'],
      ['javascript%3Aalert(1)', '/'],
      ['%2F.%2F%2Fevil.example', '/'],
      ['%E3%80%80%2F%2Fevil.example', '/'],
      ['%00', '/'],
      ['%FF%FE', '/'],
    ];
    for (const [query, expected] of cases) {
      const response = await fetch(`${baseURL}/signin?redirect=${query}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      expect(response.status, `?redirect=${query}`).toBe(302);
      const location = response.headers.get('location') ?? '';
      expect(location, `?redirect=${query}`).toBe(expected);
      expect(new URL(location, baseURL).origin).toBe(baseURL);
    }
  });
});

describe('the dev mailbox', () => {
  it('shows its page and API to this machine only, not to a request a proxy relayed', async () => {
    expect((await fetch(`${baseURL}/dev/mailbox`)).status).toBe(200);
    expect((await fetch(`${baseURL}/api/v1/dev/mailbox`)).status).toBe(200);
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { via: '1.1 proxy' },
    ];
    for (const headers of relayed) {
      expect((await fetch(`${baseURL}/dev/mailbox`, { headers })).status, JSON.stringify(headers)).toBe(404);
      expect((await fetch(`${baseURL}/api/v1/dev/mailbox`, { headers })).status, JSON.stringify(headers)).toBe(404);
    }
  });
});

describe('answers that never leak or fail', () => {
  it('answers 405 to TRACE on a page, not a 500', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${baseURL}/oci-card`, { method: 'TRACE' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(405);
  });

  it('refuses a NUL character in a page form with the field message, never a 500 or SQL', async () => {
    const form = new URLSearchParams({
      name: 'Asha Verma',
      email: 'asha@example.com',
      phone: '+1 415 555 0123',
      enquiryType: 'new-application',
      topic: 'indian-consular-application',
      message: 'When will my OCI card\u0000 be ready? I applied last month.',
    });
    const response = await fetch(`${baseURL}/contact`, {
      method: 'POST',
      headers: { origin: baseURL, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Please remove the hidden control character (NUL) from this text');
    expect(html).not.toMatch(/insert into|violates|invalid byte sequence/i);
  });

  it('shows a crash without a stack trace, file path or source line', async () => {
    const response = await fetch(`${baseURL}/dev/crash`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Error Page');
    expect(html).not.toMatch(/Deliberate crash|\/src\/|node_modules|\.tsx?:\d+|\n\s+at /);
  });
});

describe('pages that carry a token', () => {
  it('are never kept by a shared cache', async () => {
    for (const path of ['/verify-email?token=abc123', '/create-password?token=abc123']) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });
});

describe('content security policy on rendered pages', () => {
  /** The script nonce of a response's CSP and the inline scripts of its HTML. */
  async function pageScripts(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${baseURL}${path}`, { headers });
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1] ?? '';
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
      .map((m) => m[1] ?? '')
      .filter((attributes) => !/type="application\/ld\+json"/.test(attributes));
    return { scriptSrc, nonce, inline };
  }

  it('gives every inline script of a page the nonce its header allows, and nothing else inline runs', async () => {
    for (const path of ['/', '/oci-card', '/contact', '/signin', '/no-such-page']) {
      const { scriptSrc, nonce, inline } = await pageScripts(path);
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(nonce.length, path).toBeGreaterThan(16);
      expect(inline.length, `${path} has inline scripts (React Router's)`).toBeGreaterThan(0);
      for (const attributes of inline) expect(attributes, path).toContain(`nonce="${nonce}"`);
    }
  });

  it('keeps a cached page and its header together, and renders a signed-in page with a fresh nonce', async () => {
    const first = await pageScripts('/about-us');
    const second = await pageScripts('/about-us');
    for (const page of [first, second]) for (const a of page.inline) expect(a).toContain(`nonce="${page.nonce}"`);

    const email = uniqueEmail('csp');
    await verifiedAccount(baseURL, email);
    const cookie = await sessionCookie(email);
    const a = await pageScripts('/dashboard', { cookie });
    const b = await pageScripts('/dashboard', { cookie });
    expect(a.nonce).not.toBe(b.nonce);
    for (const page of [a, b]) for (const attrs of page.inline) expect(attrs).toContain(`nonce="${page.nonce}"`);
  });
});
