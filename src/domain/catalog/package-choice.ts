import { ROUTES } from '../config/routes.ts';
import type { PricedPackage } from './catalog-content.ts';
import type { Money } from './money.ts';
import { type ParameterChoices, SERVICE_PARAMETERS } from './parameters.ts';

/** Messages of the package choice (SPEC.md §4 'Sign-in' route-handler mode and /package-form). */
export const PACKAGE_CHOICE_MESSAGES = {
  nothingChosen: 'You have not chosen a package yet. Pick a service and one of its packages to start your application.',
  notOffered:
    'This package is not offered for the countries chosen. Please pick another package or change your choices.',
  chooseFailed: 'We could not save your choice. Please try again.',
} as const;

/** A chosen package as an address names it: the service, the package and the countries. */
export interface PackageChoiceRef {
  serviceSlug: string;
  packageSlug: string;
  choices: ParameterChoices;
}

/**
 * What /package-form shows and starts from of a priced package: not its features, documents or
 * add-ons, which the page does not show and which its loader would send inline, in a page whose
 * first load is at its budget (DESIGN.md §4).
 */
export type ChosenPackageDetails = Omit<PricedPackage, 'features' | 'documents' | 'addons'>;

export function chosenPackageDetails({ features, documents, addons, ...details }: PricedPackage): ChosenPackageDetails {
  return details;
}

/** A chosen package, priced for its countries, with its service (what /package-form starts from). */
export interface ChosenPackage {
  service: { name: string; slug: string; parameters: string[] };
  pkg: ChosenPackageDetails;
}

/** The address form of a chosen package (the reverse of what /package-form's query names). */
export function choiceRefOf({ service, pkg }: ChosenPackage): PackageChoiceRef {
  return { serviceSlug: service.slug, packageSlug: pkg.slug, choices: pkg.choices };
}

/** What the sign-in, sign-up and verification pages show of the package the visitor is applying for. */
export interface PackageChoiceSummary {
  serviceName: string;
  packageName: string;
  choices: ParameterChoices;
  total: Money;
}

/** The summary of `pkg` of the service named `serviceName`, priced for the package's choices. */
export function packageChoiceSummary(
  serviceName: string,
  pkg: Pick<PricedPackage, 'name' | 'choices' | 'price'>,
): PackageChoiceSummary {
  return {
    serviceName,
    packageName: pkg.name,
    choices: pkg.choices,
    total: { amountCents: pkg.price.totalCents, currency: pkg.price.currency },
  };
}

/** Where a signed-out visitor goes to sign in, coming back to `currentPath` afterwards. */
export function signInHref(currentPath: string): string {
  return `${ROUTES.SIGN_IN}?${new URLSearchParams({ redirect: currentPath })}`;
}

/** The package form for a chosen package; the query lets the page show the choice without JavaScript. */
export function packageFormHref(choice: PackageChoiceRef): string {
  const query = new URLSearchParams({ service: choice.serviceSlug, package: choice.packageSlug });
  for (const parameter of SERVICE_PARAMETERS) {
    const value = choice.choices[parameter];
    if (value) query.set(parameter, value);
  }
  return `${ROUTES.PACKAGE_FORM}?${query}`;
}

/**
 * The choice a /package-form query names (the reverse of packageFormHref), or null without a
 * service and a package. Countries that are not two-letter codes are left out.
 */
export function packageChoiceFromQuery(query: URLSearchParams): PackageChoiceRef | null {
  const serviceSlug = query.get('service');
  const packageSlug = query.get('package');
  if (!serviceSlug || !packageSlug) return null;
  const choices: ParameterChoices = {};
  for (const parameter of SERVICE_PARAMETERS) {
    const value = query.get(parameter);
    if (value && /^[A-Za-z]{2}$/.test(value)) choices[parameter] = value.toUpperCase();
  }
  return { serviceSlug, packageSlug, choices };
}

/**
 * The choice a sign-in page's `?redirect=` continues with, when it leads to /package-form (a
 * package chosen while signed out); null for any other destination. `redirect` must already be
 * a same-origin path (safe-redirect.ts).
 */
export function packageChoiceFromRedirect(redirect: string | null): PackageChoiceRef | null {
  if (!redirect) return null;
  const url = new URL(redirect, 'https://site.invalid');
  return url.pathname === ROUTES.PACKAGE_FORM ? packageChoiceFromQuery(url.searchParams) : null;
}
