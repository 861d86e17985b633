// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { MINOR_PACKAGE_FORM, MINOR_PACKAGE_SUMMARY } from '../../testing/packages.ts';
import { fillSignUpForm, SIGNED_UP, signUpApi } from '../../testing/sign-up.ts';
import { AuthPage } from './auth-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const QUERY = `?${new URLSearchParams({ redirect: MINOR_PACKAGE_FORM })}`;
const CHOICE = MINOR_PACKAGE_SUMMARY;

describe('/signin and /signup after Choose package', () => {
  it('show what the visitor is applying for, and offer creating an account alike with signing in', async () => {
    fakeApi(signUpApi);
    renderWithRouter(<AuthPage kind="signin" choice={CHOICE} />, { path: `/signin${QUERY}` });
    const chosen = await screen.findByRole('region', { name: 'You are applying for' });
    expect(chosen.textContent).toContain('OCI Card for a Minor');
    expect(chosen.textContent).toContain('OCI Card · Applying From: United States');
    // The package's price for each member, not the order's total: a family pays it once a member.
    expect(chosen.textContent).toContain('Per member $393.90');
    expect(screen.getByText(/continue with your application, or create an account/)).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();

    const choose = screen.getByRole('navigation', { name: 'Sign in or create an account' });
    const links = within(choose).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href'), l.getAttribute('aria-current')])).toEqual([
      ['Sign in', `/signin${QUERY}`, 'page'],
      ['Create an account', `/signup${QUERY}`, null],
    ]);
    // Alike: the same classes, so the same size and weight.
    expect(links[0]?.className).toBe(links[1]?.className);
  });

  it('start a Canadian package’s sign-up from a Canadian phone number (walk I: "US +1" for a Canadian couple)', async () => {
    fakeApi(signUpApi);
    const canadian = { ...CHOICE, choices: { ...CHOICE.choices, applyingFrom: 'CA' } };
    renderWithRouter(<AuthPage kind="signup" choice={canadian} />, { path: `/signup${QUERY}` });
    await screen.findByRole('form', { name: 'Sign Up' });
    expect(await screen.findByRole('button', { name: 'Country code +1, Canada' })).toBeTruthy();
    cleanup();
    renderWithRouter(<AuthPage kind="signup" choice={CHOICE} />, { path: `/signup${QUERY}` });
    expect(await screen.findByRole('button', { name: 'Country code +1, United States' })).toBeTruthy();
  });

  it('keep the usual words without a package', async () => {
    fakeApi(signUpApi);
    renderWithRouter(<AuthPage kind="signin" />, { path: '/signin' });
    expect(await screen.findByText(/Welcome back/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'You are applying for' })).toBeNull();
  });
});

describe('after sign-up', () => {
  it('checks the inbox: the address, the spam-folder hint, Resend Mail, another address or sign in', async () => {
    const api = fakeApi({
      ...signUpApi,
      'POST /api/v1/auth/email/send': () => ok(null, 'Verification email sent successfully!'),
    });
    renderWithRouter(<AuthPage kind="signup" choice={CHOICE} />, { path: `/signup${QUERY}` });
    fillSignUpForm(await screen.findByRole('form', { name: 'Sign Up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply Now' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(await screen.findByText(SIGNED_UP, { selector: '[data-sonner-toast] *' })).toBeTruthy();
    expect(screen.getByText('priya.sharma@example.com').tagName).toBe('STRONG');
    expect(screen.getByText(/spam or junk folder/)).toBeTruthy();
    // The link signs in where it is opened: no "then sign in" step to look for.
    expect(screen.getByText(/it signs you in on the device you open it on/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/then sign in/);
    expect(screen.getByRole('region', { name: 'You are applying for' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Sign Up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/signin${QUERY}`);

    fireEvent.click(screen.getByRole('button', { name: 'Resend Mail' }));
    expect(await screen.findByText('Verification email sent successfully!')).toBeTruthy();
    expect(api.calls.at(-1)).toMatchObject({
      path: '/api/v1/auth/email/send',
      body: { email: 'priya.sharma@example.com' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Use another e-mail' }));
    expect(await screen.findByRole('form', { name: 'Sign Up' })).toBeTruthy();
  });
});
