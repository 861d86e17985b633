import { z } from 'zod';

/** SPEC.md §3 Country. `code` is the dial code with its plus sign. */
export const countrySchema = z.object({ name: z.string(), code: z.string(), isoCode: z.string() });
export type Country = z.infer<typeof countrySchema>;

/** SPEC.md §7: India, United States and Canada first, in that order; the rest alphabetical. */
export const PINNED_COUNTRY_ISO_CODES = ['IN', 'US', 'CA'] as const;

export function orderCountries<T extends { name: string; isoCode: string }>(countries: readonly T[]): T[] {
  const pinned = PINNED_COUNTRY_ISO_CODES.map((iso) => countries.find((c) => c.isoCode === iso)).filter(
    (c): c is T => c !== undefined,
  );
  const rest = countries
    .filter((c) => !(PINNED_COUNTRY_ISO_CODES as readonly string[]).includes(c.isoCode))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [...pinned, ...rest];
}
