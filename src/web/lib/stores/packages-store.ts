import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PricedPackage } from '../../../domain/catalog/catalog-content.ts';
import type { ParameterChoices, ServiceParameter } from '../../../domain/catalog/parameters.ts';

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
  /** The package was chosen while signed out: the next sign-in continues with it (lib/pending-package.ts). */
  awaitingSignIn: boolean;
  /** When the package was chosen (ms timestamp), or null. */
  chosenAt: number | null;
  /** A service picked (menu or modal) and its packages: replaces the list, keeps no old choice. */
  setServicePackages(service: StoredService, packages: PricedPackage[], parameters?: ParameterChoices): void;
  setDropdownValue(parameter: ServiceParameter, value: string): void;
  /** The package the customer chose, with the choices it is priced for. */
  choosePackage(pkg: PricedPackage, parameters: ParameterChoices, awaitingSignIn?: boolean, at?: number): void;
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
  chosenAt: null,
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
      choosePackage: (pkg, parameters, awaitingSignIn = false, at = Date.now()) =>
        set({ currentPackage: pkg, currentParameters: parameters, awaitingSignIn, chosenAt: at }),
      setAwaitingSignIn: (awaitingSignIn) => set({ awaitingSignIn }),
      clearCurrentPackage: () =>
        set({ currentPackage: null, currentParameters: {}, awaitingSignIn: false, chosenAt: null }),
      reset: () => set(empty),
    }),
    {
      name: PACKAGES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ service, packages, currentPackage, currentParameters, awaitingSignIn, chosenAt }) => ({
        service,
        packages,
        currentPackage,
        currentParameters,
        awaitingSignIn,
        chosenAt,
      }),
    },
  ),
);
