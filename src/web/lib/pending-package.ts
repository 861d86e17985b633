import {
  type PackageChoiceSummary,
  packageChoiceSummary,
  packageFormHref,
} from '../../domain/catalog/package-choice.ts';
import { PENDING_PACKAGE_CHOICE_MS } from '../../domain/limits/constants.ts';
import { usePackagesStore } from './stores/packages-store.ts';

/**
 * A package the visitor chose while signed out (SPEC.md §4 route-handler mode): the next sign-in
 * continues with it on /package-form, whichever way the visitor signs in — the sign-in page the
 * package sent them to, the verification page of the e-mailed link, or the header.
 *
 * The catalog keeps the choice in the packages store, whose storage is localStorage: every tab of
 * the browser shares it, so a verification link opened in a new tab still knows the choice
 * (sessionStorage would not). Kept in lib so neither feature imports the other.
 */
export interface PendingPackageChoice {
  /** The package form for the choice. */
  href: string;
  summary: PackageChoiceSummary;
}

/**
 * The choice waiting for sign-in, or null (none, or chosen more than PENDING_PACKAGE_CHOICE_MS
 * ago). Reads the storage afresh: another tab may have chosen since this page loaded.
 */
export async function pendingPackageChoice(now = Date.now()): Promise<PendingPackageChoice | null> {
  await usePackagesStore.persist.rehydrate();
  const { awaitingSignIn, chosenAt, currentPackage, currentParameters, service } = usePackagesStore.getState();
  if (!awaitingSignIn || !currentPackage || !service || chosenAt === null) return null;
  if (now - chosenAt > PENDING_PACKAGE_CHOICE_MS) return null;
  return {
    href: packageFormHref({ serviceSlug: service.slug, packageSlug: currentPackage.slug, choices: currentParameters }),
    summary: packageChoiceSummary(service.name, currentPackage),
  };
}

/** A sign-in happened: nothing waits for it any more (the package stays chosen for the package form). */
export function settlePendingPackageChoice(): void {
  usePackagesStore.getState().setAwaitingSignIn(false);
}
