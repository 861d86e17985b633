import type { LoaderServices } from '../../../contracts/load-context.ts';
import {
  type ChosenPackage,
  chosenPackageDetails,
  type PackageChoiceRef,
} from '../../../domain/catalog/package-choice.ts';

/**
 * The package an address names (/package-form's query, or a sign-in page's continuation to it),
 * priced by the catalog for its countries; null when the service or the package is unknown or
 * not offered there.
 */
export async function loadChosenPackage(
  catalog: LoaderServices['catalog'],
  ref: PackageChoiceRef | null,
): Promise<ChosenPackage | null> {
  if (!ref) return null;
  const service = await catalog.getServiceBySlug(ref.serviceSlug);
  if (!service) return null;
  const priced = await catalog.getPackagesForChoices(service.id, ref.choices);
  const pkg = priced?.packages.find((p) => p.slug === ref.packageSlug);
  return pkg
    ? {
        service: { name: service.name, slug: service.slug, parameters: service.parameters },
        pkg: chosenPackageDetails(pkg),
      }
    : null;
}
