import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { Database } from '../../db/client.ts';
import { packagePrices, packages, services } from './tables.ts';

export function createCatalogRepository(db: Database) {
  return {
    async countActiveServices(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(services).where(eq(services.isActive, true));
      return row?.n ?? 0;
    },

    listActiveServices(offset: number, limit: number) {
      return db
        .select({
          id: services.id,
          name: services.name,
          slug: services.slug,
          brand: services.brand,
          summary: services.summary,
          icon: services.icon,
          parameters: services.parameters,
        })
        .from(services)
        .where(eq(services.isActive, true))
        .orderBy(asc(services.sortOrder), asc(services.id))
        .limit(limit)
        .offset(offset);
    },

    /** Every active price row with its service, for computing 'from' prices. */
    listPriceTotals(): Promise<
      {
        serviceId: number;
        currency: Currency;
        governmentFeeCents: number;
        serviceFeeCents: number;
        mandatoryFees: { amountCents: number }[];
      }[]
    > {
      return db
        .select({
          serviceId: packages.serviceId,
          currency: packagePrices.currency,
          governmentFeeCents: packagePrices.governmentFeeCents,
          serviceFeeCents: packagePrices.serviceFeeCents,
          mandatoryFees: packagePrices.mandatoryFees,
        })
        .from(packagePrices)
        .innerJoin(packages, eq(packages.id, packagePrices.packageId))
        .where(eq(packages.isActive, true));
    },

    async findActiveServiceBySlug(slug: string) {
      const [row] = await db
        .select({ id: services.id, description: services.description, parameterOptions: services.parameterOptions })
        .from(services)
        .where(and(eq(services.slug, slug), eq(services.isActive, true)));
      return row ?? null;
    },

    listActivePackages(serviceId: number) {
      return db
        .select({
          id: packages.id,
          name: packages.name,
          slug: packages.slug,
          description: packages.description,
          features: packages.features,
          processingTime: packages.processingTime,
          documents: packages.documents,
          addons: packages.addons,
        })
        .from(packages)
        .where(and(eq(packages.serviceId, serviceId), eq(packages.isActive, true)))
        .orderBy(asc(packages.sortOrder), asc(packages.id));
    },

    listPricesForPackages(packageIds: number[]) {
      if (packageIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: packagePrices.id,
          packageId: packagePrices.packageId,
          applyingFrom: packagePrices.applyingFrom,
          citizenship: packagePrices.citizenship,
          destination: packagePrices.destination,
          currency: packagePrices.currency,
          governmentFeeCents: packagePrices.governmentFeeCents,
          mandatoryFees: packagePrices.mandatoryFees,
          serviceFeeCents: packagePrices.serviceFeeCents,
          compareAtServiceFeeCents: packagePrices.compareAtServiceFeeCents,
          isEstimate: packagePrices.isEstimate,
        })
        .from(packagePrices)
        .where(inArray(packagePrices.packageId, packageIds))
        .orderBy(asc(packagePrices.id));
    },

    listActiveServiceSlugs() {
      return db
        .select({ slug: services.slug, updatedAt: services.updatedAt })
        .from(services)
        .where(eq(services.isActive, true))
        .orderBy(asc(services.sortOrder), asc(services.id));
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
