/** Component-test helpers for the Sign Up form (only test files import src/web/testing). */
import { fireEvent, within } from '@testing-library/react';
import { ok } from './dom.tsx';

export const SIGNED_UP = 'Registration successful! Please check your email to verify your account.';

/** The fake API answers a sign-up needs: countries, the human check and a registration. */
export const signUpApi = {
  'GET /api/v1/country-codes': () => ok({ results: [], totalCount: 0, page: 1, limit: 0 }),
  'POST /api/hello': () => ok({ success: true, score: 0.9 }, 'Human check passed'),
  'POST /api/v1/auth/signup': () => ok({ email: 'priya.sharma@example.com' }, SIGNED_UP, 201),
};

/** Fills the Sign Up form inside `scope` with valid values and ticks the consent box. */
export function fillSignUpForm(scope: HTMLElement = document.body): void {
  const form = within(scope);
  const type = (label: string, value: string) =>
    fireEvent.change(form.getByLabelText(label, { selector: 'input' }), { target: { value } });
  type('Full Name', 'Priya Sharma');
  type('Email', 'Priya.Sharma@Example.com');
  fireEvent.change(form.getByRole('textbox', { name: 'Phone' }), { target: { value: '4155550123' } });
  type('Set Password', 'Str0ng!Pass');
  type('Re-enter Password', 'Str0ng!Pass');
  fireEvent.click(form.getByRole('checkbox', { name: /I agree to the Privacy Policy and Terms of Use/ }));
}
