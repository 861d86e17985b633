import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT } from '../src/domain/auth/messages.ts';
import { ROUTES } from '../src/domain/config/routes.ts';
import { signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { fetchServices } from './support/api.ts';
import { setupE2E } from './support/browser.ts';
import { overlapArea, screenshot } from './support/looks.ts';
import { startOrder } from './support/orders.ts';
import { bodyOverflow, expectHidden, expectVisible, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

const hamburger = (page: Page) => page.getByRole('button', { name: 'Open menu' });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

/**
 * Loads a content page, opens the drawer and checks the page scroll is locked. Not the home page:
 * its offer popup opens 2 s after load and locks the scroll too, which on a slow machine can
 * happen just after the drawer closed.
 */
async function openDrawer(page: Page): Promise<{ dialog: Locator; before: string }> {
  await page.goto(ROUTES.ABOUT);
  await waitForHydration(page);
  const { overflow: before } = await bodyOverflow(page);
  expect(before, 'the page scrolls before the drawer opens').not.toBe('hidden');
  const button = hamburger(page);
  await expectVisible(button);
  await button.click();
  const dialog = drawer(page);
  await expectVisible(dialog);
  await poll(async () => (await bodyOverflow(page)).overflow, 'body overflow while the drawer is open').toBe('hidden');
  return { dialog, before };
}

async function expectClosed(page: Page, dialog: Locator, before: string): Promise<void> {
  await expectHidden(dialog);
  await poll(async () => (await bodyOverflow(page)).overflow, 'body overflow after closing').toBe(before);
}

/** A point on the backdrop: beside the drawer panel, in the middle of the free area. */
async function outsidePoint(page: Page, dialog: Locator): Promise<{ x: number; y: number }> {
  // Measure where the panel comes to rest, not a frame of its slide-in animation.
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('the drawer has no box');
  const rightGap = viewport.width - (box.x + box.width);
  const leftGap = box.x;
  expect(Math.max(leftGap, rightGap), 'the drawer leaves part of the page visible to click').toBeGreaterThanOrEqual(24);
  const x = rightGap >= leftGap ? box.x + box.width + rightGap / 2 : leftGap / 2;
  return { x, y: viewport.height / 2 };
}

describe('mobile header (390 px)', () => {
  it('shows the hamburger instead of the desktop nav', async () => {
    const { page } = await e2e.mobile();
    await page.goto('/');
    await expectVisible(hamburger(page));
    expect(
      await page.getByRole('button', { name: 'Services', exact: true }).filter({ visible: true }).count(),
      'no visible desktop Services dropdown button outside the drawer',
    ).toBe(0);
  });

  it('treats 1280 px as mobile and 1281 px as desktop (SPEC.md §9)', async () => {
    const { page } = await e2e.desktop({ viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    await expectVisible(hamburger(page));
    await page.setViewportSize({ width: 1281, height: 800 });
    await expectHidden(hamburger(page));
    await expectVisible(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }));
  });
});

describe('mobile side drawer', () => {
  it('locks page scrolling while open and the back arrow closes it', async () => {
    const { page } = await e2e.mobile();
    const { dialog, before } = await openDrawer(page);
    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expectClosed(page, dialog, before);
  });

  it('closes on a click outside the drawer', async () => {
    const { page } = await e2e.mobile();
    const { dialog, before } = await openDrawer(page);
    const point = await outsidePoint(page, dialog);
    await page.mouse.click(point.x, point.y);
    await expectClosed(page, dialog, before);
  });

  it('closes when the user scrolls over the page', async () => {
    const { page } = await e2e.mobile();
    const { dialog, before } = await openDrawer(page);
    const point = await outsidePoint(page, dialog);
    await page.mouse.move(point.x, point.y);
    await page.mouse.wheel(0, 400);
    await expectClosed(page, dialog, before);
  });

  it('lists the services as an expandable +/- list at most 320 px high', async () => {
    const services = await fetchServices(e2e.baseURL);
    const { page } = await e2e.mobile();
    const { dialog } = await openDrawer(page);
    const toggle = dialog.getByRole('button', { name: /^\W*Services\W*$/ });
    expect(await toggle.count(), 'one Services toggle in the drawer').toBe(1);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const first = services[0];
    if (!first) throw new Error('no service');
    const firstLink = dialog.getByRole('link', { name: first.name, exact: true });
    expect(await firstLink.filter({ visible: true }).count(), 'services hidden while collapsed').toBe(0);

    await toggle.click();
    await poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    for (const service of services) {
      const link = dialog.getByRole('link', { name: service.name, exact: true }).filter({ visible: true });
      await expectVisible(link.first());
      expect(await link.first().getAttribute('href')).toBe(`/${service.slug}`);
    }

    // The list (or the box that scrolls it) is capped at 320 px.
    const maxHeight = await firstLink.evaluate(
      (link, root) => {
        for (let n = link.parentElement; n && n !== root; n = n.parentElement) {
          const value = getComputedStyle(n).maxHeight;
          if (value !== 'none') return value;
        }
        return 'none';
      },
      await dialog.elementHandle(),
    );
    expect(maxHeight, 'max-height of the mobile services list').toBe('320px');

    await toggle.click();
    await poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expectHidden(firstLink);
  });
});

describe('the dashboard on a phone', () => {
  it('stacks a recent order: the whole title on its own line, its number, date, status and total below, none over another', async () => {
    const email = uniqueEmail('dashboard-row');
    await verifiedAccount(e2e.baseURL, email, 'Row Reader');
    const { page, context } = await e2e.mobile();
    await signInContext(context, e2e.baseURL, email);
    const order = await startOrder(context, e2e.baseURL);
    for (const width of [360, 390, 430, 1440]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(ROUTES.DASHBOARD);
      const row = page.getByRole('region', { name: 'Recent orders' }).getByRole('link').first();
      const title = row.getByText('OCI Card: New OCI Card', { exact: true });
      await expectVisible(title);
      const parts = [
        title,
        row.getByText(new RegExp(`^${order.displayId} · `)),
        row.getByText('Payment pending', { exact: true }),
        row.getByText(/^\$\d/),
      ];
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), `${width} px: the title is not cut`).toBe(
        true,
      );
      for (const [i, a] of parts.entries()) {
        for (const b of parts.slice(i + 1)) {
          expect(await overlapArea(a, b), `${width} px: parts of the row overlap`).toBe(0);
        }
      }
      const [titleBox, numberBox, totalBox] = await Promise.all([
        title.boundingBox(),
        parts[1]?.boundingBox(),
        parts[3]?.boundingBox(),
      ]);
      if (!titleBox || !numberBox || !totalBox) throw new Error('a part of the row has no box');
      // The number and date on one line, not a word a line in a squeezed column.
      expect(numberBox.height, `${width} px: the number and date on one line`).toBeLessThan(30);
      if (width === 1440) {
        expect(totalBox.y, 'on a desktop the total sits in the row beside the title').toBeLessThan(
          titleBox.y + titleBox.height,
        );
      } else {
        expect(totalBox.y, `${width} px: the total below the title`).toBeGreaterThanOrEqual(
          titleBox.y + titleBox.height,
        );
      }
      await screenshot(row, `dashboard-recent-order-${width}`);
    }
  });
});

describe('the chat button on a phone', () => {
  it('leaves the sign-up password hint readable while the password is typed', async () => {
    const { page } = await e2e.mobile();
    await page.goto(ROUTES.SIGN_UP);
    await waitForHydration(page);
    const hint = page.getByText(PASSWORD_HINT);
    const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp', includeHidden: true });
    await Promise.all([expectVisible(hint), expectVisible(chat)]);
    // Scrolled so that the hint is level with the chat button, as at the foot of a 390 × 844 screen.
    // Polled: CI runs 44 and 48f found the hint visible, then without a box for a moment (the page's
    // code replacing the server's markup under load).
    // The boxes are those the poll found: reading them again after it raced the same replacement
    // once more (CI run 52b: laid out at the poll, no box for the hint a moment later).
    const seen: { boxes: { hint: { y: number }; chat: { y: number } } | null } = { boxes: null };
    await poll(async () => {
      const [hintBox, chatBox] = await Promise.all([hint.boundingBox(), chat.boundingBox()]);
      seen.boxes = hintBox && chatBox ? { hint: hintBox, chat: chatBox } : null;
      return seen.boxes !== null;
    }, 'the hint and the chat button laid out').toBe(true);
    if (!seen.boxes) throw new Error('the poll passed without the boxes it found');
    const { hint: hintBox, chat: chatBox } = seen.boxes;
    await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'instant' }), hintBox.y - chatBox.y);
    // Polled, the field focused at each try: CI run 47d measured 983 px² once under load, the button
    // still in place just after the focus (the style that hides it, or the field it keys on, not yet
    // current). What must hold is the steady state while the field has the focus.
    const password = page.getByLabel('Set Password');
    await poll(async () => {
      await password.evaluate((input: HTMLInputElement) => input.focus({ preventScroll: true }));
      return overlapArea(chat, hint);
    }, 'the chat button over the password hint').toBe(0);
    await screenshot(page, 'signup-password-typed-390', { fullPage: false });
  });

  it('covers none of the footer’s last lines once the page is scrolled to its end', async () => {
    const { page } = await e2e.mobile();
    await page.goto(ROUTES.ABOUT);
    await waitForHydration(page);
    const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
    await expectVisible(chat);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const footer = page.locator('footer');
    const last = [footer.getByText(/All rights reserved/), footer.getByRole('link', { name: 'Privacy' })];
    for (const line of last) await poll(() => overlapArea(chat, line), 'the chat button over the footer').toBe(0);
    await screenshot(page, 'footer-end-390', { fullPage: false });
  });
});
