import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countries } from './tables.ts';

export function createCountriesRepository(db: Database) {
  return {
    listAll: () =>
      db.select({ name: countries.name, code: countries.code, isoCode: countries.isoCode }).from(countries),

    async lock(isoCode: string) {
      const [row] = await db
        .select({ name: countries.name, code: countries.code, isoCode: countries.isoCode })
        .from(countries)
        .where(eq(countries.isoCode, isoCode))
        .for('update');
      return row;
    },

    update: (isoCode: string, changes: { name?: string; code?: string }) =>
      db.update(countries).set(changes).where(eq(countries.isoCode, isoCode)),
  };
}
