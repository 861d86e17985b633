import { type Country, orderCountries } from '../../../domain/countries/country.ts';
import type { Database } from '../../db/client.ts';
import { createCountriesRepository } from './repository.ts';

export function createCountriesService(db: Database) {
  const repository = createCountriesRepository(db);
  // The country list changes only with a migration or seed, so one read per process is enough.
  let ordered: Promise<Country[]> | null = null;
  return {
    list(): Promise<Country[]> {
      ordered ??= repository.listAll().then(orderCountries);
      ordered.catch(() => {
        ordered = null;
      });
      return ordered;
    },
  };
}
export type CountriesService = ReturnType<typeof createCountriesService>;
