import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { addonPrices, packagePrices, packages, services } from '../schema.ts';
import { ADDON_PRICES, CATALOG } from './catalog-data.ts';

/** Inserts the catalog of SPEC.md §1 when the services table is empty. */
export async function seedCatalog(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(services);
  if ((existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    for (const [serviceIndex, service] of CATALOG.entries()) {
      const { packages: servicePackages, ...serviceRow } = service;
      const [inserted] = await tx
        .insert(services)
        .values({ ...serviceRow, sortOrder: serviceIndex })
        .returning({ id: services.id });
      if (!inserted) throw new Error(`could not insert service ${service.slug}`);
      for (const [packageIndex, pkg] of servicePackages.entries()) {
        const { prices, ...packageRow } = pkg;
        const [insertedPackage] = await tx
          .insert(packages)
          .values({ ...packageRow, serviceId: inserted.id, sortOrder: packageIndex })
          .returning({ id: packages.id });
        if (!insertedPackage) throw new Error(`could not insert package ${pkg.slug}`);
        await tx.insert(packagePrices).values(prices.map((p) => ({ ...p, packageId: insertedPackage.id })));
      }
    }
    await tx
      .insert(addonPrices)
      .values([...ADDON_PRICES])
      .onConflictDoNothing();
  });
}
