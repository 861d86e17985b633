import { ROUTES } from '../config/routes.ts';
import { type ParameterChoices, SERVICE_PARAMETERS } from './parameters.ts';

/** Messages of the package choice (SPEC.md §4 'Sign-in' route-handler mode and /package-form). */
export const PACKAGE_CHOICE_MESSAGES = {
  ageGroupNeeded: 'Please add your age group to your profile to continue with this package.',
  nothingChosen: 'You have not chosen a package yet. Pick a service and one of its packages to start your application.',
  notOffered:
    'This package is not offered for the countries chosen. Please pick another package or change your choices.',
  chooseFailed: 'We could not save your choice. Please try again.',
} as const;

/** Where a signed-out visitor goes to sign in, coming back to `currentPath` afterwards. */
export function signInHref(currentPath: string): string {
  return `${ROUTES.SIGN_IN}?${new URLSearchParams({ redirect: currentPath })}`;
}

/** The package form for a chosen package; the query lets the page show the choice without JavaScript. */
export function packageFormHref(choice: {
  serviceSlug: string;
  packageSlug: string;
  choices: ParameterChoices;
}): string {
  const query = new URLSearchParams({ service: choice.serviceSlug, package: choice.packageSlug });
  for (const parameter of SERVICE_PARAMETERS) {
    const value = choice.choices[parameter];
    if (value) query.set(parameter, value);
  }
  return `${ROUTES.PACKAGE_FORM}?${query}`;
}
