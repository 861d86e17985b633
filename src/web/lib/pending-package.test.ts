// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { PricedPackage } from '../../domain/catalog/catalog-content.ts';
import { PENDING_PACKAGE_CHOICE_MS } from '../../domain/limits/constants.ts';
import { pendingPackageChoice, settlePendingPackageChoice } from './pending-package.ts';
import { usePackagesStore } from './stores/packages-store.ts';

const pkg = {
  id: 3,
  name: 'OCI Card for a Minor',
  slug: 'oci-card-for-minor',
  choices: { applyingFrom: 'CA' },
  price: { totalCents: 53140, currency: 'CAD' },
} as unknown as PricedPackage;
const service = { id: 1, name: 'OCI Card', slug: 'oci-card' };
const NOW = 1_800_000_000_000;

beforeEach(() => {
  usePackagesStore.getState().reset();
  localStorage.clear();
  usePackagesStore.getState().setServicePackages(service, [pkg]);
});

describe('a package chosen while signed out, waiting for sign-in', () => {
  it('is the package form of the choice, with what it is and costs, until a sign-in settles it', async () => {
    usePackagesStore.getState().choosePackage(pkg, { applyingFrom: 'CA' }, true, NOW);
    expect(await pendingPackageChoice(NOW + 60_000)).toEqual({
      href: '/package-form?service=oci-card&package=oci-card-for-minor&applyingFrom=CA',
      summary: {
        serviceName: 'OCI Card',
        packageName: 'OCI Card for a Minor',
        choices: { applyingFrom: 'CA' },
        total: { amountCents: 53140, currency: 'CAD' },
      },
    });
    settlePendingPackageChoice();
    expect(await pendingPackageChoice(NOW + 60_000)).toBeNull();
    // Settled, not forgotten: the package form still shows the chosen package.
    expect(usePackagesStore.getState().currentPackage?.id).toBe(3);
  });

  it('lasts a day', async () => {
    usePackagesStore.getState().choosePackage(pkg, { applyingFrom: 'CA' }, true, NOW);
    expect(await pendingPackageChoice(NOW + PENDING_PACKAGE_CHOICE_MS)).not.toBeNull();
    expect(await pendingPackageChoice(NOW + PENDING_PACKAGE_CHOICE_MS + 1)).toBeNull();
  });

  it('is none for a package chosen while signed in, or kept by an older version without its time', async () => {
    usePackagesStore.getState().choosePackage(pkg, { applyingFrom: 'CA' }, false, NOW);
    expect(await pendingPackageChoice(NOW)).toBeNull();
    usePackagesStore.setState({ awaitingSignIn: true, chosenAt: null });
    expect(await pendingPackageChoice(NOW)).toBeNull();
  });
});
