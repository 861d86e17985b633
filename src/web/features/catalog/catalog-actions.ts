import type { PricedPackage } from '../../../domain/catalog/catalog-content.ts';
import { noPackagesMessage } from '../../../domain/catalog/messages.ts';
import { PACKAGE_CHOICE_MESSAGES, packageFormHref, signInHref } from '../../../domain/catalog/package-choice.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { apiCall } from '../../lib/api-client.ts';
import { registerPendingPackage } from '../../lib/pending-package.ts';
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
  const { data } = await apiCall<PricedPackage[]>({
    url: `/packages/${serviceId}`,
    method: 'POST',
    queryParams: choices,
  });
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
    // apiCall has logged it; the customer sees the toast below.
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
    // Logged by apiCall.
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
  /** The page's path with its query: where sign-in brings the visitor back. */
  currentPath: string;
  user: { ageGroup?: string | null } | null | undefined;
}

/**
 * SPEC.md §4 choosing a package. Signed out: keep the choice in the packages store and go to
 * sign-in (which comes back here and carries on). Signed in with an age group: save the package
 * and go to /package-form. Signed in without one: the profile asks for it first.
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
  if (!choice.user) {
    // SPEC.md §4 route-handler mode: sign-in goes on to /package-form when the profile has an
    // age group (sign-in asks lib/pending-package.ts; the choice itself stays in the store).
    registerPendingPackage({
      hasPackage: () => usePackagesStore.getState().currentPackage !== null,
      // Already kept: the packages store persists currentPackage and currentParameters.
      save: () => undefined,
    });
    await completed(navigate(signInHref(choice.currentPath)));
  } else if (choice.user.ageGroup) {
    await completed(
      navigate(packageFormHref({ serviceSlug: choice.service.slug, packageSlug: pkg.slug, choices: pkg.choices })),
    );
  } else {
    void toastError(PACKAGE_CHOICE_MESSAGES.ageGroupNeeded);
    await completed(navigate(ROUTES.PROFILE));
  }
}

/**
 * A package chosen while signed out continues once the visitor is signed in and back on the
 * page sign-in returned to (its ?redirect): to /package-form with an age group, else to the
 * profile to add one. Does nothing when no choice is waiting.
 */
export async function resumePackageChoice(user: { ageGroup?: string | null }, navigate: Navigate): Promise<void> {
  const store = usePackagesStore.getState();
  const { currentPackage, currentParameters, service, awaitingSignIn } = store;
  if (!awaitingSignIn) return;
  if (!currentPackage || !service) {
    store.setAwaitingSignIn(false);
    return;
  }
  if (!user.ageGroup) {
    store.setAwaitingSignIn(false);
    void toastError(PACKAGE_CHOICE_MESSAGES.ageGroupNeeded);
    await completed(navigate(ROUTES.PROFILE));
    return;
  }
  const target = packageFormHref({
    serviceSlug: service.slug,
    packageSlug: currentPackage.slug,
    choices: currentParameters,
  });
  // The choice stays waiting until this navigation lands: one that sign-in's own revalidation
  // interrupts is tried again when the page renders with the signed-in user.
  if (await completed(navigate(target))) usePackagesStore.getState().setAwaitingSignIn(false);
}
