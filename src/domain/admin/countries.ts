import { z } from 'zod';
import type { Country } from '../countries/country.ts';

/** The back office's country list (SPEC.md §7 `/admin/countries`): searched by name, ISO or dial code. */
export const adminCountriesQuery = z.object({
  q: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AdminCountriesQuery = z.infer<typeof adminCountriesQuery>;

/** The countries whose name, ISO code or dial code contains `q` (case-insensitive), in the list's order. */
export function filterCountries<T extends Country>(countries: readonly T[], q: string | undefined): T[] {
  if (!q) return [...countries];
  const needle = q.toLowerCase();
  return countries.filter(
    (c) =>
      c.name.toLowerCase().includes(needle) ||
      c.isoCode.toLowerCase() === needle ||
      c.code === needle ||
      c.code === `+${needle}`,
  );
}
