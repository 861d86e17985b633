// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PricedPackage } from '../../../domain/catalog/catalog-content.ts';
import { usePackagesStore } from '../../lib/stores/packages-store.ts';
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

  it('in route-handler mode with a package chosen and an age group, goes on to the package form', async () => {
    fakeApi({ 'GET /api/v1/users/profile': profile('26-40') });
    const pkg = { id: 4, slug: 'new-oci', name: 'New OCI' } as unknown as PricedPackage;
    usePackagesStore.getState().setServicePackages({ id: 1, name: 'OCI Card', slug: 'oci-card' }, [pkg]);
    usePackagesStore.getState().choosePackage(pkg, { citizenship: 'US' }, true);
    await signIn('/oci-card', { mode: 'route-handler' });
    await waitFor(() =>
      expect(screen.getByTestId('at').textContent).toBe(
        '/package-form?service=oci-card&package=new-oci&citizenship=US',
      ),
    );
    expect(usePackagesStore.getState().awaitingSignIn).toBe(false);
  });

  it('in route-handler mode without an age group, routes as usual', async () => {
    fakeApi({ 'GET /api/v1/users/profile': profile(null) });
    const pkg = { id: 4, slug: 'new-oci', name: 'New OCI' } as unknown as PricedPackage;
    usePackagesStore.getState().setServicePackages({ id: 1, name: 'OCI Card', slug: 'oci-card' }, [pkg]);
    usePackagesStore.getState().choosePackage(pkg, {}, true);
    await signIn('/oci-card', { mode: 'route-handler' });
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/'));
  });
});
