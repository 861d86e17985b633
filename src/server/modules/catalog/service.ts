import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import type { Currency } from '../../../domain/catalog/money.ts';
import { priceTotalCents, type ServiceDetail } from '../../../domain/catalog/service-detail.ts';
import type { ServiceSummary } from '../../../domain/catalog/service-summary.ts';
import type { Database } from '../../db/client.ts';
import { createCatalogRepository } from './repository.ts';

/** How long a cached catalog read may be served before it is read again, as a safety net for
 * changes made by another process; changes made here invalidate at once. */
const CATALOG_CACHE_TTL_MS = 60_000;

type PriceRow = Awaited<ReturnType<ReturnType<typeof createCatalogRepository>['listPriceTotals']>>[number];

function lowestPriceByService(rows: PriceRow[]): Map<number, { amountCents: number; currency: Currency }> {
  const lowest = new Map<number, { amountCents: number; currency: Currency }>();
  for (const row of rows) {
    const total =
      row.governmentFeeCents + row.serviceFeeCents + row.mandatoryFees.reduce((s, f) => s + f.amountCents, 0);
    const current = lowest.get(row.serviceId);
    // USD is the storefront's main currency: a USD price wins over any other.
    const better =
      !current ||
      (row.currency === 'USD' && current.currency !== 'USD') ||
      (row.currency === current.currency && total < current.amountCents);
    if (better) lowest.set(row.serviceId, { amountCents: total, currency: row.currency });
  }
  return lowest;
}

export function createCatalogService(db: Database) {
  const repository = createCatalogRepository(db);
  let cached: { at: number; services: ServiceSummary[] } | null = null;

  async function allServices(): Promise<ServiceSummary[]> {
    if (cached && Date.now() - cached.at < CATALOG_CACHE_TTL_MS) return cached.services;
    const total = await repository.countActiveServices();
    const [rows, prices] = await Promise.all([repository.listActiveServices(0, total), repository.listPriceTotals()]);
    const lowest = lowestPriceByService(prices);
    const services = rows.map((s) => ({ ...s, fromPrice: lowest.get(s.id) ?? null }));
    cached = { at: Date.now(), services };
    return services;
  }

  return {
    async listServices({ page, limit }: Pagination): Promise<ListData<ServiceSummary>> {
      const services = await allServices();
      const start = (page - 1) * limit;
      return { results: services.slice(start, start + limit), totalCount: services.length, page, limit };
    },

    /** The service with its active packages and their prices, or null when unknown or inactive. */
    async getServiceBySlug(slug: string): Promise<ServiceDetail | null> {
      const summary = (await allServices()).find((s) => s.slug === slug);
      if (!summary) return null;
      const service = await repository.findActiveServiceBySlug(slug);
      if (!service) return null;
      const packageRows = await repository.listActivePackages(service.id);
      const priceRows = await repository.listPricesForPackages(packageRows.map((p) => p.id));
      return {
        ...summary,
        description: service.description,
        parameterOptions: service.parameterOptions,
        packages: packageRows.map((pkg) => ({
          ...pkg,
          prices: priceRows
            .filter((p) => p.packageId === pkg.id)
            .map(({ packageId: _packageId, ...price }) => ({ ...price, totalCents: priceTotalCents(price) })),
        })),
      };
    },

    listServiceSlugs: () => repository.listActiveServiceSlugs(),

    /** Drops cached reads; call after any change to services, packages or prices. */
    invalidate(): void {
      cached = null;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
