import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { signInContext, uniqueEmail, verifiedAccount, waitForInteractive } from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { expectHidden, expectVisible, poll, waitForHydration } from './support/page.ts';

/**
 * Closing a modal, a bottom sheet, the mobile drawer or a popover gives the focus back to the
 * control that opened it, not to the page's <body> (issue 17 point 4). The home page's banner
 * popup is tested with the popup; these pages have none.
 */
const e2e = setupE2E();

/** What has the focus, named the way a test can compare: tag, accessible label and text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
    return `${el.tagName.toLowerCase()} ${name}`;
  });
}

describe('focus after a dialog closes', () => {
  it('the service modal (desktop) hands it back to "Change choices", closed or applied', async () => {
    const { page } = await e2e.desktop();
    await page.goto('/oci-card');
    await waitForHydration(page);
    const change = page.getByRole('link', { name: 'Change choices' });
    const dialog = page.getByRole('dialog', { name: 'OCI Card Service' });

    await change.click();
    await expectVisible(dialog);
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    await poll(() => focused(page)).toBe('a Change choices');

    await change.press('Enter');
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectHidden(dialog);
    await poll(() => focused(page)).toBe('a Change choices');

    // Apply Now re-renders the page for the new choice: its "Change choices" gets the focus.
    await change.click();
    await dialog.getByRole('combobox', { name: /^Applying From/ }).click();
    await dialog.getByRole('listbox', { name: 'Applying From' }).getByRole('option', { name: 'Canada' }).click();
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    await page.waitForURL((url) => url.pathname === '/oci-card/ca');
    await expectHidden(dialog);
    await poll(() => focused(page)).toBe('a Change choices');
  });

  it('the service bottom sheet (phone) hands it back to "Change choices"', async () => {
    const { page } = await e2e.mobile();
    await page.goto('/indian-visa');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Change choices' }).click();
    const sheet = page.getByRole('dialog', { name: 'Indian Visa Service' });
    await expectVisible(sheet);
    await page.keyboard.press('Escape');
    await expectHidden(sheet);
    await poll(() => focused(page)).toBe('a Change choices');
  });

  it('the Sign In dialog (desktop) hands it back to the header link that opened it', async () => {
    const { page } = await e2e.desktop();
    await page.goto('/about-us');
    await waitForHydration(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    await poll(() => focused(page)).toBe('a Sign In');
  });

  it('the Sign Up sheet (phone) hands it back to the Account button, whose menu hid the link', async () => {
    const { page } = await e2e.mobile();
    await page.goto('/about-us');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
    const sheet = page.getByRole('dialog');
    await expectVisible(sheet);
    await page.keyboard.press('Escape');
    await expectHidden(sheet);
    await poll(() => focused(page)).toBe('button Account');
  });

  it('the mobile drawer hands it back to "Open menu"', async () => {
    const { page } = await e2e.mobile();
    await page.goto('/about-us');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expectVisible(drawer);
    await page.keyboard.press('Escape');
    await expectHidden(drawer);
    await poll(() => focused(page)).toBe('button Open menu');
  });

  it('the notification panel hands it back to the bell', async () => {
    const email = uniqueEmail('focus');
    await verifiedAccount(e2e.baseURL, email);
    const { context, page } = await e2e.desktop();
    await signInContext(context, e2e.baseURL, email);
    await page.goto('/about-us');
    await waitForHydration(page);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await waitForInteractive(bell);
    await bell.click();
    const panel = page.getByRole('dialog', { name: /^Notifications/ });
    await expectVisible(panel, 10_000);
    await page.keyboard.press('Escape');
    await expectHidden(panel);
    // Radix gives the focus back in a task after the panel leaves the page (FocusScope's
    // setTimeout): read once, a busy machine can catch <body> in between, as every other test here knows.
    await poll(() => focused(page)).toMatch(/^button Notifications/);
  });
});
