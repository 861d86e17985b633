import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  addonPrices,
  faqs,
  type ProcessStepKind,
  packagePrices,
  packages,
  packageTexts,
  packageTimeline,
  processSteps,
  services,
} from './tables.ts';

/** The changed fields of an edit, as admin.ts's `changedFields` computed them from the patch. */
export type Changes = Record<string, unknown>;
export type NewService = typeof services.$inferInsert;
export type NewPackage = typeof packages.$inferInsert;
export type NewPackagePrice = typeof packagePrices.$inferInsert;
export type NewProcessStep = typeof processSteps.$inferInsert;
export type NewTimelineEntry = typeof packageTimeline.$inferInsert;
export type NewFaq = typeof faqs.$inferInsert;
export type NewPackageText = typeof packageTexts.$inferInsert;

/** The place after the last entry of a list of steps, timeline entries or FAQs (positions start at 0, as the seed's). */
async function nextPosition(
  db: Database,
  table: typeof processSteps | typeof packageTimeline | typeof faqs,
  inList: SQL | undefined,
): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${table.position}), -1) + 1` })
    .from(table)
    .where(inList);
  return row?.next ?? 0;
}

/**
 * The back office's catalog queries (admin.ts, decision 0070). The `lock…` reads take the row
 * FOR UPDATE, so they belong in a transaction: create this over its `tx`.
 */
export function createCatalogAdminRepository(db: Database) {
  return {
    /** Every service in the storefront's order, with how many packages each has. */
    listServices() {
      return db
        .select({
          id: services.id,
          name: services.name,
          slug: services.slug,
          brand: services.brand,
          summary: services.summary,
          isActive: services.isActive,
          updatedAt: services.updatedAt,
          packageCount: count(packages.id),
        })
        .from(services)
        .leftJoin(packages, eq(packages.serviceId, services.id))
        .groupBy(services.id)
        .orderBy(asc(services.sortOrder), asc(services.id));
    },

    async findService(id: number) {
      const [row] = await db.select().from(services).where(eq(services.id, id));
      return row;
    },

    /** A service's packages, prices, timelines, steps, FAQs and package texts, each list in its order. */
    async serviceContents(id: number) {
      const [packageRows, priceRows, timelineRows, stepRows, faqRows, textRows] = await Promise.all([
        db.select().from(packages).where(eq(packages.serviceId, id)).orderBy(asc(packages.sortOrder), asc(packages.id)),
        db
          .select({ price: packagePrices })
          .from(packagePrices)
          .innerJoin(packages, eq(packages.id, packagePrices.packageId))
          .where(eq(packages.serviceId, id))
          .orderBy(asc(packagePrices.id)),
        db
          .select({ entry: packageTimeline })
          .from(packageTimeline)
          .innerJoin(packages, eq(packages.id, packageTimeline.packageId))
          .where(eq(packages.serviceId, id))
          .orderBy(asc(packageTimeline.position), asc(packageTimeline.id)),
        db
          .select()
          .from(processSteps)
          .where(eq(processSteps.serviceId, id))
          .orderBy(asc(processSteps.position), asc(processSteps.id)),
        db.select().from(faqs).where(eq(faqs.serviceId, id)).orderBy(asc(faqs.position), asc(faqs.id)),
        db
          .select({ text: packageTexts })
          .from(packageTexts)
          .innerJoin(packages, eq(packages.id, packageTexts.packageId))
          .where(eq(packages.serviceId, id))
          .orderBy(asc(packageTexts.id)),
      ]);
      return { packageRows, priceRows, timelineRows, stepRows, faqRows, textRows };
    },

    /** Every add-on price (one per add-on and currency). */
    listAddonPrices() {
      return db
        .select({
          id: addonPrices.id,
          addon: addonPrices.addon,
          currency: addonPrices.currency,
          amountCents: addonPrices.amountCents,
          compareAtCents: addonPrices.compareAtCents,
        })
        .from(addonPrices)
        .orderBy(asc(addonPrices.addon), asc(addonPrices.currency));
    },

    /** Every general FAQ (no service), shown or not, in their order. */
    listGeneralFaqs() {
      return db
        .select({
          id: faqs.id,
          position: faqs.position,
          question: faqs.question,
          answer: faqs.answer,
          isActive: faqs.isActive,
          appliesTo: faqs.appliesTo,
        })
        .from(faqs)
        .where(isNull(faqs.serviceId))
        .orderBy(asc(faqs.position), asc(faqs.id));
    },

    /* Services and packages. */

    async lockService(id: number) {
      return (await db.select().from(services).where(eq(services.id, id)).for('update'))[0];
    },

    updateService(id: number, changes: Changes) {
      return db.update(services).set(changes).where(eq(services.id, id));
    },

    archiveService(id: number) {
      return db.update(services).set({ isActive: false }).where(eq(services.id, id));
    },

    /** Its packages, prices, steps, timelines and FAQs go with it (ON DELETE CASCADE). */
    deleteService(id: number) {
      return db.delete(services).where(eq(services.id, id));
    },

    async serviceSlugTaken(slug: string): Promise<boolean> {
      const [taken] = await db.select({ id: services.id }).from(services).where(eq(services.slug, slug));
      return Boolean(taken);
    },

    /** A new service, listed after the others. */
    async insertService(values: Omit<NewService, 'sortOrder'>) {
      const [row] = await db
        .insert(services)
        .values({ ...values, sortOrder: sql`(select coalesce(max(${services.sortOrder}), 0) + 1 from ${services})` })
        .returning({ id: services.id });
      return row;
    },

    async lockPackage(id: number) {
      return (await db.select().from(packages).where(eq(packages.id, id)).for('update'))[0];
    },

    updatePackage(id: number, changes: Changes) {
      return db.update(packages).set(changes).where(eq(packages.id, id));
    },

    archivePackage(id: number) {
      return db.update(packages).set({ isActive: false }).where(eq(packages.id, id));
    },

    /** Its prices, texts, steps, timeline and form link go with it (ON DELETE CASCADE). */
    deletePackage(id: number) {
      return db.delete(packages).where(eq(packages.id, id));
    },

    /** The package's pages changed: the sitemap's last-modified follows. */
    async touchPackage(id: number): Promise<void> {
      await db.update(packages).set({ updatedAt: new Date() }).where(eq(packages.id, id));
    },

    async packageSlugTaken(serviceId: number, slug: string): Promise<boolean> {
      const [taken] = await db
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.serviceId, serviceId), eq(packages.slug, slug)));
      return Boolean(taken);
    },

    /** The sort order after the service's last package. */
    async nextPackageSortOrder(serviceId: number): Promise<number> {
      const [{ next } = { next: 1 }] = await db
        .select({ next: sql<number>`coalesce(max(${packages.sortOrder}), 0) + 1` })
        .from(packages)
        .where(eq(packages.serviceId, serviceId));
      return next;
    },

    async insertPackage(values: NewPackage) {
      const [row] = await db.insert(packages).values(values).returning({ id: packages.id });
      return row;
    },

    /** Whether the package is one of the service's. */
    async packageOfService(packageId: number, serviceId: number): Promise<boolean> {
      const [own] = await db
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.id, packageId), eq(packages.serviceId, serviceId)));
      return Boolean(own);
    },

    /** Locks a service's or package's row (serialising what is added to it); false when there is none. */
    async lockOwner(what: 'service' | 'package', id: number): Promise<boolean> {
      const [row] =
        what === 'service'
          ? await db.select({ id: services.id }).from(services).where(eq(services.id, id)).for('update')
          : await db.select({ id: packages.id }).from(packages).where(eq(packages.id, id)).for('update');
      return Boolean(row);
    },

    /** The package with its service, the package's row locked. */
    async lockPackageWithService(packageId: number) {
      const [owner] = await db
        .select({ service: services })
        .from(packages)
        .innerJoin(services, eq(services.id, packages.serviceId))
        .where(eq(packages.id, packageId))
        .for('update', { of: packages });
      return owner;
    },

    /* The parameters and countries a choice is among. */

    async choicesOfService(serviceId: number) {
      const [row] = await db
        .select({ parameters: services.parameters, parameterOptions: services.parameterOptions })
        .from(services)
        .where(eq(services.id, serviceId));
      return row;
    },

    async choicesOfPackage(packageId: number) {
      const [row] = await db
        .select({ parameters: services.parameters, parameterOptions: services.parameterOptions })
        .from(packages)
        .innerJoin(services, eq(services.id, packages.serviceId))
        .where(eq(packages.id, packageId));
      return row;
    },

    /* Prices. */

    async lockPrice(id: number) {
      return (await db.select().from(packagePrices).where(eq(packagePrices.id, id)).for('update'))[0];
    },

    updatePrice(id: number, changes: Changes) {
      return db.update(packagePrices).set(changes).where(eq(packagePrices.id, id));
    },

    deletePrice(id: number) {
      return db.delete(packagePrices).where(eq(packagePrices.id, id));
    },

    pricesOfPackage(packageId: number) {
      return db.select().from(packagePrices).where(eq(packagePrices.packageId, packageId));
    },

    /** Every price row of the service's packages, with its package's name. */
    pricesOfService(serviceId: number) {
      return db
        .select({ price: packagePrices, packageName: packages.name })
        .from(packagePrices)
        .innerJoin(packages, eq(packages.id, packagePrices.packageId))
        .where(eq(packages.serviceId, serviceId));
    },

    insertPrice(values: NewPackagePrice) {
      return db.insert(packagePrices).values(values).returning({ id: packagePrices.id });
    },

    async lockAddonPrice(id: number) {
      return (await db.select().from(addonPrices).where(eq(addonPrices.id, id)).for('update'))[0];
    },

    updateAddonPrice(id: number, changes: Changes) {
      return db.update(addonPrices).set(changes).where(eq(addonPrices.id, id));
    },

    /* Process steps and sections. */

    async lockProcessStep(id: number) {
      return (await db.select().from(processSteps).where(eq(processSteps.id, id)).for('update'))[0];
    },

    updateProcessStep(id: number, changes: Changes) {
      return db.update(processSteps).set(changes).where(eq(processSteps.id, id));
    },

    /** The place after the last step of its list: the service's, the package's (null: every package's), the kind's. */
    nextProcessStepPosition(serviceId: number, packageId: number | null, kind: ProcessStepKind) {
      const inList = and(
        eq(processSteps.serviceId, serviceId),
        packageId === null ? isNull(processSteps.packageId) : eq(processSteps.packageId, packageId),
        eq(processSteps.kind, kind),
      );
      return nextPosition(db, processSteps, inList);
    },

    insertProcessStep(values: NewProcessStep) {
      return db.insert(processSteps).values(values).returning({ id: processSteps.id });
    },

    deleteProcessStep(id: number) {
      return db.delete(processSteps).where(eq(processSteps.id, id));
    },

    /* A package's timeline. */

    async lockTimelineEntry(id: number) {
      return (await db.select().from(packageTimeline).where(eq(packageTimeline.id, id)).for('update'))[0];
    },

    updateTimelineEntry(id: number, changes: Changes) {
      return db.update(packageTimeline).set(changes).where(eq(packageTimeline.id, id));
    },

    nextTimelinePosition(packageId: number) {
      return nextPosition(db, packageTimeline, eq(packageTimeline.packageId, packageId));
    },

    insertTimelineEntry(values: NewTimelineEntry) {
      return db.insert(packageTimeline).values(values).returning({ id: packageTimeline.id });
    },

    deleteTimelineEntry(id: number) {
      return db.delete(packageTimeline).where(eq(packageTimeline.id, id));
    },

    /* FAQs. */

    async lockFaq(id: number) {
      return (await db.select().from(faqs).where(eq(faqs.id, id)).for('update'))[0];
    },

    updateFaq(id: number, changes: Changes) {
      return db.update(faqs).set(changes).where(eq(faqs.id, id));
    },

    /** The place after the last FAQ of the service, or of the general ones (null). */
    nextFaqPosition(serviceId: number | null) {
      return nextPosition(db, faqs, serviceId === null ? isNull(faqs.serviceId) : eq(faqs.serviceId, serviceId));
    },

    insertFaq(values: NewFaq) {
      return db.insert(faqs).values(values).returning({ id: faqs.id });
    },

    deleteFaq(id: number) {
      return db.delete(faqs).where(eq(faqs.id, id));
    },

    /* A package's texts for one choice of countries. */

    async lockPackageText(id: number) {
      return (await db.select().from(packageTexts).where(eq(packageTexts.id, id)).for('update'))[0];
    },

    updatePackageText(id: number, changes: Changes) {
      return db.update(packageTexts).set(changes).where(eq(packageTexts.id, id));
    },

    /** The choices the package already has a text for. */
    packageTextChoices(packageId: number) {
      return db
        .select({ appliesTo: packageTexts.appliesTo })
        .from(packageTexts)
        .where(eq(packageTexts.packageId, packageId));
    },

    insertPackageText(values: NewPackageText) {
      return db.insert(packageTexts).values(values).returning({ id: packageTexts.id });
    },

    deletePackageText(id: number) {
      return db.delete(packageTexts).where(eq(packageTexts.id, id));
    },
  };
}
export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
