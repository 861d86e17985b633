import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  mailsTo,
  STRONG_PASSWORD,
  signInContext,
  signUpByApi,
  uniqueEmail,
  verifiedAccount,
  waitForInteractive,
  waitForLink,
} from './support/accounts.ts';
import { fetchServices } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { expectBackdropAfterDelay, holdPageClock } from './support/bottom-sheet.ts';
import { setupE2E } from './support/browser.ts';
import {
  expectHidden,
  expectVisible,
  holdBackChunk,
  poll,
  pollMail,
  settled,
  waitForHydration,
} from './support/page.ts';

const e2e = setupE2E();

/** SPEC.md §5 and §8, verbatim. */
const M = {
  emailRequired: 'Email is required',
  invalidEmailFormat: 'Invalid email format',
  passwordRequired: 'Password is required',
  fieldRequired: 'This field is required',
  passwordStrength: 'Password must meet the strength requirements:',
  passwordsDoNotMatch: 'Passwords do not match',
  referralEmpty: 'Referral code is empty',
  unverified: 'Please check your email for verification. Kindly check in SPAM folder if not received in Inbox.',
  resendSuccess: 'Verification email sent successfully!',
  resendNeedsEmail: 'Please provide an email address.',
  noNotifications: 'There are currently no notifications available at the moment.',
};
/** The server's wording (src/domain/auth/messages.ts AUTH_API_MESSAGES). */
const SIGNED_UP = 'Registration successful! Please check your email to verify your account.';
const VERIFIED_SIGNED_IN = 'Your email is verified and you are signed in.';
const WELCOME = 'Welcome to SevaDocs! Your email is verified.';

/** Chromium reports every 4xx answer of fetch as a console error; these tests expect some. */
const EXPECTED_4XX = [/Failed to load resource: the server responded with a status of 40[134]/];

let startPath = '/';
beforeAll(async () => {
  // A page without the home page's timed promotional popup, which would take the focus mid-test.
  const [service] = await fetchServices(e2e.baseURL);
  startPath = `/${service?.slug}`;
});

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const dialog = (page: Page, name: 'Sign In' | 'Sign Up') => page.getByRole('dialog', { name });
const header = (page: Page) => page.getByRole('banner');

async function openFromHeader(page: Page, name: 'Sign In' | 'Sign Up'): Promise<Locator> {
  await header(page).getByRole('link', { name, exact: true }).click();
  const found = dialog(page, name);
  await expectVisible(found);
  return found;
}

async function fillSignUp(form: Locator, email: string, name = 'Priya Sharma') {
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Phone' }).fill('4155550123');
  await form.getByLabel('Set Password').fill(STRONG_PASSWORD);
  await form.getByLabel('Re-enter Password').fill(STRONG_PASSWORD);
}

async function signInThrough(form: Locator, email: string, password = STRONG_PASSWORD) {
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('accounts journey (desktop)', () => {
  it('sign-up in the dialog → dev mailbox → verify link → sign-in → profile edit → logout', async () => {
    const email = uniqueEmail('journey');
    const { page } = await e2e.desktop();
    await page.goto(startPath);
    await waitForHydration(page);

    // Sign Up dialog, with its live checks.
    const signUp = await openFromHeader(page, 'Sign Up');
    await expectVisible(signUp.getByRole('img').or(signUp.locator('img[src="/illustrations/auth-side.svg"]')).first());
    await fillSignUp(signUp, email);
    await signUp.getByLabel('Set Password').fill('weak');
    await expectVisible(signUp.getByText(M.passwordStrength));
    await expectVisible(signUp.getByText('- at least 8 characters long'));
    await signUp.getByLabel('Set Password').fill(STRONG_PASSWORD);
    await expectHidden(signUp.getByText(M.passwordStrength));
    await signUp.getByLabel('Re-enter Password').fill(`${STRONG_PASSWORD}x`);
    await expectVisible(signUp.getByText(M.passwordsDoNotMatch));
    await signUp.getByLabel('Re-enter Password').fill(STRONG_PASSWORD);
    await expectHidden(signUp.getByText(M.passwordsDoNotMatch));
    const applyNow = signUp.getByRole('button', { name: 'Apply Now' });
    expect(await applyNow.isDisabled()).toBe(true);
    await signUp.getByRole('checkbox', { name: /I agree to the Privacy Policy and Terms of Use/ }).check();
    expect(await applyNow.isDisabled()).toBe(false);
    await applyNow.click();
    await expectVisible(toast(page, SIGNED_UP));
    await expectHidden(signUp);

    // The e-mail in the dev mailbox page (once the queue has delivered it), and its verification link.
    await waitForLink(e2e.baseURL, email, '/verify-email');
    await page.goto('/dev/mailbox');
    await waitForHydration(page);
    await page.getByLabel('Filter by recipient or subject').fill(email);
    const mail = page.getByRole('article').filter({ hasText: email }).first();
    await expectVisible(mail);
    await mail.getByRole('link', { name: /\/verify-email\?token=/ }).click();
    // The fresh link signs in and goes back to the page the sign-up was made on (issue 30 §4).
    await expectVisible(toast(page, VERIFIED_SIGNED_IN));
    await poll(() => new URL(page.url()).pathname).toBe(startPath);
    // Loaded afresh: the server renders the header signed in.
    await page.goto(startPath);
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectVisible(nav.getByRole('link', { name: 'Dashboard', exact: true }));
    expect(await nav.getByRole('link', { name: 'Home', exact: true }).count()).toBe(0);
    await expectVisible(header(page).getByRole('button', { name: 'Notifications, 1 unread' }));

    // Profile from the user menu: edit the name and the age group.
    await header(page).getByRole('button', { name: 'Account menu for Priya Sharma' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    const name = page.getByLabel('Full Name');
    await poll(() => name.inputValue()).toBe('Priya Sharma');
    await name.fill('Priya K Sharma');
    await page.getByLabel('Age group').selectOption('26-40');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(toast(page, 'Profile updated successfully'));
    await expectVisible(header(page).getByRole('button', { name: 'Account menu for Priya K Sharma' }));
    await page.reload();
    await poll(() => page.getByLabel('Age group').inputValue()).toBe('26-40');

    // Log out: home, signed out, storage cleared.
    await header(page)
      .getByRole('button', { name: /Account menu for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/');
    await expectVisible(page.locator('header a[href="/signin"]').first());
    expect(await page.locator('header').getByText('Dashboard').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const me = await page.context().request.get('/api/v1/users/profile');
    expect(me.status()).toBe(401);
  });

  it('an unverified sign-in shows the message and Resend Mail, which sends a new e-mail', async () => {
    const email = uniqueEmail('unverified');
    await signUpByApi(e2e.baseURL, email);
    const { page } = await e2e.desktop({ allowConsoleErrors: EXPECTED_4XX });
    await page.goto(startPath);
    await waitForHydration(page);
    const signIn = await openFromHeader(page, 'Sign In');
    expect(await signIn.getByRole('button', { name: 'Resend Mail' }).count()).toBe(0);
    await signInThrough(signIn, email);
    await expectVisible(toast(page, M.unverified));
    await signIn.getByRole('button', { name: 'Resend Mail' }).click();
    await expectVisible(toast(page, M.resendSuccess));
    await pollMail(async () => (await mailsTo(e2e.baseURL, email)).length).toBe(2);
    await signIn.getByLabel('Email', { exact: true }).fill('');
    await signIn.getByRole('button', { name: 'Resend Mail' }).click();
    await expectVisible(toast(page, M.resendNeedsEmail));
  });

  it('shows the validation messages as the spec words them', async () => {
    const { page } = await e2e.desktop({ allowConsoleErrors: EXPECTED_4XX });
    await page.goto(startPath);
    await waitForHydration(page);
    const signIn = await openFromHeader(page, 'Sign In');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectVisible(signIn.getByText(M.emailRequired));
    await expectVisible(signIn.getByText(M.passwordRequired));
    await signIn.getByLabel('Email', { exact: true }).fill('priya@');
    await expectHidden(signIn.getByText(M.emailRequired));
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectVisible(signIn.getByText(M.invalidEmailFormat));
    await signInThrough(signIn, 'nobody@example.com', 'Wrong!Pass1');
    await expectVisible(toast(page, 'Invalid email or password'));

    await signIn.getByRole('button', { name: 'Sign up' }).click();
    const signUp = dialog(page, 'Sign Up');
    await expectVisible(signUp);
    await signUp.getByRole('checkbox', { name: /I agree/ }).check();
    await signUp.getByRole('button', { name: 'Apply Now' }).click();
    await poll(() => signUp.getByText(M.fieldRequired).count()).toBeGreaterThanOrEqual(5);
    await signUp.getByRole('button', { name: 'I have a referral code' }).click();
    await signUp.getByRole('button', { name: 'Apply', exact: true }).click();
    await expectVisible(signUp.getByText(M.referralEmpty));
    await signUp.getByLabel('Referral code').fill('NOSUCHCODE');
    await signUp.getByRole('button', { name: 'Apply', exact: true }).click();
    await expectVisible(signUp.getByText('Invalid referral code'));
    expect(await signUp.getByText('Already a user? SignIn').count()).toBe(1);
    const privacy = signUp.getByRole('link', { name: 'Privacy Policy' });
    expect(await privacy.getAttribute('href')).toBe('/guideline?active=Privacy+Policy+and+Cookies');
    expect(await privacy.getAttribute('target')).toBe('_blank');
    expect(await signUp.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe(
      '/guideline?active=Terms+of+Use',
    );
  });

  it('applies a referral code from another customer', async () => {
    const referrer = uniqueEmail('referrer');
    await verifiedAccount(e2e.baseURL, referrer);
    const { page, context } = await e2e.desktop();
    await signInContext(context, e2e.baseURL, referrer);
    const profile = (await (await context.request.get('/api/v1/users/profile')).json()) as {
      data: { referralCode: string };
    };
    await context.clearCookies();
    const email = uniqueEmail('referred');
    await page.goto(startPath);
    await waitForHydration(page);
    const signUp = await openFromHeader(page, 'Sign Up');
    await signUp.getByRole('button', { name: 'I have a referral code' }).click();
    await signUp.getByLabel('Referral code').fill(profile.data.referralCode);
    await signUp.getByRole('button', { name: 'Apply', exact: true }).click();
    await expectVisible(signUp.getByText('Applied', { exact: true }));
    await expectVisible(signUp.getByRole('button', { name: 'Cancel Code' }));
    await fillSignUp(signUp, email, 'Ravi Kumar');
    await signUp.getByRole('checkbox', { name: /I agree/ }).check();
    await signUp.getByRole('button', { name: 'Apply Now' }).click();
    await expectVisible(toast(page, SIGNED_UP));
  });
});

describe('signed-in header and notifications', () => {
  it('shows Dashboard, the bell with its badge and the panel; deleting the welcome notification empties it', async () => {
    const email = uniqueEmail('bell');
    await verifiedAccount(e2e.baseURL, email, 'Meera Nair');
    const { page, context } = await e2e.desktop();
    await signInContext(context, e2e.baseURL, email);
    await page.goto(startPath);
    await waitForHydration(page);
    expect((await page.context().request.get(startPath)).headers()['cache-control']).toContain('private');

    const bell = header(page).getByRole('button', { name: 'Notifications, 1 unread' });
    await expectVisible(bell);
    expect(await bell.textContent()).toBe('1');
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications (1)' });
    await expectVisible(panel);
    // Not about an order: a plain message, without order-status labels.
    await expectVisible(panel.getByText(WELCOME, { exact: true }));
    expect(await panel.textContent()).not.toContain('Remark Status');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    // An outside click closes it; the badge is gone (read).
    await page.mouse.click(20, 600);
    await expectHidden(panel);
    await expectVisible(header(page).getByRole('button', { name: 'Notifications', exact: true }));

    await header(page).getByRole('button', { name: 'Notifications', exact: true }).click();
    const again = page.getByRole('dialog', { name: /^Notifications/ });
    await again.getByRole('button', { name: 'Delete notification' }).click();
    await expectVisible(again.getByText(M.noNotifications));
    await expectVisible(page.getByRole('dialog', { name: 'Notifications (0)' }));
    const list = (await (await context.request.get('/api/v1/users/notification?page=1&limit=100')).json()) as {
      data: { totalCount: number };
    };
    expect(list.data.totalCount).toBe(0);
  });

  it('sends visitors of private pages to sign in, and back there afterwards', async () => {
    const email = uniqueEmail('redirect');
    await verifiedAccount(e2e.baseURL, email);
    const { page } = await e2e.desktop();
    await page.goto('/profile?tab=address');
    await page.waitForURL(/\/signin\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile?tab=address');
    await waitForHydration(page);
    await waitForInteractive(page.getByRole('form', { name: 'Sign In' }));
    await signInThrough(page.getByRole('form', { name: 'Sign In' }), email);
    await page.waitForURL(/\/profile\?tab=address$/);
    await expectVisible(page.getByRole('tab', { name: 'Address', selected: true }));
    await expectVisible(page.getByText('No saved addresses yet'));
  });

  it('shows a new customer the dashboard with a first-order call to action', async () => {
    const email = uniqueEmail('dash');
    await verifiedAccount(e2e.baseURL, email, 'Kiran Rao');
    const { page, context } = await e2e.desktop();
    await signInContext(context, e2e.baseURL, email);
    await page.goto('/dashboard');
    await waitForHydration(page);
    await expectVisible(page.getByRole('heading', { name: 'Welcome, Kiran' }));
    const start = page.getByRole('region', { name: 'Start your first application' });
    await expectVisible(start);
    expect(await start.getByRole('link', { name: 'Browse services' }).getAttribute('href')).toBe('/services');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('mobile (390 px)', () => {
  it('opens Sign Up as a bottom sheet whose backdrop appears after 500 ms', async () => {
    const { page } = await e2e.mobile();
    await holdPageClock(page);
    await page.goto(startPath);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expectBackdropAfterDelay(page, page.locator('[data-vaul-drawer]'), page.locator('[data-vaul-overlay]'));
    const sheet = dialog(page, 'Sign Up');
    await expectVisible(sheet);
    await poll(async () => {
      const box = await sheet.boundingBox();
      return box ? Math.round(box.y + box.height) : 0;
    }).toBe(844);
    await sheet.getByLabel('Set Password').fill('abc');
    await expectVisible(sheet.getByText(M.passwordStrength));
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the bell and the account menu when signed in', async () => {
    const email = uniqueEmail('mobile');
    await verifiedAccount(e2e.baseURL, email, 'Anil Shah');
    const { page, context } = await e2e.mobile();
    await signInContext(context, e2e.baseURL, email);
    await page.goto(startPath);
    await waitForHydration(page);
    await expectVisible(header(page).getByRole('button', { name: 'Notifications, 1 unread' }));
    await header(page).getByRole('button', { name: 'Account menu for Anil Shah' }).click();
    await expectVisible(page.getByRole('menuitem', { name: 'Profile' }));
    await expectVisible(page.getByRole('menuitem', { name: 'Log out' }));
  });

  it('opens the profile tab tapped before the page’s code arrived, once it has', async () => {
    const email = uniqueEmail('mobile-early-tab');
    await verifiedAccount(e2e.baseURL, email, 'Early Tabs');
    const { page, context } = await e2e.mobile();
    await signInContext(context, e2e.baseURL, email);
    const release = await holdBackChunk(page, 'profile-page');
    await page.goto('/profile');
    await waitForHydration(page);
    const password = page.getByRole('tab', { name: 'Password' });
    await password.tap();
    expect(await password.getAttribute('aria-selected')).toBe('false');
    release();
    await poll(() => password.getAttribute('aria-selected')).toBe('true');
    await poll(() => new URL(page.url()).searchParams.get('tab')).toBe('password');
  });

  it('opens the account menu and the notifications tapped before their code arrived, once it has', async () => {
    const email = uniqueEmail('mobile-early');
    await verifiedAccount(e2e.baseURL, email, 'Early Anil');
    const { page, context } = await e2e.mobile();
    await signInContext(context, e2e.baseURL, email);
    for (const [control, opened] of [
      [{ name: 'Account menu for Early Anil' }, page.getByRole('menuitem', { name: 'Profile' })],
      [{ name: /^Notifications/ }, page.getByRole('dialog', { name: /^Notifications \(\d+\)$/ })],
    ] as const) {
      // The signed-in header's code is held back: its buttons show (the server drew them) but
      // nothing of theirs runs yet.
      const release = await holdBackChunk(page, 'header-account');
      await page.goto(startPath);
      await waitForHydration(page);
      await header(page).getByRole('button', control).tap();
      expect(await opened.count(), 'nothing opens before the code is there').toBe(0);
      release();
      await expectVisible(opened);
      await page.unrouteAll();
    }
  });
});

describe('account pages', () => {
  it('/forgot-password answers the same whether or not the address has an account; the link sets a new password', async () => {
    const email = uniqueEmail('reset');
    await verifiedAccount(e2e.baseURL, email);
    const { page } = await e2e.desktop();
    const answers: string[] = [];
    for (const address of [uniqueEmail('nobody'), email]) {
      await page.goto('/forgot-password');
      await waitForHydration(page);
      await waitForInteractive(page.getByRole('button', { name: 'Send reset link' }));
      await page.getByLabel('Email').fill(address);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      const status = page.getByRole('status').filter({ hasText: /If an account exists/ });
      await expectVisible(status);
      answers.push((await status.textContent()) ?? '');
    }
    expect(answers[0]).toBe(answers[1]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(await waitForLink(e2e.baseURL, email, '/create-password'));
    await waitForHydration(page);
    await waitForInteractive(page.getByRole('button', { name: 'Save password' }));
    await page.getByLabel('New Password').fill('short');
    await expectVisible(page.getByText(M.passwordStrength));
    await page.getByLabel('New Password').fill('N3w!Password');
    await page.getByLabel('Re-enter Password').fill('N3w!Passwor');
    await expectVisible(page.getByText(M.passwordsDoNotMatch));
    await page.getByLabel('Re-enter Password').fill('N3w!Password');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expectVisible(page.getByText('Your password has been reset. Please sign in with your new password.'));
    const signIn = await fetch(`${e2e.baseURL}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'N3w!Password' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('renders /signin and /signup on the server and keeps them free of serious axe violations', async () => {
    const { page } = await e2e.desktop();
    for (const [path, title] of [
      ['/signin', 'Sign In'],
      ['/signup', 'Sign Up'],
    ] as const) {
      const html = await (await fetch(`${e2e.baseURL}${path}`)).text();
      expect(html).toMatch(new RegExp(`<h1\\b[^>]*>${title}</h1>`));
      await page.goto(path);
      await waitForHydration(page);
      await expectVisible(page.getByRole('form', { name: title }));
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The forms are in the document itself, not in a block that only JavaScript reveals.
    const { page: plain } = await e2e.noJavaScript();
    for (const title of ['Sign In', 'Sign Up'] as const) {
      await plain.goto(title === 'Sign In' ? '/signin' : '/signup');
      await expectVisible(plain.getByRole('heading', { level: 1, name: title }));
      await expectVisible(plain.getByRole('form', { name: title }));
    }
  });

  it('switches between /signin and /signup in the browser, keeping the query (one route module for both)', async () => {
    const { page } = await e2e.desktop();
    await page.goto('/signin?redirect=%2Fprofile');
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    expect(new URL(page.url()).search).toBe('?redirect=%2Fprofile');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Sign Up' }));
    await expectVisible(page.getByRole('form', { name: 'Sign Up' }));
    expect(await page.title()).toBe('Sign Up | SevaDocs');
    await page.getByRole('main').getByRole('link', { name: 'SignIn', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Sign In' }));
    expect(await page.title()).toBe('Sign In | SevaDocs');
  });

  it('keeps the Sign In dialog, and the toast it raises, free of serious axe violations', async () => {
    // The whole page is scanned, not only [role="dialog"]: a dialog's answers (a refused sign-in,
    // a registration) are toasts, drawn over the dialog but living in the page's own region.
    const { page } = await e2e.desktop({ allowConsoleErrors: EXPECTED_4XX });
    await page.goto(startPath);
    await waitForHydration(page);
    const signIn = await openFromHeader(page, 'Sign In');
    expect(await seriousViolations(page)).toEqual([]);
    await signInThrough(signIn, uniqueEmail('nobody'), 'Wrong!Pass1');
    await settled(toast(page, 'Invalid email or password'));
    expect(await seriousViolations(page), 'Sign In with its error toast').toEqual([]);
  });

  it('keeps the Sign Up dialog with its country-code list free of serious axe violations', async () => {
    const { page } = await e2e.desktop();
    await page.goto(startPath);
    await waitForHydration(page);
    await (await openFromHeader(page, 'Sign In')).getByRole('button', { name: 'Sign up' }).click();
    const signUp = dialog(page, 'Sign Up');
    await expectVisible(signUp);
    await signUp.getByRole('button', { name: /Country code/ }).click();
    await expectVisible(page.getByRole('listbox', { name: 'Country codes' }));
    expect(
      (await page.getByRole('option').allInnerTexts()).slice(0, 3).map((t) => t.replace(/\s+/g, ' ').trim()),
    ).toEqual([
      expect.stringContaining('India'),
      expect.stringContaining('United States'),
      expect.stringContaining('Canada'),
    ]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps the Sign Up dialog showing its errors, and its registration toast, free of serious axe violations', async () => {
    const { page } = await e2e.desktop();
    await page.goto(startPath);
    await waitForHydration(page);
    const signUp = await openFromHeader(page, 'Sign Up');
    await signUp.getByRole('checkbox', { name: /I agree/ }).check();
    await signUp.getByRole('button', { name: 'Apply Now' }).click();
    await poll(() => signUp.getByText(M.fieldRequired).count()).toBeGreaterThanOrEqual(5);
    await signUp.getByRole('button', { name: 'I have a referral code' }).click();
    await signUp.getByRole('button', { name: 'Apply', exact: true }).click();
    await expectVisible(signUp.getByText(M.referralEmpty));
    expect(await seriousViolations(page), 'Sign Up showing its errors').toEqual([]);

    await signUp.getByRole('button', { name: 'Cancel', exact: true }).click();
    await fillSignUp(signUp, uniqueEmail('axe-signup'));
    await signUp.getByRole('button', { name: 'Apply Now' }).click();
    await settled(toast(page, SIGNED_UP));
    expect(await seriousViolations(page), 'the registration toast').toEqual([]);
  });

  it('/profile tabs have no serious axe violation', async () => {
    const email = uniqueEmail('axe');
    await verifiedAccount(e2e.baseURL, email);
    const { page, context } = await e2e.desktop();
    await signInContext(context, e2e.baseURL, email);
    for (const tab of ['general', 'password', 'address', 'orders']) {
      await page.goto(`/profile?tab=${tab}`);
      await waitForHydration(page);
      await expectVisible(page.getByRole('tabpanel'));
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    // Four pages, each hydrated, settled and scanned by axe: ~7 s each on this machine.
  }, 90_000);
});
