import { describe, expect, it } from 'vitest';
import { setupE2E } from './support/browser.ts';
import { expectVisible, pathOf, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

describe('not-found page', () => {
  it('answers HTTP 404 with a not-found page that links home', async () => {
    const { page } = await e2e.desktop({
      // Chromium logs the document's own 404 status as a console error; that is the point here.
      allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
    });
    const response = await page.goto('/no-such-page-xyz');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await expectVisible(page.getByRole('heading', { level: 1, name: /not found/i }));
    expect(await page.getByText('Error Page', { exact: true }).count(), 'a 404 is not a crash').toBe(0);
    await waitForHydration(page);

    const home = page.getByRole('main').getByRole('link', { name: /home/i });
    await expectVisible(home.first());
    expect(pathOf(await home.first().getAttribute('href'), e2e.baseURL)).toBe('/');
    await home.first().click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    await expectVisible(page.getByRole('heading', { level: 1 }));
  });

  it('answers a JSON 404 envelope for an unknown API path, never the HTML page', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${e2e.baseURL}/api/v1/whatever`, {
        method,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      expect(response.status, `${method} /api/v1/whatever`).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ isSuccess: false, statusCode: 404, data: null });
      expect(typeof body.message === 'string' && body.message.length > 0, 'a message').toBe(true);
    }
  });
});

describe('error boundary', () => {
  it("shows 'Error Page' when a page crashes", async () => {
    const { page, errors } = await e2e.desktop({ allowConsoleErrors: [/./] });
    const response = await page.goto('/dev/crash');
    expect(response?.status(), 'a crash is not a success').toBe(500);
    const heading = page.getByRole('heading', { name: 'Error Page', exact: true });
    await expectVisible(heading);
    expect((await heading.textContent())?.trim()).toBe('Error Page');
    await expectVisible(page.getByRole('link', { name: /home/i }).first());
    await waitForHydration(page);
    // Still the boundary after hydration, and the crash was reported in the console.
    await expectVisible(heading);
    await poll(() => errors.length, 'the crash is logged as a console error').toBeGreaterThan(0);
  });
});
