// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PricedPackage } from '../../../domain/catalog/catalog-content.ts';
import { PENDING_PACKAGE_CHOICE_MS } from '../../../domain/limits/constants.ts';
import { PACKAGES_STORAGE_KEY, usePackagesStore } from '../../lib/stores/packages-store.ts';
import { useSessionStore } from '../../lib/stores/session-store.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import type { AuthDialogOptions } from './open-auth-dialog.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

beforeAll(installBrowserStubs);
cleanupAfterEach();
beforeEach(() => {
  usePackagesStore.getState().reset();
  useSessionStore.getState().clear();
});

function Probe({ options }: { options: AuthDialogOptions }) {
  const complete = useCompleteSignIn();
  const location = useLocation();
  return (
    <>
      <p data-testid="at">{`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => void complete('Signed in successfully', options)}>
        done
      </button>
    </>
  );
}

const profile = (ageGroup: string | null) => () =>
  ok({ id: 3, name: 'Priya Sharma', email: 'priya@example.com', phone: '+1-4155550123', ageGroup });

async function signIn(path: string, options: AuthDialogOptions = {}) {
  renderWithRouter(<Probe options={options} />, { path });
  fireEvent.click(await screen.findByRole('button', { name: 'done' }));
  await screen.findByText('Signed in successfully', {}, { timeout: 3000 });
}

describe('after sign-in (SPEC.md §4)', () => {
  it('keeps the session (user, login time, no token) and goes home from /verify-email', async () => {
    fakeApi({ 'GET /api/v1/users/profile': profile(null) });
    await signIn('/verify-email?token=abc');
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/'));
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, token: null, user: { id: 3 } });
    expect(useSessionStore.getState().loginTime).toBeGreaterThan(0);
  });

  it('goes back to the prior path of a ?redirect=', async () => {
    fakeApi({ 'GET /api/v1/users/profile': profile(null) });
    await signIn('/signin?redirect=%2Fprofile%3Ftab%3Dorders');
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/profile?tab=orders'));
  });

  it('goes on to the package form of a package chosen while signed out, without asking for an age group', async () => {
    fakeApi({ 'GET /api/v1/users/profile': profile(null) });
    choosePackageSignedOut();
    await signIn('/verify-email?token=abc');
    await waitFor(() =>
      expect(screen.getByTestId('at').textContent).toBe(
        '/package-form?service=oci-card&package=oci-card-for-minor&applyingFrom=US',
      ),
    );
    expect(usePackagesStore.getState()).toMatchObject({ awaitingSignIn: false, currentPackage: { id: 4 } });
    expect(screen.queryByText(/age group/)).toBeNull();
  });

  it('continues with a choice another tab of the browser made after this page loaded', async () => {
    fakeApi({ 'GET /api/v1/users/profile': profile('26-40') });
    choosePackageSignedOut();
    // What this tab's store holds is older than the storage the tabs share.
    const shared = localStorage.getItem(PACKAGES_STORAGE_KEY) ?? '';
    usePackagesStore.setState({ awaitingSignIn: false, currentPackage: null });
    localStorage.setItem(PACKAGES_STORAGE_KEY, shared);
    await signIn('/signin');
    await waitFor(() => expect(screen.getByTestId('at').textContent).toMatch(/^\/package-form\?service=oci-card&/));
  });

  it('forgets a choice older than a day: the sign-in routes as usual', async () => {
    fakeApi({ 'GET /api/v1/users/profile': profile(null) });
    choosePackageSignedOut(Date.now() - PENDING_PACKAGE_CHOICE_MS - 1000);
    await signIn('/verify-email?token=abc');
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/'));
  });
});

function choosePackageSignedOut(at = Date.now()) {
  const pkg = {
    id: 4,
    slug: 'oci-card-for-minor',
    name: 'OCI Card for a Minor',
    choices: { applyingFrom: 'US' },
    price: { totalCents: 39300, currency: 'USD' },
  } as unknown as PricedPackage;
  usePackagesStore.getState().setServicePackages({ id: 1, name: 'OCI Card', slug: 'oci-card' }, [pkg]);
  usePackagesStore.getState().choosePackage(pkg, { applyingFrom: 'US' }, true, at);
}
