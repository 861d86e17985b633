// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES } from '../../../domain/auth/messages.ts';
import { HOME_POPUP_DISMISSED_KEY } from '../../../domain/marketing/home-popup.ts';
import { useSessionStore } from '../../lib/stores/session-store.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { chooseMinorPackageSignedOut } from '../../testing/packages.ts';
import { CreatePasswordPage } from './create-password-page.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
// One test signs the browser in; the others start signed out whatever it left.
afterEach(() => useSessionStore.getState().clear());

describe('/verify-email', () => {
  it('verifies the token with a POST once and offers sign-in', async () => {
    const api = fakeApi({
      'POST /api/v1/auth/email/verify': () => ok(null, 'Your email is verified. You can sign in now.'),
    });
    sessionStorage.clear();
    renderWithRouter(<VerifyEmailPage />, { path: '/verify-email?token=abc123' });
    expect(await screen.findByText('Your email is verified. You can sign in now.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/v1/auth/email/verify')).toHaveLength(1);
    // Not signed in: the visitor may still be shown the offer.
    expect(sessionStorage.getItem(HOME_POPUP_DISMISSED_KEY)).toBeNull();
    expect(api.calls[0]?.body).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
  });

  it('signs the customer in, and the home page’s offer does not open over where they land', async () => {
    sessionStorage.clear();
    fakeApi({
      'POST /api/v1/auth/email/verify': () =>
        ok({ signedIn: true, returnTo: null, choosePassword: null }, 'Your email is verified and you are signed in.'),
    });
    renderWithRouter(<VerifyEmailPage />, { path: '/verify-email?token=abc123' });
    await waitFor(() => expect(sessionStorage.getItem(HOME_POPUP_DISMISSED_KEY)).toBe('1'));
  });

  it('offers no sign-in to a browser signed in already: another account’s link leaves it as it is', async () => {
    useSessionStore
      .getState()
      .login({ id: 3, name: 'Anita Alpha', email: 'anita@example.com', phone: '+1-4155550123', ageGroup: null });
    fakeApi({
      'POST /api/v1/auth/email/verify': () =>
        ok(
          { signedIn: false, returnTo: '/oci-card', choosePassword: null },
          AUTH_API_MESSAGES.emailVerifiedOtherAccount,
        ),
    });
    renderWithRouter(<VerifyEmailPage />, { path: '/verify-email?token=theirs' });
    expect(await screen.findByText(AUTH_API_MESSAGES.emailVerifiedOtherAccount)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('shows the server message for a used or expired link', async () => {
    fakeApi({ 'POST /api/v1/auth/email/verify': () => fail(400, 'This verification link is invalid or has expired.') });
    renderWithRouter(<VerifyEmailPage />, { path: '/verify-email?token=old' });
    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByText(/Resend Mail/)).toBeTruthy();
  });

  it('says a link used again is verified already and offers sign-in, not "invalid or has expired"', async () => {
    fakeApi({
      'POST /api/v1/auth/email/verify': () => ok(null, 'Your email is already verified. You can sign in now.'),
    });
    renderWithRouter(<VerifyEmailPage />, { path: '/verify-email?token=used' });
    expect(await screen.findByText('Your email is already verified. You can sign in now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText(/invalid or has expired|Resend Mail/)).toBeNull();
  });

  it('shows the package chosen before sign-up, in this tab or another, that signing in continues with', async () => {
    fakeApi({ 'POST /api/v1/auth/email/verify': () => ok(null, 'Your email is verified. You can sign in now.') });
    chooseMinorPackageSignedOut();
    renderWithRouter(<VerifyEmailPage />, { path: '/verify-email?token=abc123' });
    const chosen = await screen.findByRole('region', { name: 'You are applying for' });
    expect(chosen.textContent).toContain('OCI Card for a Minor');
    expect(chosen.textContent).toContain('United States');
    expect(screen.getByText('Sign in and your application continues with this package.')).toBeTruthy();
  });

  it('offers choosing the password, not signing in, when the address’s sign-ups came with different passwords', async () => {
    fakeApi({
      'POST /api/v1/auth/email/verify': () =>
        ok(
          { signedIn: false, returnTo: null, choosePassword: 'reset-token-1' },
          AUTH_API_MESSAGES.emailVerifiedChoosePassword,
        ),
    });
    renderWithRouter(<VerifyEmailPage />, { path: '/verify-email?token=abc123' });
    expect(await screen.findByText(AUTH_API_MESSAGES.emailVerifiedChoosePassword)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose your password' }).getAttribute('href')).toBe(
      '/create-password?token=reset-token-1',
    );
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('says the link is invalid without a token, and calls nothing', async () => {
    const api = fakeApi({});
    renderWithRouter(<VerifyEmailPage />, { path: '/verify-email' });
    expect(await screen.findByText('This verification link is invalid or has expired.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('/forgot-password', () => {
  it('validates the e-mail and shows the same answer whatever the address', async () => {
    const message = 'If an account exists for this email, we have sent a link to reset your password.';
    const api = fakeApi({ 'POST /api/v1/auth/reset-password/request': () => ok(null, message) });
    renderWithRouter(<ForgotPasswordPage />, { path: '/forgot-password' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nobody@' } });
    await waitFor(() => expect(screen.queryByText('Email is required')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Nobody@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ email: 'nobody@example.com' });
  });
});

describe('/create-password', () => {
  it('applies the strength rule and the match live, then saves with the token', async () => {
    const api = fakeApi({
      'POST /api/v1/auth/reset-password': () =>
        ok(null, 'Your password has been reset. Please sign in with your new password.'),
    });
    renderWithRouter(<CreatePasswordPage />, { path: '/create-password?token=t0k' });
    const password = await screen.findByLabelText('New Password', { selector: 'input' });
    fireEvent.change(password, { target: { value: 'short' } });
    expect(await screen.findByText('Password must meet the strength requirements:')).toBeTruthy();
    expect(screen.getByText('- at least 8 characters long')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'N3w!Password' } });
    fireEvent.change(screen.getByLabelText('Re-enter Password', { selector: 'input' }), {
      target: { value: 'N3w!Passwor' },
    });
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Re-enter Password', { selector: 'input' }), {
      target: { value: 'N3w!Password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ token: 't0k', password: 'N3w!Password' });
  });

  it('toasts the server message of an expired link', async () => {
    fakeApi({
      'POST /api/v1/auth/reset-password': () => fail(400, 'This password reset link is invalid or has expired.'),
    });
    renderWithRouter(<CreatePasswordPage />, { path: '/create-password?token=old' });
    fireEvent.change(await screen.findByLabelText('New Password', { selector: 'input' }), {
      target: { value: 'N3w!Password' },
    });
    fireEvent.change(screen.getByLabelText('Re-enter Password', { selector: 'input' }), {
      target: { value: 'N3w!Password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('This password reset link is invalid or has expired.', {}, { timeout: 3000 }),
    ).toBeTruthy();
  });

  it('explains a link without a token', async () => {
    fakeApi({});
    renderWithRouter(<CreatePasswordPage />, { path: '/create-password' });
    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});
