import { ZIP_COUNTIES } from './zip-counties-data.ts';

/**
 * The US states the jurisdiction table splits by county, whose ZIP → county map is kept
 * (`zip-counties-data.ts`, written by `scripts/derive-zip-counties.ts`). California is split
 * between Los Angeles and San Francisco since the Los Angeles consulate opened.
 */
export const SPLIT_STATES: readonly string[] = ['CA'];

let index: Map<string, string> | null = null;

/** ZIP → county, built on the first look-up (about 2,600 entries for California). */
function zipIndex(): Map<string, string> {
  if (index) return index;
  const built = new Map<string, string>();
  for (const counties of Object.values(ZIP_COUNTIES)) {
    for (const [county, zips] of Object.entries(counties)) {
      for (const zip of zips.split(' ')) built.set(zip, county);
    }
  }
  index = built;
  return built;
}

/** The county of a 5-digit ZIP in one of SPLIT_STATES, or null when the map does not know the ZIP. */
export function countyOfZip(zip: string): string | null {
  return zipIndex().get(zip) ?? null;
}

/** Whether the kept map covers `state` (a state split by the table but missing here gets no answer). */
export function hasCountiesFor(state: string): boolean {
  return Object.hasOwn(ZIP_COUNTIES, state);
}
