import type { Database } from '../client.ts';
import { seedCatalog, seedCatalogContent } from './catalog.ts';
import { seedContent, seedMarketing } from './content.ts';
import { seedCountries } from './countries.ts';
import { seedCoupons } from './coupons.ts';
import { seedExchangeRates } from './exchange-rates.ts';
import { seedFormDefinitions } from './forms.ts';

/** Idempotent: fills what is missing and leaves existing rows (and staff edits) alone. */
export async function seedDatabase(db: Database): Promise<void> {
  await seedCountries(db);
  await seedCatalog(db);
  await seedCatalogContent(db);
  // After the catalog: each package is linked to its form.
  await seedFormDefinitions(db);
  // After the catalog: articles link to services by slug.
  await seedContent(db);
  await seedMarketing(db);
  await seedCoupons(db);
  await seedExchangeRates(db);
}
