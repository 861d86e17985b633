// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_HINT } from '../../../domain/auth/messages.ts';
import {
  type ApiCall,
  cleanupAfterEach,
  fail,
  fakeApi,
  installBrowserStubs,
  ok,
  renderWithRouter,
} from '../../testing/dom.tsx';
import { fillSignUpForm } from '../../testing/sign-up.ts';
import { SignUpForm } from './sign-up-form.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const COUNTRIES = [
  { name: 'India', code: '+91', isoCode: 'IN' },
  { name: 'United States', code: '+1', isoCode: 'US' },
  { name: 'Canada', code: '+1', isoCode: 'CA' },
  { name: 'Afghanistan', code: '+93', isoCode: 'AF' },
  { name: 'United Kingdom', code: '+44', isoCode: 'GB' },
];
const human = () => ok({ success: true, score: 0.9 }, 'Human check passed');
const countries = () => ok({ results: COUNTRIES, totalCount: COUNTRIES.length, page: 1, limit: 5 });

function renderForm({
  path = '/',
  onSignedUp = vi.fn(),
  initialReferralCode,
}: {
  path?: string;
  onSignedUp?: (email: string) => void;
  initialReferralCode?: string;
} = {}) {
  renderWithRouter(
    <SignUpForm
      captchaSiteKey=""
      onSignedUp={onSignedUp}
      signInControl={<button type="button">SignIn</button>}
      initialReferralCode={initialReferralCode}
    />,
    { path },
  );
  return { onSignedUp };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const consent = () => screen.getByRole('checkbox', { name: /I agree to the Privacy Policy and Terms of Use/ });
const applyNow = () => screen.getByRole('button', { name: 'Apply Now' });

const fillValid = async () => fillSignUpForm();

describe('Sign Up form (SPEC.md §2, §5)', () => {
  it('shows every field, the hint, the policy links in new tabs and "Already a user? SignIn"', async () => {
    fakeApi({ 'GET /api/v1/country-codes': countries });
    renderForm();
    await screen.findByLabelText('Full Name');
    for (const label of ['Full Name', 'Email', 'Set Password', 'Re-enter Password']) expect(field(label)).toBeTruthy();
    expect(screen.getByText(PASSWORD_HINT)).toBeTruthy();
    expect(field('Set Password').getAttribute('aria-describedby')).toBeTruthy();
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    const terms = screen.getByRole('link', { name: 'Terms of Use' });
    expect(privacy.getAttribute('href')).toBe('/guideline?active=Privacy+Policy+and+Cookies');
    expect(terms.getAttribute('href')).toBe('/guideline?active=Terms+of+Use');
    for (const link of [privacy, terms]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByText(/Already a user\?/).textContent).toBe('Already a user? SignIn');
  });

  it('keeps Apply Now disabled until the consent box is ticked', async () => {
    fakeApi({ 'GET /api/v1/country-codes': countries });
    renderForm();
    await screen.findByLabelText('Full Name');
    expect(applyNow()).toHaveProperty('disabled', true);
    fireEvent.click(consent());
    expect(applyNow()).toHaveProperty('disabled', false);
    fireEvent.click(consent());
    expect(applyNow()).toHaveProperty('disabled', true);
  });

  it('shows the strength lines and "Passwords do not match" live, as the user types', async () => {
    fakeApi({ 'GET /api/v1/country-codes': countries });
    renderForm();
    await screen.findByLabelText('Full Name');
    type('Set Password', 'abc');
    const message = await screen.findByText('Password must meet the strength requirements:');
    const block = message.closest('div') as HTMLElement;
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['- at least 8 characters long', '- one uppercase', '- one digit', '- one special character']);
    type('Set Password', 'Str0ng!Pass');
    await waitFor(() => expect(screen.queryByText('Password must meet the strength requirements:')).toBeNull());
    type('Re-enter Password', 'Str0ng!Pas');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    type('Re-enter Password', 'Str0ng!Pass');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
  });

  it('runs the human check first: a bot is stopped before validation and registration', async () => {
    const api = fakeApi({
      'GET /api/v1/country-codes': countries,
      'POST /api/hello': () => ok({ success: false, score: 0.1 }, 'Human check failed'),
    });
    renderForm();
    await screen.findByLabelText('Full Name');
    fireEvent.click(consent());
    fireEvent.click(applyNow());
    expect(await screen.findByText('Registration failed, you must be a bot', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(api.calls.find((c) => c.path === '/api/hello')?.body).toEqual({
      gRecaptchaToken: '',
      action: 'userRegistration',
    });
    expect(api.calls.some((c) => c.path === '/api/v1/auth/signup')).toBe(false);
  });

  it('then validates with the spec messages', async () => {
    const api = fakeApi({ 'GET /api/v1/country-codes': countries, 'POST /api/hello': human });
    renderForm();
    await screen.findByLabelText('Full Name');
    fireEvent.click(consent());
    fireEvent.click(applyNow());
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(5));
    type('Full Name', 'Al');
    expect(await screen.findByText('Name should be at least 3 characters')).toBeTruthy();
    type('Full Name', 'Priya 2');
    expect(await screen.findByText('Name should contain only alphabetic characters')).toBeTruthy();
    type('Full Name', '   ');
    expect(await screen.findByText('Name should not be empty or contain only spaces')).toBeTruthy();
    type('Email', 'priya@example');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '12345' } });
    expect(await screen.findByText('Enter valid phone number')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/v1/auth/signup')).toBe(false);
  });

  it('keeps the digits of a phone number pasted as it is usually written, dial code and all', async () => {
    fakeApi({ 'GET /api/v1/country-codes': countries, 'POST /api/hello': human });
    renderForm();
    const phone = (await screen.findByRole('textbox', { name: 'Phone' })) as HTMLInputElement;
    // Longer than the 12 digits: a cap on what is typed cut it to "(416) 967-11", silently.
    expect(phone.maxLength).toBeGreaterThanOrEqual('+1 (416) 967-1111'.length);
    fireEvent.change(phone, { target: { value: '+1 (416) 967-1111' } });
    expect(phone.value).toBe('4169671111');
    fireEvent.blur(phone);
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).not.toBe('true'));
    expect(screen.queryByText('Enter valid phone number')).toBeNull();
  });

  it('registers with the joined phone, the x-platform header and toasts the server message for 10 s', async () => {
    const api = fakeApi({
      'GET /api/v1/country-codes': countries,
      'POST /api/hello': human,
      'POST /api/v1/auth/signup': () =>
        ok(
          { id: 1, email: 'priya.sharma@example.com' },
          'Registration successful! Please check your email to verify your account.',
          201,
        ),
    });
    const success = vi.spyOn(toast, 'success');
    const { onSignedUp } = renderForm();
    await screen.findByLabelText('Full Name');
    await fillValid();
    fireEvent.click(applyNow());
    expect(
      await screen.findByText(
        'Registration successful! Please check your email to verify your account.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(onSignedUp).toHaveBeenCalledWith('priya.sharma@example.com');
    const signup = api.calls.find((c) => c.path === '/api/v1/auth/signup') as ApiCall;
    expect(signup.body).toMatchObject({
      name: 'Priya Sharma',
      email: 'priya.sharma@example.com',
      phone: '+1-4155550123',
      phoneCountry: 'US',
      password: 'Str0ng!Pass',
      referredBy: '',
    });
    expect(signup.headers.get('x-platform')).toBe('sevadocs');
    const order = api.calls.map((c) => c.path).filter((p) => p !== '/api/v1/country-codes');
    expect(order).toEqual(['/api/hello', '/api/v1/auth/signup']);
    const shown = screen.getByText('Registration successful! Please check your email to verify your account.');
    expect(shown.closest('[data-sonner-toast]')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Registration successful! Please check your email to verify your account.', {
      duration: 10_000,
    });
  });

  it('sends x-platform sevaphotos from the photo pages', async () => {
    const api = fakeApi({
      'GET /api/v1/country-codes': countries,
      'POST /api/hello': human,
      'POST /api/v1/auth/signup': () => ok({ id: 1, email: 'x' }, 'Registered', 201),
    });
    renderForm({ path: '/photos' });
    await screen.findByLabelText('Full Name');
    await fillValid();
    fireEvent.click(applyNow());
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/v1/auth/signup')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/v1/auth/signup')?.headers.get('x-platform')).toBe('sevaphotos');
  });

  it('toasts the server message of a refused registration', async () => {
    fakeApi({
      'GET /api/v1/country-codes': countries,
      'POST /api/hello': human,
      'POST /api/v1/auth/signup': () => fail(409, 'An account with this email already exists.'),
    });
    const { onSignedUp } = renderForm();
    await screen.findByLabelText('Full Name');
    await fillValid();
    fireEvent.click(applyNow());
    expect(await screen.findByText('An account with this email already exists.', {}, { timeout: 3000 })).toBeTruthy();
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it("says 'Registration failed,Plase try again' when no answer came", async () => {
    fakeApi({
      'GET /api/v1/country-codes': countries,
      'POST /api/hello': human,
      'POST /api/v1/auth/signup': () => 'network-error',
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderForm();
    await screen.findByLabelText('Full Name');
    await fillValid();
    fireEvent.click(applyNow());
    expect(await screen.findByText('Registration failed,Plase try again', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('applies, shows and cancels a referral code', async () => {
    const api = fakeApi({
      'GET /api/v1/country-codes': countries,
      'POST /api/hello': human,
      'POST /api/v1/auth/validate-referral': (call) =>
        (call.body as { referralCode: string }).referralCode === 'ASHA5'
          ? ok({ referralCode: 'ASHA5' }, 'Referral code applied')
          : fail(404, 'Invalid referral code'),
      'POST /api/v1/auth/signup': () => ok({ id: 1, email: 'x' }, 'Registered', 201),
    });
    renderForm();
    await screen.findByLabelText('Full Name');
    const toggle = screen.getByRole('button', { name: 'I have a referral code' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Referral code is empty')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Referral code'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid referral code')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Referral code'), { target: { value: 'ASHA5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Applied')).toBeTruthy();
    expect(screen.getByText('ASHA5')).toBeTruthy();

    await fillValid();
    fireEvent.click(applyNow());
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/v1/auth/signup')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/v1/auth/signup')?.body).toMatchObject({ referredBy: 'ASHA5' });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Code' }));
    expect(screen.queryByText('Applied')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Referral code')).toBeNull();
  });

  it('checks a referral link’s code straight away', async () => {
    fakeApi({
      'GET /api/v1/country-codes': countries,
      'POST /api/v1/auth/validate-referral': () => ok({ referralCode: 'ASHA5' }, 'Referral code applied'),
    });
    renderForm({ initialReferralCode: 'ASHA5' });
    expect(await screen.findByText('Applied')).toBeTruthy();
  });

  it('picks the country code from a searchable list with India, United States and Canada first', async () => {
    fakeApi({ 'GET /api/v1/country-codes': countries });
    renderForm();
    await screen.findByLabelText('Full Name');
    const trigger = screen.getByRole('button', { name: 'Country code +1, United States' });
    fireEvent.click(trigger);
    const listbox = await screen.findByRole('listbox', { name: 'Country codes' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(5));
    // The flag (drawn by CSS where the system has no flag emoji), the name and the dial code.
    expect(
      within(listbox)
        .getAllByRole('option')
        .slice(0, 3)
        .map((o) => o.textContent),
    ).toEqual(['India+91', 'United States+1', 'Canada+1']);
    expect((listbox as HTMLElement).style.maxHeight).toBe('300px');
    const search = screen.getByRole('combobox', { name: 'Search country or code' });
    fireEvent.change(search, { target: { value: 'king' } });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['United Kingdom+44']);
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Country code +44, United Kingdom' })).toBeTruthy());
  });
});
