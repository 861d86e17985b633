import type { Database } from './db/client.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createCountriesService } from './modules/countries/service.ts';

/** The modules' public surfaces, built once per app and shared by routes and page loaders. */
export function createServices(db: Database) {
  return {
    catalog: createCatalogService(db),
    countries: createCountriesService(db),
  };
}
export type Services = ReturnType<typeof createServices>;
