/**
 * A package the visitor chose before being asked to sign in (SPEC.md §4 route-handler mode).
 * The catalog registers how to read and keep its chosen package; sign-in asks here after a
 * successful sign-in. Kept in lib so neither feature imports the other.
 */
export interface PendingPackage {
  /** Whether a package is chosen. */
  hasPackage(): boolean;
  /** Keeps the chosen package for the package form. */
  save(): void;
}

let pendingPackage: PendingPackage | undefined;

/** The catalog registers how to read and keep its chosen package. */
export function registerPendingPackage(handler: PendingPackage | undefined): void {
  pendingPackage = handler;
}

/** What the catalog registered, if anything. */
export function registeredPendingPackage(): PendingPackage | undefined {
  return pendingPackage;
}
