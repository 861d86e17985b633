import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail, waitForInteractive, waitForLink } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { choosePackageOn } from './support/catalog.ts';
import { screenshot, sidewaysOverflow } from './support/looks.ts';
import { expectVisible, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

/**
 * Issue 30 §4, the way in and back: a visitor signs up while on a package, and the verification
 * link, opened in another browser (a fresh context: no cookie, no storage, as on another device),
 * verifies, signs in and lands back on that package. There "Pay now, finish the forms later" sits
 * beside "Start the forms"; paying first leaves an application the dashboard and home offer to
 * continue, naming its member.
 */
const PACKAGE_PAGE = '/oci-card/new-oci-card/us';
const PACKAGE_NAME = 'New OCI Card';
const PACKAGE_FORM = '/package-form?service=oci-card&package=new-oci-card&applyingFrom=US';
const VERIFIED_SIGNED_IN = 'Your email is verified and you are signed in.';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** On the package, signed out: choose it, then create an account from the sign-in page it leads to. */
async function signUpOnPackage(page: Page, email: string) {
  await choosePackageOn(page, PACKAGE_PAGE, PACKAGE_NAME);
  await page.waitForURL((url) => url.pathname === '/signin');
  const choice = page.getByRole('navigation', { name: 'Sign in or create an account' });
  await waitForInteractive(choice.getByRole('link', { name: 'Create an account' }));
  await choice.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL((url) => url.pathname === '/signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await waitForInteractive(form);
  await form.getByLabel('Full Name').fill('Priya Sharma');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Phone' }).fill('4155550123');
  await form.getByLabel('Set Password').fill(STRONG_PASSWORD);
  await form.getByLabel('Re-enter Password').fill(STRONG_PASSWORD);
  await form.getByRole('checkbox', { name: /I agree/ }).check();
  await form.getByRole('button', { name: 'Apply Now' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Check your inbox' }));
}

describe('the verification link brings the customer back, signed in, on any device', () => {
  it('signs up on a phone, opens the link in another browser, lands on the package signed in', async () => {
    const email = uniqueEmail('wayback');
    const phone = await e2e.mobile();
    await signUpOnPackage(phone.page, email);

    // The link from the dev mailbox, in a browser that has never seen this visitor.
    const link = await waitForLink(e2e.baseURL, email, '/verify-email');
    expect(new URL(link).searchParams.get('redirect'), 'the place is not in the link').toBeNull();
    const { page, context } = await e2e.desktop();
    expect(await context.cookies()).toEqual([]);
    await page.goto(link);
    await expectVisible(toast(page, VERIFIED_SIGNED_IN));
    await page.waitForURL((url) => url.pathname === '/package-form', { timeout: 15_000 });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(PACKAGE_FORM);
    await expectVisible(page.getByRole('heading', { level: 2, name: PACKAGE_NAME }));
    // Signed in: the form to start the application, not the sign-in offer.
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Who is applying?' }));
    expect(await page.getByRole('navigation', { name: 'Sign in or create an account' }).count()).toBe(0);

    // The two ways on, alike.
    const ways = page.getByRole('list', { name: 'How to go on' });
    await expectVisible(ways.getByRole('button', { name: 'Start the forms' }));
    await expectVisible(ways.getByRole('button', { name: 'Pay now, finish the forms later' }));
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'verify-return-start-1440');

    // The same link again, anywhere: already verified, and nobody else is signed in by it.
    const other = await e2e.desktop();
    await other.page.goto(link);
    await waitForHydration(other.page);
    await expectVisible(other.page.getByText('Your email is already verified. You can sign in now.'));
    expect((await other.context.cookies()).some((c) => c.name.includes('session'))).toBe(false);
  });

  it('pays first from the phone; the dashboard and home offer to continue, naming the member', async () => {
    const email = uniqueEmail('paylater');
    const signup = await e2e.desktop();
    await signUpOnPackage(signup.page, email);
    const link = await waitForLink(e2e.baseURL, email, '/verify-email');

    const { page } = await e2e.mobile();
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/package-form', { timeout: 15_000 });
    const ways = page.getByRole('list', { name: 'How to go on' });
    await waitForInteractive(ways.getByRole('button', { name: 'Pay now, finish the forms later' }));
    await page.getByRole('group', { name: 'Member 1' }).getByLabel('Date of birth').fill('1986-02-14');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'verify-return-start-390');
    await ways.getByRole('button', { name: 'Pay now, finish the forms later' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout', { timeout: 15_000 });
    const displayId = new URL(page.url()).searchParams.get('orderId') ?? '';
    expect(displayId).toMatch(/^DOC-/);

    await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'Continue your application' });
    await expectVisible(section);
    const go = section.getByRole('link', { name: 'Continue: OCI Card for Priya' });
    await expectVisible(go);
    expect(await go.getAttribute('href')).toBe(`/service-order?orderId=${displayId}`);
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'verify-return-dashboard-390');

    await page.goto('/');
    await expectVisible(
      page.getByRole('region', { name: 'Continue your application' }).getByText('OCI Card for Priya'),
    );
    await screenshot(page, 'verify-return-home-390');

    // The same screens at 1440.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    await expectVisible(page.getByRole('region', { name: 'Continue your application' }));
    await screenshot(page, 'verify-return-dashboard-1440');
    await page.goto('/');
    await expectVisible(page.getByRole('region', { name: 'Continue your application' }));
    await screenshot(page, 'verify-return-home-1440');
  });
});
