import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { Database } from '../client.ts';
import { countries } from '../schema.ts';

/**
 * Every country and territory with a telephone dial code: ISO codes and dial codes from
 * libphonenumber's metadata, English names from the runtime's ICU data.
 */
export function countryRows(): { name: string; code: string; isoCode: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return getCountries().flatMap((isoCode) => {
    const name = names.of(isoCode);
    return name ? [{ name, code: `+${getCountryCallingCode(isoCode)}`, isoCode }] : [];
  });
}

export async function seedCountries(db: Database): Promise<void> {
  await db.insert(countries).values(countryRows()).onConflictDoNothing({ target: countries.isoCode });
}
