import { mkdir, writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTO_ORDER_PATH, ROUTES } from '../src/domain/config/routes.ts';
import { PHOTO_CHECK_COOKIE } from '../src/domain/photos/checks.ts';
import { PHOTO_SIZES } from '../src/domain/photos/sizes.ts';
import { faceOn } from '../src/server/modules/photos/compliance/test-images.ts';
import { PHOTO_CHECKS_TEXT } from '../src/web/components/photo-checks.tsx';
import { CHECK_TEXT } from '../src/web/features/photos/check/text.ts';
import { FLOW_TEXT } from '../src/web/features/photos/order/text.ts';
import { STRONG_PASSWORD, uniqueEmail, waitForInteractive, waitForLink } from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { looksRight } from './support/looks.ts';
import { expectVisible, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

const TEST_TIMEOUT_MS = 180_000;
/** The check runs face detection in the request: a second warm, several at the worker's first photo. */
const CHECK_TIMEOUT_MS = 60_000;
const US = PHOTO_SIZES['us-2x2'];
const FILE_NAME = 'e2e-check-first.jpg';

/** A level, sharp face on a plain wall (the engine's own sample, as the photo order journey uses). */
async function portrait(): Promise<string> {
  await mkdir('.tmp', { recursive: true });
  const path = `.tmp/${FILE_NAME}`;
  await writeFile(path, await faceOn('brunette'));
  return path;
}

/** On /photos with no account: choose the US 2×2 size and a photo, and check it. */
async function checkOnLanding(page: Page) {
  await page.goto(ROUTES.PHOTOS);
  await waitForHydration(page);
  const panel = page.getByRole('region', { name: CHECK_TEXT.title });
  await waitForInteractive(panel.getByRole('button', { name: CHECK_TEXT.submit }));
  await panel.getByLabel(CHECK_TEXT.sizeLabel).selectOption('us-2x2');
  await panel.getByLabel(CHECK_TEXT.fileLabel).setInputFiles(await portrait());
  await panel.getByRole('button', { name: CHECK_TEXT.submit }).click();
  const verdict = page.getByRole('region', { name: CHECK_TEXT.verdictTitle });
  await expectVisible(verdict.getByRole('region', { name: `Check of ${FILE_NAME}` }), CHECK_TIMEOUT_MS);
  return verdict;
}

describe('check first, account later (issue 31)', () => {
  it(
    'a visitor checks a photo at 390 px without an account, sees the verdict, signs up at Order and the order holds that photo',
    async () => {
      const { page, context } = await e2e.mobile();
      const verdict = await checkOnLanding(page);
      await expectVisible(verdict.getByText(PHOTO_CHECKS_TEXT.passed));
      await expectVisible(verdict.getByRole('img', { name: `${CHECK_TEXT.fitted}: ${FILE_NAME}` }));
      // No account, no session: only the check's own cookie, HttpOnly.
      const cookies = await context.cookies();
      expect(cookies.some((c) => c.name.includes('session'))).toBe(false);
      expect(cookies.find((c) => c.name === PHOTO_CHECK_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      await looksRight(page, 'photo-check-first-verdict-390');

      // The fitted photo is this browser's alone: another browser gets a 404.
      const other = await e2e.desktop();
      const stranger = await other.page.request.get(`${e2e.baseURL}/api/v1/photo-checks/current/fitted`);
      expect(stranger.status()).toBe(404);

      // Coming back shows the check again.
      await page.reload();
      await waitForHydration(page);
      await expectVisible(page.getByRole('region', { name: `Check of ${FILE_NAME}` }));

      // Ordering is where the account comes: the sign-up page, back to the order afterwards.
      const order = verdict.getByRole('link', { name: CHECK_TEXT.order });
      const href = (await order.getAttribute('href')) ?? '';
      expect(href).toBe(`${ROUTES.SIGN_UP}?${new URLSearchParams({ redirect: PHOTO_ORDER_PATH })}`);
      await page.goto(href);
      const email = uniqueEmail('check-first');
      const form = page.getByRole('form', { name: 'Sign Up' });
      await waitForInteractive(form);
      await form.getByLabel('Full Name').fill('Anjali Rao');
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByRole('textbox', { name: 'Phone' }).fill('4155550188');
      await form.getByLabel('Set Password').fill(STRONG_PASSWORD);
      await form.getByLabel('Re-enter Password').fill(STRONG_PASSWORD);
      await form.getByRole('checkbox', { name: /I agree/ }).check();
      await form.getByRole('button', { name: 'Apply Now' }).click();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Check your inbox' }));

      // The dev mailbox's link, opened on the same phone: verified, signed in, and on to the order.
      await page.goto(await waitForLink(e2e.baseURL, email, '/verify-email'));
      await page.waitForURL(
        (url) => url.pathname === PHOTO_ORDER_PATH && /^PHO-/.test(url.searchParams.get('orderId') ?? ''),
        { timeout: 30_000 },
      );
      await waitForHydration(page);
      await expectVisible(page.getByRole('heading', { level: 1, name: FLOW_TEXT.title }));
      await expectVisible(page.getByRole('heading', { level: 3, name: US.documentType }));
      const report = page.getByRole('region', { name: `Check of ${FILE_NAME}` });
      await expectVisible(report);
      await expectVisible(report.getByText(PHOTO_CHECKS_TEXT.passed));
      await looksRight(page, 'photo-check-first-order-390');

      // The order holds the photo; the check is gone (claimed once) and its cookie with it.
      const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
      const held = await page.request.get(`${e2e.baseURL}/api/v1/photo-orders/${orderId}`);
      const items = (await held.json()).data.items as { photos: { name: string; state: string }[] }[];
      expect(items.map((i) => i.photos.map((p) => [p.name, p.state]))).toEqual([[[FILE_NAME, 'done']]]);
      expect((await context.cookies()).some((c) => c.name === PHOTO_CHECK_COOKIE)).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the anonymous verdict at 1440 px',
    async () => {
      const { page } = await e2e.desktop();
      const verdict = await checkOnLanding(page);
      await expectVisible(verdict.getByRole('link', { name: CHECK_TEXT.order }));
      await looksRight(page, 'photo-check-first-verdict-1440');
    },
    TEST_TIMEOUT_MS,
  );
});
