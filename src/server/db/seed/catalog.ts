import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  addonPrices,
  faqs,
  packagePrices,
  packages,
  packageTexts,
  packageTimeline,
  processSteps,
  services,
} from '../schema.ts';
import { CATALOG_CONTENT, GENERAL_FAQS } from './catalog-content-data.ts';
import { ADDON_PRICES, CATALOG, seedPriceRows } from './catalog-data.ts';

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
        // Per-country texts are seeded with the other catalog content (seedCatalogContent).
        const { prices, texts: _texts, ...packageRow } = pkg;
        const [insertedPackage] = await tx
          .insert(packages)
          .values({ ...packageRow, serviceId: inserted.id, sortOrder: packageIndex })
          .returning({ id: packages.id });
        if (!insertedPackage) throw new Error(`could not insert package ${pkg.slug}`);
        await tx
          .insert(packagePrices)
          .values(prices.flatMap(seedPriceRows).map((p) => ({ ...p, packageId: insertedPackage.id })));
      }
    }
    await tx
      .insert(addonPrices)
      .values([...ADDON_PRICES])
      .onConflictDoNothing();
  });
}

/**
 * Packages' per-country texts (catalog-data.ts), process steps, package timelines and FAQs
 * (catalog-content-data.ts). Each table is filled only while it is empty, so staff edits survive
 * a restart; an install made before per-country texts existed gets them on its next start.
 */
export async function seedCatalogContent(db: Database): Promise<void> {
  const [textCount, stepCount, timelineCount, faqCount] = await Promise.all([
    db.select({ n: count() }).from(packageTexts),
    db.select({ n: count() }).from(processSteps),
    db.select({ n: count() }).from(packageTimeline),
    db.select({ n: count() }).from(faqs),
  ]);
  const needsTexts = (textCount[0]?.n ?? 0) === 0;
  const needsSteps = (stepCount[0]?.n ?? 0) === 0;
  const needsTimeline = (timelineCount[0]?.n ?? 0) === 0;
  const needsFaqs = (faqCount[0]?.n ?? 0) === 0;
  if (!needsTexts && !needsSteps && !needsTimeline && !needsFaqs) return;

  const serviceRows = await db.select({ id: services.id, slug: services.slug }).from(services);
  const packageRows = await db
    .select({ id: packages.id, serviceId: packages.serviceId, slug: packages.slug })
    .from(packages);
  const serviceId = new Map(serviceRows.map((s) => [s.slug, s.id]));

  await db.transaction(async (tx) => {
    if (needsTexts) {
      for (const service of CATALOG) {
        const id = serviceId.get(service.slug);
        const rows = service.packages.flatMap((pkg) => {
          const packageId = packageRows.find((p) => p.serviceId === id && p.slug === pkg.slug)?.id;
          return packageId === undefined ? [] : pkg.texts.map((text) => ({ ...text, packageId }));
        });
        if (rows.length) await tx.insert(packageTexts).values(rows);
      }
    }
    for (const content of CATALOG_CONTENT) {
      const id = serviceId.get(content.serviceSlug);
      if (id === undefined) continue; // the service was removed by staff
      const packageId = new Map(packageRows.filter((p) => p.serviceId === id).map((p) => [p.slug, p.id]));
      if (needsSteps) {
        const rows: (typeof processSteps.$inferInsert)[] = [
          ...content.steps.map((step, position) => ({ ...step, serviceId: id, kind: 'step' as const, position })),
          ...content.details.map((step, position) => ({ ...step, serviceId: id, kind: 'detail' as const, position })),
        ];
        for (const [slug, steps] of Object.entries(content.packageSteps ?? {})) {
          const pkg = packageId.get(slug);
          if (pkg === undefined) continue;
          rows.push(
            ...steps.map((step, position) => ({
              ...step,
              serviceId: id,
              packageId: pkg,
              kind: 'step' as const,
              position,
            })),
          );
        }
        for (const [slug, steps] of Object.entries(content.packageDetails ?? {})) {
          const pkg = packageId.get(slug);
          if (pkg === undefined) continue;
          rows.push(
            ...steps.map((step, position) => ({
              ...step,
              serviceId: id,
              packageId: pkg,
              kind: 'detail' as const,
              position,
            })),
          );
        }
        if (rows.length) await tx.insert(processSteps).values(rows);
      }
      if (needsTimeline) {
        const rows = Object.entries(content.timelines).flatMap(([slug, entries]) => {
          const pkg = packageId.get(slug);
          return pkg === undefined ? [] : entries.map((entry, position) => ({ ...entry, packageId: pkg, position }));
        });
        if (rows.length) await tx.insert(packageTimeline).values(rows);
      }
      if (needsFaqs && content.faqs.length) {
        await tx.insert(faqs).values(content.faqs.map((faq, position) => ({ ...faq, serviceId: id, position })));
      }
    }
    if (needsFaqs) {
      await tx.insert(faqs).values(GENERAL_FAQS.map((faq, position) => ({ ...faq, serviceId: null, position })));
    }
  });
}
