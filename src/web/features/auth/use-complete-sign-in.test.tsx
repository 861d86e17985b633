// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useNavigationType } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PENDING_PACKAGE_CHOICE_MS } from '../../../domain/limits/constants.ts';
import { PACKAGES_STORAGE_KEY, usePackagesStore } from '../../lib/stores/packages-store.ts';
import { useSessionStore } from '../../lib/stores/session-store.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { chooseMinorPackageSignedOut, MINOR_PACKAGE_FORM } from '../../testing/packages.ts';
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
  const navigation = useNavigationType();
  return (
    <>
      <p data-testid="at">{`${location.pathname}${location.search}`}</p>
      <p data-testid="how">{navigation}</p>
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
    // In place of the verification page: Back does not return to a used link's page.
    expect(screen.getByTestId('how').textContent).toBe('REPLACE');
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
    chooseMinorPackageSignedOut();
    await signIn('/verify-email?token=abc');
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe(MINOR_PACKAGE_FORM));
    expect(usePackagesStore.getState()).toMatchObject({ awaitingSignIn: false, currentPackage: { id: 7 } });
    expect(screen.queryByText(/age group/)).toBeNull();
  });

  it('continues with a choice another tab of the browser made after this page loaded', async () => {
    fakeApi({ 'GET /api/v1/users/profile': profile('26-40') });
    chooseMinorPackageSignedOut();
    // What this tab's store holds is older than the storage the tabs share.
    const shared = localStorage.getItem(PACKAGES_STORAGE_KEY) ?? '';
    usePackagesStore.setState({ awaitingSignIn: false, currentPackage: null });
    localStorage.setItem(PACKAGES_STORAGE_KEY, shared);
    await signIn('/signin');
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe(MINOR_PACKAGE_FORM));
  });

  it('forgets a choice older than a day: the sign-in routes as usual', async () => {
    fakeApi({ 'GET /api/v1/users/profile': profile(null) });
    chooseMinorPackageSignedOut(Date.now() - PENDING_PACKAGE_CHOICE_MS - 1000);
    await signIn('/verify-email?token=abc');
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/'));
  });
});
