import type { Database } from '../../db/client.ts';
import { countries } from './tables.ts';

export function createCountriesRepository(db: Database) {
  return {
    listAll: () =>
      db.select({ name: countries.name, code: countries.code, isoCode: countries.isoCode }).from(countries),
  };
}
