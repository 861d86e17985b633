/** A chosen package for component tests (only test files import src/web/testing). */
import type { PricedPackage } from '../../domain/catalog/catalog-content.ts';
import type { PackageChoiceSummary } from '../../domain/catalog/package-choice.ts';
import { usePackagesStore } from '../lib/stores/packages-store.ts';

export const OCI_SERVICE = { id: 1, name: 'OCI Card', slug: 'oci-card', parameters: ['applyingFrom' as const] };

/** The OCI card for a minor, applying from the United States, as the packages API prices it (the parts used). */
export const MINOR_PACKAGE = {
  id: 7,
  serviceId: 1,
  name: 'OCI Card for a Minor',
  slug: 'oci-card-for-minor',
  choices: { applyingFrom: 'US' },
  price: { totalCents: 39390, currency: 'USD' },
} as unknown as PricedPackage;

export const MINOR_PACKAGE_FORM = '/package-form?service=oci-card&package=oci-card-for-minor&applyingFrom=US';

/** What the auth and verification pages show of it. */
export const MINOR_PACKAGE_SUMMARY: PackageChoiceSummary = {
  serviceName: 'OCI Card',
  packageName: 'OCI Card for a Minor',
  choices: { applyingFrom: 'US' },
  total: { amountCents: 39390, currency: 'USD' },
};

/** Chooses MINOR_PACKAGE as Choose package does for a visitor: the choice waits for sign-in. */
export function chooseMinorPackageSignedOut(at = Date.now()): void {
  const store = usePackagesStore.getState();
  store.setServicePackages(OCI_SERVICE, [MINOR_PACKAGE], MINOR_PACKAGE.choices);
  store.choosePackage(MINOR_PACKAGE, MINOR_PACKAGE.choices, true, at);
}
