import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PricedPackage } from '../../../domain/catalog/catalog-content.ts';
import { packageFormHref } from '../../../domain/catalog/package-choice.ts';
import type { ParameterChoices, ServiceParameter } from '../../../domain/catalog/parameters.ts';
import { ROUTES } from '../../../domain/config/routes.ts';

/** The active service as the packages store keeps it. */
export interface StoredService {
  id: number;
  name: string;
  slug: string;
  parameters?: ServiceParameter[];
}

/**
 * SPEC.md §3 packages state: the packages of the active service (priced for the choices), the
 * service, the modal's dropdown values, and the package chosen with its parameters. The
 * service, its packages and the chosen package (with its parameters, so a choice made while
 * signed out survives sign-in) are kept in browser storage.
 */
export interface PackagesState {
  packages: PricedPackage[];
  service: StoredService | null;
  /** The value of each dropdown of the service modal. */
  dropdownValue: ParameterChoices;
  currentPackage: PricedPackage | null;
  currentParameters: ParameterChoices;
  /** The package was chosen while signed out: sign-in continues with it (see resumePackageChoice). */
  awaitingSignIn: boolean;
  /** A service picked (menu or modal) and its packages: replaces the list, keeps no old choice. */
  setServicePackages(service: StoredService, packages: PricedPackage[], parameters?: ParameterChoices): void;
  setDropdownValue(parameter: ServiceParameter, value: string): void;
  /** The package the customer chose, with the choices it is priced for. */
  choosePackage(pkg: PricedPackage, parameters: ParameterChoices, awaitingSignIn?: boolean): void;
  setAwaitingSignIn(awaiting: boolean): void;
  /** Forgets the chosen package (after it was handed to the application form). */
  clearCurrentPackage(): void;
  /** SPEC.md §4: logout resets the packages store. */
  reset(): void;
}

export const PACKAGES_STORAGE_KEY = 'sevadocs-packages';

const empty = {
  packages: [],
  service: null,
  dropdownValue: {},
  currentPackage: null,
  currentParameters: {},
  awaitingSignIn: false,
} satisfies Partial<PackagesState>;

export const usePackagesStore = create<PackagesState>()(
  persist(
    (set) => ({
      ...empty,
      setServicePackages: (service, packages, parameters) =>
        set((state) => ({
          service,
          packages,
          dropdownValue: parameters ?? (state.service?.id === service.id ? state.dropdownValue : {}),
        })),
      setDropdownValue: (parameter, value) =>
        set((state) => ({ dropdownValue: { ...state.dropdownValue, [parameter]: value } })),
      choosePackage: (pkg, parameters, awaitingSignIn = false) =>
        set({ currentPackage: pkg, currentParameters: parameters, awaitingSignIn }),
      setAwaitingSignIn: (awaitingSignIn) => set({ awaitingSignIn }),
      clearCurrentPackage: () => set({ currentPackage: null, currentParameters: {}, awaitingSignIn: false }),
      reset: () => set(empty),
    }),
    {
      name: PACKAGES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ service, packages, currentPackage, currentParameters, awaitingSignIn }) => ({
        service,
        packages,
        currentPackage,
        currentParameters,
        awaitingSignIn,
      }),
    },
  ),
);

/**
 * Sign-in hand-over (SPEC.md §4 'Sign-in', route-handler mode): where to go after a successful
 * sign-in when a package was chosen while signed out, or null when none is pending. With an age
 * group the choice continues on /package-form; without one the profile must ask for it first
 * (show PACKAGE_CHOICE_MESSAGES.ageGroupNeeded). The choice stays in the store either way.
 */
export function pendingPackageDestination(user: { ageGroup?: string | null }): string | null {
  const { currentPackage, currentParameters, service } = usePackagesStore.getState();
  if (!currentPackage || !service) return null;
  if (!user.ageGroup) return ROUTES.PROFILE;
  return packageFormHref({ serviceSlug: service.slug, packageSlug: currentPackage.slug, choices: currentParameters });
}
