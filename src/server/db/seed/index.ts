import type { Database } from '../client.ts';
import { seedCatalog } from './catalog.ts';
import { seedCountries } from './countries.ts';

/** Idempotent: fills what is missing and leaves existing rows (and staff edits) alone. */
export async function seedDatabase(db: Database): Promise<void> {
  await seedCountries(db);
  await seedCatalog(db);
}
