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
