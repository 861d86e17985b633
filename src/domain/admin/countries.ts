import { z } from 'zod';
import { countryCodeSchema } from '../auth/schemas.ts';
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

/**
 * An admin's edit of a country (decision 0076): its English name and dial code. The ISO code is
 * the country's identity (stored on prices, service options, phones and addresses) and stays.
 * The dial code follows the sign-up form's rule and messages (SPEC.md §5).
 */
export const countryEditSchema = z
  .object({
    name: z
      .string({ error: 'Enter the name' })
      .trim()
      .min(1, 'Enter the name')
      .max(80, 'Name must be at most 80 characters'),
    code: countryCodeSchema,
  })
  .partial()
  .refine((value) => value.name !== undefined || value.code !== undefined, {
    message: 'Nothing to change: send at least one field.',
  });
export type CountryEdit = z.infer<typeof countryEditSchema>;
