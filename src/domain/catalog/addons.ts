/** SPEC.md §3: add-on types a package can carry. */
export const ADDON_TYPES = ['Photo Enhancement', 'Expedite', 'Apostilled'] as const;
export type AddonType = (typeof ADDON_TYPES)[number];
