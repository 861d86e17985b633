// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_MS } from '../../../domain/limits/constants.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { SignInForm } from './sign-in-form.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const UNVERIFIED = 'Please check your email for verification. Kindly check in SPAM folder if not received in Inbox.';

function renderForm(onSignedIn = vi.fn()) {
  renderWithRouter(<SignInForm onSignedIn={onSignedIn} signUpControl={<button type="button">Sign up</button>} />);
  return { onSignedIn };
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

describe('Sign In form (SPEC.md §2, §5)', () => {
  it('has email, password with show/hide, Forgot Password and "Don\'t have account? Sign up"', async () => {
    renderForm();
    expect(await screen.findByLabelText('Email')).toHaveProperty('type', 'email');
    expect(password()).toHaveProperty('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveProperty('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveProperty('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByText(/Don't have account\?/).textContent).toBe("Don't have account? Sign up");
    expect(screen.queryByRole('button', { name: 'Resend Mail' })).toBeNull();
  });

  it('shows the required messages, tied to the fields, and clears a field error on edit', async () => {
    const api = fakeApi({});
    renderForm();
    await screen.findByLabelText('Email');
    submit();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    const describedBy = email().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0] ?? '')?.textContent).toContain('Email is required');
    fireEvent.change(email(), { target: { value: 'p' } });
    await waitFor(() => expect(screen.queryByText('Email is required')).toBeNull());
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('rejects a malformed e-mail with "Invalid email format"', async () => {
    fakeApi({});
    renderForm();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'priya@' } });
    fireEvent.change(password(), { target: { value: 'x' } });
    submit();
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
  });

  it('blocks copy, cut and paste on the password', async () => {
    renderForm();
    await screen.findByLabelText('Email');
    for (const event of ['copy', 'cut', 'paste'] as const) {
      const allowed = fireEvent[event](password());
      expect(allowed, event).toBe(false);
    }
  });

  it('signs in with the normalised e-mail and hands the server message on', async () => {
    const api = fakeApi({ 'POST /api/v1/auth/signin': () => ok('token', 'Signed in successfully') });
    const { onSignedIn } = renderForm();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' Priya@Example.com ' } });
    fireEvent.change(password(), { target: { value: 'Str0ng!Pass' } });
    submit();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('Signed in successfully'));
    expect(api.calls[0]?.body).toEqual({ email: 'priya@example.com', password: 'Str0ng!Pass' });
  });

  it('toasts the server message of a failed sign-in', async () => {
    fakeApi({ 'POST /api/v1/auth/signin': () => fail(401, 'Invalid email or password') });
    const { onSignedIn } = renderForm();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'priya@example.com' } });
    fireEvent.change(password(), { target: { value: 'wrong' } });
    submit();
    expect(await screen.findByText('Invalid email or password', {}, { timeout: 3000 })).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Resend Mail' })).toBeNull();
  });

  it('offers Resend Mail only after the unverified-email error, with its three outcomes', async () => {
    let resend: 'ok' | 'fail' = 'ok';
    const api = fakeApi({
      'POST /api/v1/auth/signin': () => fail(403, UNVERIFIED),
      'POST /api/v1/auth/email/send': () =>
        resend === 'ok' ? ok(null, 'Verification email sent successfully!') : fail(500, 'boom'),
    });
    renderForm();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'priya@example.com' } });
    fireEvent.change(password(), { target: { value: 'Str0ng!Pass' } });
    submit();
    expect(await screen.findByText(UNVERIFIED, {}, { timeout: 3000 })).toBeTruthy();
    const resendButton = await screen.findByRole('button', { name: 'Resend Mail' });

    fireEvent.click(resendButton);
    expect(await screen.findByText('Verification email sent successfully!', {}, { timeout: 3000 })).toBeTruthy();
    expect(api.calls.at(-1)).toMatchObject({ path: '/api/v1/auth/email/send', body: { email: 'priya@example.com' } });

    resend = 'fail';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(resendButton);
    expect(
      await screen.findByText('Failed to send verification email. Please try again.', {}, { timeout: 3000 }),
    ).toBeTruthy();

    fireEvent.change(email(), { target: { value: '' } });
    const before = api.calls.length;
    fireEvent.click(resendButton);
    expect(await screen.findByText('Please provide an email address.', {}, { timeout: 3000 })).toBeTruthy();
    expect(api.calls.length).toBe(before);
  });

  it('says a wrong password on the form itself, tied to the form, until the next edit', async () => {
    // Fake timers from the start, so that the toast's own timer is one the test can run out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeApi({ 'POST /api/v1/auth/signin': () => fail(401, 'Invalid email or password') });
      renderForm();
      fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'priya@example.com' } });
      fireEvent.change(password(), { target: { value: 'Wrong!Pass1' } });
      submit();
      const form = screen.getByRole('form', { name: 'Sign In' });
      const alert = within(form).getByRole('alert');
      await waitFor(() => expect(alert.textContent).toBe('Invalid email or password'));
      expect(form.getAttribute('aria-describedby')).toBe(alert.id);
      // Still there once the toast has gone (6 s, SPEC.md §8): the form's message is not timed.
      await screen.findByText('Invalid email or password', { selector: '[data-sonner-toast] *' });
      await act(() => vi.advanceTimersByTimeAsync(TOAST_DEFAULT_MS + 1000));
      await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull());
      expect(alert.textContent).toBe('Invalid email or password');
      fireEvent.change(password(), { target: { value: 'Str0ng!Pass' } });
      await waitFor(() => expect(alert.textContent).toBe(''));
      expect(form.getAttribute('aria-describedby')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the unverified-email error once: its toast, and on the form only the Resend Mail prompt', async () => {
    fakeApi({ 'POST /api/v1/auth/signin': () => fail(403, UNVERIFIED) });
    renderForm();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'priya@example.com' } });
    fireEvent.change(password(), { target: { value: 'Str0ng!Pass' } });
    submit();
    expect(await screen.findByText(UNVERIFIED, {}, { timeout: 3000 })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Sign In' });
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toBe("Didn't get the e-mail? Resend Mail");
    expect(within(alert).getByRole('button', { name: 'Resend Mail' })).toBeTruthy();
    expect(within(form).queryByText(/verif|spam/i)).toBeNull();
    expect(screen.getAllByText(UNVERIFIED)).toHaveLength(1);
  });
});
