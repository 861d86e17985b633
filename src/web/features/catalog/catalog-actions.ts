import type { PricedPackage } from '../../../domain/catalog/catalog-content.ts';
import { noPackagesMessage } from '../../../domain/catalog/messages.ts';
import { PACKAGE_CHOICE_MESSAGES, packageFormHref, signInHref } from '../../../domain/catalog/package-choice.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import { api, envelopeOf } from '../../lib/api-client.ts';
import { type StoredService, usePackagesStore } from '../../lib/stores/packages-store.ts';
import { completed } from '../../lib/superseded-navigation.ts';
import { toastError } from '../../lib/toast.ts';

/**
 * What the service menu, the service modal and the package buttons do. Loaded on the first
 * such interaction only (none of it is needed to paint a page).
 */

type Navigate = (to: string, options?: { replace?: boolean; preventScrollReset?: boolean }) => unknown;

/** POST /packages/{serviceId} with the choices as query (SPEC.md §7 'Packages for a service'). */
export async function fetchPackages(serviceId: number, choices: ParameterChoices = {}): Promise<PricedPackage[]> {
  const { data } = await envelopeOf(
    api.POST('/api/v1/packages/{serviceId}', { params: { path: { serviceId }, query: choices } }),
  );
  return Array.isArray(data) ? data : [];
}

/**
 * SPEC.md §4 service selection from the menu: fetch its packages; on success store them with
 * the service and go to the service page; on failure or none, the toast of SPEC.md §8.
 */
export async function selectService(service: StoredService, navigate: Navigate, to = `/${service.slug}`) {
  let packages: PricedPackage[] = [];
  try {
    packages = await fetchPackages(service.id);
  } catch {
    // The call helper has logged it; the customer sees the toast below.
  }
  if (packages.length === 0) {
    void toastError(noPackagesMessage(service.name));
    return false;
  }
  usePackagesStore.getState().setServicePackages(service, packages, packages[0]?.choices);
  await navigate(to);
  return true;
}

/**
 * SPEC.md §4 modal Apply Now (after validation): fetch the packages for the choices; on success
 * store them and replace the URL without a reload. False (and the toast) when none are offered.
 */
export async function applyServiceChoices(
  service: StoredService,
  choices: ParameterChoices,
  canonicalPath: string,
  navigate: Navigate,
): Promise<boolean> {
  let packages: PricedPackage[] = [];
  try {
    packages = await fetchPackages(service.id, choices);
  } catch {
    // Logged by the call helper.
  }
  if (packages.length === 0) {
    void toastError(noPackagesMessage(service.name));
    return false;
  }
  usePackagesStore.getState().setServicePackages(service, packages, choices);
  await navigate(canonicalPath, { replace: true, preventScrollReset: true });
  return true;
}

export interface PackageChoice {
  service: StoredService;
  packageId: number;
  choices: ParameterChoices;
  /** The signed-in user, or null for a visitor. */
  user: object | null | undefined;
}

/**
 * SPEC.md §4 choosing a package: the package is saved (packages store) and the customer goes on to
 * /package-form with it. A visitor signs in first: the sign-in page shows what they are applying
 * for and continues to the package form (its ?redirect=), and the choice waits in browser storage
 * for whichever sign-in comes next (lib/pending-package.ts), such as the one after the e-mailed
 * verification link. No age group is asked for here: the ages that matter are those of the
 * application's members, asked on /package-form (docs/decisions/0042).
 */
export async function choosePackage(choice: PackageChoice, navigate: Navigate): Promise<void> {
  let packages: PricedPackage[];
  try {
    packages = await fetchPackages(choice.service.id, choice.choices);
  } catch {
    void toastError(PACKAGE_CHOICE_MESSAGES.chooseFailed);
    return;
  }
  const pkg = packages.find((p) => p.id === choice.packageId);
  if (!pkg) {
    void toastError(packages.length ? PACKAGE_CHOICE_MESSAGES.notOffered : noPackagesMessage(choice.service.name));
    return;
  }
  const store = usePackagesStore.getState();
  store.setServicePackages(choice.service, packages, pkg.choices);
  store.choosePackage(pkg, pkg.choices, !choice.user);
  const form = packageFormHref({ serviceSlug: choice.service.slug, packageSlug: pkg.slug, choices: pkg.choices });
  await completed(navigate(choice.user ? form : signInHref(form)));
}
