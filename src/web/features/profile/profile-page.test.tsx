// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../domain/users/address.ts';
import type { Profile } from '../../../domain/users/profile.ts';
import { clearQueries, QueryProvider } from '../../lib/query-client.tsx';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { ProfilePage } from './profile-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

const PROFILE: Profile = {
  id: 7,
  name: 'Priya Sharma',
  email: 'priya@example.com',
  phone: '+1-4155550123',
  phoneCountry: 'US',
  ageGroup: null,
  referralCode: 'PRIYA7',
  role: 'customer',
  emailVerified: true,
  isDashboardVisible: false,
  createdAt: '2026-11-01T00:00:00Z',
};
const COUNTRIES = [
  { name: 'India', code: '+91', isoCode: 'IN' },
  { name: 'United States', code: '+1', isoCode: 'US' },
  { name: 'Canada', code: '+1', isoCode: 'CA' },
];
const list = <T,>(results: T[]) => ok({ results, totalCount: results.length, page: 1, limit: 100 });

function renderProfile(path = '/profile', routes = {}) {
  const api = fakeApi({
    'GET /api/v1/country-codes': () => list(COUNTRIES),
    'GET /api/v1/users/profile': () => ok(PROFILE),
    ...routes,
  });
  renderWithRouter(
    <QueryProvider>
      <ProfilePage email={PROFILE.email} />
    </QueryProvider>,
    { path },
  );
  return api;
}

describe('/profile tabs (SPEC.md §2, §3)', () => {
  it('has the tabs General, Password, Address and Orders, in that order', async () => {
    renderProfile();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['General', 'Password', 'Address', 'Orders']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('General: edits name, phone and age group through PATCH /users/profile', async () => {
    const api = renderProfile('/profile', {
      'PATCH /api/v1/users/profile': () =>
        ok({ ...PROFILE, name: 'Priya K Sharma', ageGroup: '26-40' }, 'Profile updated successfully'),
    });
    const name = await screen.findByLabelText('Full Name');
    expect((name as HTMLInputElement).value).toBe('Priya Sharma');
    expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('4155550123');
    fireEvent.change(name, { target: { value: 'P' } });
    fireEvent.blur(name);
    expect(await screen.findByText('Name should be at least 3 characters')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Priya K Sharma' } });
    // Never asked before an application (decision 0042): the hint does not say it is (walk I).
    expect(
      screen.getByText('Optional. Each applicant’s date of birth is asked on their own application.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Age group'), { target: { value: '26-40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully', {}, { timeout: 3000 })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Priya K Sharma',
      phone: '+1-4155550123',
      phoneCountry: 'US',
      ageGroup: '26-40',
    });
  });

  it('General: a Canadian phone shows as Canadian, and picking the other +1 country is a change to save', async () => {
    const api = renderProfile('/profile', {
      'GET /api/v1/users/profile': () => ok({ ...PROFILE, phone: '+1-5555550123', phoneCountry: 'CA' }),
      'PATCH /api/v1/users/profile': (call: { body: Record<string, unknown> }) =>
        ok({ ...PROFILE, ...call.body }, 'Profile updated successfully'),
    });
    expect(await screen.findByRole('button', { name: 'Country code +1, Canada' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Country code +1, Canada' }));
    fireEvent.click(await screen.findByRole('option', { name: /United States/ }));
    expect(await screen.findByRole('button', { name: 'Country code +1, United States' })).toBeTruthy();
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true), { timeout: 3000 });
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      phone: '+1-5555550123',
      phoneCountry: 'US',
    });
  });

  it('General: a number typed from Canada moves the untouched picker to Canada before it is saved', async () => {
    const api = renderProfile('/profile', {
      'PATCH /api/v1/users/profile': (call: { body: Record<string, unknown> }) =>
        ok({ ...PROFILE, ...call.body }, 'Profile updated successfully'),
    });
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    expect(screen.getByRole('button', { name: 'Country code +1, United States' })).toBeTruthy();
    fireEvent.change(phone, { target: { value: '4165550123' } });
    expect(await screen.findByRole('button', { name: 'Country code +1, Canada' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true), { timeout: 3000 });
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      phone: '+1-4165550123',
      phoneCountry: 'CA',
    });
  });

  it('Password: checks the current password first, then changes it', async () => {
    let correct = false;
    const api = renderProfile('/profile?tab=password', {
      'POST /api/v1/users/check-password': () =>
        correct
          ? ok(null, 'Current password is correct')
          : fail(400, 'Current password is incorrect', { password: 'Current password is incorrect' }),
      'POST /api/v1/users/update-password': () => ok(null, 'Password updated successfully'),
    });
    const current = await screen.findByLabelText('Current Password', { selector: 'input' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    fireEvent.change(current, { target: { value: 'Wrong!Pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(screen.queryByLabelText('New Password', { selector: 'input' })).toBeNull();
    correct = true;
    fireEvent.change(current, { target: { value: 'Str0ng!Pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const next = await screen.findByLabelText('New Password', { selector: 'input' });
    expect(screen.getByText('Current password is correct')).toBeTruthy();
    fireEvent.change(next, { target: { value: 'weak' } });
    expect(await screen.findByText('Password must meet the strength requirements:')).toBeTruthy();
    fireEvent.change(next, { target: { value: 'N3w!Password' } });
    fireEvent.change(screen.getByLabelText('Re-enter Password', { selector: 'input' }), {
      target: { value: 'N3w!Passwordx' },
    });
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Re-enter Password', { selector: 'input' }), {
      target: { value: 'N3w!Password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated successfully', {}, { timeout: 3000 })).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/v1/users/update-password')?.body).toEqual({
      currentPassword: 'Str0ng!Pass',
      newPassword: 'N3w!Password',
    });
    await waitFor(() => expect(screen.queryByLabelText('New Password', { selector: 'input' })).toBeNull());
  });

  it('Address: adds, sets the default and deletes addresses, with US and Canadian regions', async () => {
    let book: Address[] = [];
    const address = (id: number, input: Record<string, unknown>, isDefault: boolean): Address => ({
      id,
      type: 'home',
      fullName: String(input.fullName),
      addressLine: String(input.addressLine),
      city: String(input.city),
      state: String(input.state),
      postalCode: String(input.postalCode),
      country: input.country as 'US' | 'CA',
      phone: (input.phone as string | null) ?? null,
      phoneCountry: (input.phoneCountry as string | null) ?? null,
      additionalInfo: null,
      isDefault,
      createdAt: '2026-11-01T00:00:00Z',
      updatedAt: '2026-11-01T00:00:00Z',
    });
    const api = renderProfile('/profile?tab=address', {
      'GET /api/v1/users/addresses': () => list(book),
      'POST /api/v1/users/addresses': (call: { body: Record<string, unknown> }) => {
        const created = address(book.length + 1, call.body, book.length === 0);
        book = [...book, created];
        return ok(created, 'Address saved', 201);
      },
      'POST /api/v1/users/addresses/2/default': () => {
        book = book.map((a) => ({ ...a, isDefault: a.id === 2 }));
        return ok(book[1], 'Default address updated');
      },
      'DELETE /api/v1/users/addresses/1': () => {
        book = book.filter((a) => a.id !== 1);
        return ok(null, 'Address deleted');
      },
    });
    expect(await screen.findByText('No saved addresses yet')).toBeTruthy();
    const cardsNow = () => screen.getAllByRole('listitem', { name: /address of/ });

    async function add(values: Record<string, string>) {
      fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
      const form = await screen.findByRole('form', { name: 'New address' });
      for (const [label, value] of Object.entries(values)) {
        fireEvent.change(within(form).getByLabelText(label), { target: { value } });
      }
      fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
      const again = await screen.findByRole('button', { name: 'Add address' }, { timeout: 3000 });
      expect(document.activeElement).toBe(again);
    }

    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const form = await screen.findByRole('form', { name: 'New address' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Address is required')).toBeTruthy();
    expect(within(form).getByText('City is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'CA' } });
    expect(within(form).getByRole('option', { name: 'Ontario' })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'US' } });
    expect(within(form).getByRole('option', { name: 'California' })).toBeTruthy();
    // A whole ZIP fills the city and state while the field still has focus, so nothing moves under a
    // tap on Save that leaves it.
    fireEvent.change(within(form).getByLabelText('ZIP code'), { target: { value: '94' } });
    expect(within(form).queryByText(/Filled from the code/)).toBeNull();
    fireEvent.change(within(form).getByLabelText('ZIP code'), { target: { value: '94105' } });
    expect(within(form).getByText(/^Filled from the code: .*CA\. Change them if they are not right\.$/)).toBeTruthy();
    expect((within(form).getByLabelText('State') as HTMLSelectElement).value).toBe('CA');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    await add({
      'Full Name': 'Priya Sharma',
      Address: '1 Market St',
      City: 'San Francisco',
      State: 'CA',
      'ZIP code': '94105',
    });
    await add({ 'Full Name': 'Priya Sharma', Address: '2 Main St', City: 'Austin', State: 'TX', 'ZIP code': '73301' });
    const cards = await screen.findAllByRole('listitem', { name: /address of/ });
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Default')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/users/addresses')[0]?.body).toMatchObject(
      {
        fullName: 'Priya Sharma',
        addressLine: '1 Market St',
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94105',
        country: 'US',
        phone: null,
      },
    );

    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Set as default' }));
    await waitFor(() => expect(within(cardsNow()[1] as HTMLElement).queryByText('Default')).toBeTruthy());

    const first = cardsNow()[0] as HTMLElement;
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    expect(within(first).getByText('Delete this address?')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cardsNow()).toHaveLength(1));
    expect(cardsNow()[0]?.textContent).toContain('2 Main St');
  });

  it('Address: the editor takes the focus as it opens and gives it back to its button (review 62 §2)', async () => {
    renderProfile('/profile?tab=address', { 'GET /api/v1/users/addresses': () => list([]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = await screen.findByRole('form', { name: 'New address' });
    expect(document.activeElement).toBe(within(form).getByRole('radio', { checked: true }));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add address' }));
  });

  it('Orders: a clear empty state', async () => {
    renderProfile('/profile?tab=orders', {
      'GET /api/v1/users/orders': () => ok({ results: [], totalCount: 0, page: 1, limit: 10 }),
    });
    expect(await screen.findByText('You have no orders yet')).toBeTruthy();
  });

  it('Orders: the history, each order linking to its page', async () => {
    const api = renderProfile('/profile?tab=orders', {
      'GET /api/v1/users/orders': () =>
        ok({
          results: [
            {
              id: 9,
              displayId: 'DOC-000009',
              kind: 'service',
              title: 'OCI Card',
              status: 'Payment pending',
              totalCents: 2400,
              currency: 'USD',
              createdAt: '2026-11-20T00:00:00Z',
            },
            {
              id: 4,
              displayId: 'PHO-000004',
              kind: 'photo',
              title: 'Photo enhancement',
              status: 'Completed',
              totalCents: 1000,
              currency: 'USD',
              createdAt: '2026-11-18T00:00:00Z',
            },
          ],
          totalCount: 2,
          page: 1,
          limit: 10,
        }),
    });
    const doc = await screen.findByRole('link', { name: /OCI Card/ });
    expect(doc.getAttribute('href')).toBe('/service-order?orderId=DOC-000009');
    expect(doc.textContent).toContain('Payment pending');
    expect(doc.textContent).toContain('$24');
    expect(screen.getByRole('link', { name: /Photo enhancement/ }).getAttribute('href')).toBe(
      '/photos/photo-enhancement?orderId=PHO-000004',
    );
    expect(api.calls.find((c) => c.path === '/api/v1/users/orders')?.query.get('page')).toBe('1');
  });
});
