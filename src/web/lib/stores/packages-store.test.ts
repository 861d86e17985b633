// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { PricedPackage } from '../../../domain/catalog/catalog-content.ts';
import { PACKAGES_STORAGE_KEY, usePackagesStore } from './packages-store.ts';

const pkg = {
  id: 3,
  serviceId: 1,
  name: 'OCI Re-issue (new passport)',
  slug: 'oci-reissue',
  choices: { applyingFrom: 'CA' },
} as unknown as PricedPackage;
const service = { id: 1, name: 'OCI Card', slug: 'oci-card', parameters: ['applyingFrom' as const] };

beforeEach(() => {
  usePackagesStore.getState().reset();
  localStorage.clear();
});

describe('packages store (SPEC.md §3)', () => {
  it('keeps the service, its packages and the chosen package with its parameters in browser storage', () => {
    const store = usePackagesStore.getState();
    store.setServicePackages(service, [pkg], { applyingFrom: 'CA' });
    store.setDropdownValue('applyingFrom', 'US');
    store.choosePackage(pkg, { applyingFrom: 'CA' }, false, 1_700_000_000_000);
    const saved = JSON.parse(localStorage.getItem(PACKAGES_STORAGE_KEY) ?? '{}').state;
    expect(saved).toEqual({
      service,
      packages: [pkg],
      currentPackage: pkg,
      currentParameters: { applyingFrom: 'CA' },
      awaitingSignIn: false,
      chosenAt: 1_700_000_000_000,
    });
    expect(usePackagesStore.getState().dropdownValue).toEqual({ applyingFrom: 'US' });
  });

  it('resets to empty (SPEC.md §4: logout resets the packages store)', () => {
    usePackagesStore.getState().choosePackage(pkg, { applyingFrom: 'CA' });
    usePackagesStore.getState().reset();
    expect(usePackagesStore.getState()).toMatchObject({ currentPackage: null, service: null, packages: [] });
  });
});
