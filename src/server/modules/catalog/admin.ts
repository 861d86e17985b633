import { asc, count, eq } from 'drizzle-orm';
import type {
  AddonPriceEdit,
  AdminAddonPrice,
  AdminService,
  AdminServiceRow,
  FaqEdit,
  PackageEdit,
  PackagePriceEdit,
  ProcessStepEdit,
  ServiceEdit,
  TimelineEntryEdit,
} from '../../../domain/admin/catalog.ts';
import { CATALOG_MESSAGES, compareAtProblem } from '../../../domain/admin/catalog.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { Database } from '../../db/client.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import { addonPrices, faqs, packagePrices, packages, packageTimeline, processSteps, services } from './tables.ts';

/** What an edit answers: the names of the fields it changed (none when the values were already so). */
export interface EditOutcome {
  changed: string[];
}

/** The fields of `patch` whose value differs from `row`'s, as they were and as they become. */
export function changedFields(
  row: Record<string, unknown>,
  patch: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (JSON.stringify(row[key] ?? null) === JSON.stringify(value)) continue;
    before[key] = row[key] ?? null;
    after[key] = value;
  }
  return { before, after };
}

/**
 * The back office's catalog (issue 13, decision 0070): every row, active or not, and edits of
 * services, packages, prices, add-on prices, steps, timelines and FAQs. Each edit locks its row,
 * writes only the fields that changed with their audit entry in one transaction, and once that has
 * committed calls `changed()`, which drops the catalog snapshot and the page cache together.
 */
export function createCatalogAdmin(db: Database, { audit, changed }: { audit: AuditLog; changed: () => void }) {
  /**
   * One edit: `lock` reads the row FOR UPDATE, `check` may refuse the row as it would become,
   * `write` stores the changed fields. Nothing is written (and no entry kept) when nothing changed.
   */
  async function edit<Row extends Record<string, unknown>>(
    actor: StaffActor,
    target: { action: string; type: string; id: number; what: string },
    patch: Record<string, unknown>,
    lock: (tx: Database) => Promise<Row | undefined>,
    write: (tx: Database, changes: Record<string, unknown>, row: Row) => Promise<unknown>,
    check?: (next: Row) => FormResult<never> | null,
  ): Promise<FormResult<EditOutcome>> {
    const result = await db.transaction(async (tx): Promise<FormResult<EditOutcome>> => {
      const row = await lock(tx);
      if (!row) return formFailure(404, CATALOG_MESSAGES.notFound(target.what, target.id));
      const { before, after } = changedFields(row, patch);
      const refused = check?.({ ...row, ...after });
      if (refused) return refused;
      const fields = Object.keys(after);
      if (fields.length === 0) return { ok: true, value: { changed: [] } };
      await write(tx, after, row);
      await audit.record(tx, {
        actor,
        action: target.action,
        subject: { type: target.type, id: target.id },
        before,
        after,
      });
      return { ok: true, value: { changed: fields } };
    });
    if (result.ok && result.value.changed.length > 0) changed();
    return result;
  }

  return {
    /** Every service, active or not, in the storefront's order, with how many packages each has. */
    async listServices(): Promise<AdminServiceRow[]> {
      const rows = await db
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
      return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
    },

    /** One service with all its packages, prices, timelines, steps and FAQs; null when unknown. */
    async getService(id: number): Promise<AdminService | null> {
      const [service] = await db.select().from(services).where(eq(services.id, id));
      if (!service) return null;
      const [packageRows, priceRows, timelineRows, stepRows, faqRows] = await Promise.all([
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
      ]);
      return {
        id: service.id,
        name: service.name,
        slug: service.slug,
        brand: service.brand,
        summary: service.summary,
        description: service.description,
        isActive: service.isActive,
        packages: packageRows.map((p) => ({
          id: p.id,
          name: p.name,
          slug: p.slug,
          description: p.description,
          processingTime: p.processingTime,
          feeNote: p.feeNote,
          isActive: p.isActive,
          prices: priceRows
            .filter(({ price }) => price.packageId === p.id)
            .map(({ price }) => ({
              id: price.id,
              applyingFrom: price.applyingFrom,
              citizenship: price.citizenship,
              destination: price.destination,
              currency: price.currency,
              governmentFeeCents: price.governmentFeeCents,
              mandatoryFees: price.mandatoryFees,
              serviceFeeCents: price.serviceFeeCents,
              compareAtServiceFeeCents: price.compareAtServiceFeeCents,
              isEstimate: price.isEstimate,
            })),
          timeline: timelineRows
            .filter(({ entry }) => entry.packageId === p.id)
            .map(({ entry }) => ({
              id: entry.id,
              position: entry.position,
              title: entry.title,
              description: entry.description,
              duration: entry.duration,
            })),
        })),
        steps: stepRows.map((s) => ({
          id: s.id,
          packageId: s.packageId,
          kind: s.kind,
          position: s.position,
          title: s.title,
          description: s.description,
        })),
        faqs: faqRows.map((f) => ({
          id: f.id,
          position: f.position,
          question: f.question,
          answer: f.answer,
          isActive: f.isActive,
        })),
      };
    },

    /** Every add-on price (one per add-on and currency). */
    async listAddonPrices(): Promise<AdminAddonPrice[]> {
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

    updateService(actor: StaffActor, id: number, patch: ServiceEdit) {
      return edit(
        actor,
        { action: 'catalog.service', type: 'service', id, what: 'service' },
        patch,
        async (tx) => (await tx.select().from(services).where(eq(services.id, id)).for('update'))[0],
        (tx, changes) => tx.update(services).set(changes).where(eq(services.id, id)),
      );
    },

    updatePackage(actor: StaffActor, id: number, patch: PackageEdit) {
      return edit(
        actor,
        { action: 'catalog.package', type: 'package', id, what: 'package' },
        patch,
        async (tx) => (await tx.select().from(packages).where(eq(packages.id, id)).for('update'))[0],
        (tx, changes) => tx.update(packages).set(changes).where(eq(packages.id, id)),
      );
    },

    updatePrice(actor: StaffActor, id: number, patch: PackagePriceEdit) {
      return edit(
        actor,
        { action: 'catalog.price', type: 'package_price', id, what: 'price' },
        patch,
        async (tx) => (await tx.select().from(packagePrices).where(eq(packagePrices.id, id)).for('update'))[0],
        async (tx, changes, row) => {
          await tx.update(packagePrices).set(changes).where(eq(packagePrices.id, id));
          // The package's pages changed: the sitemap's last-modified follows.
          await tx.update(packages).set({ updatedAt: new Date() }).where(eq(packages.id, row.packageId));
        },
        (next) => {
          const problem = compareAtProblem(next.serviceFeeCents, next.compareAtServiceFeeCents);
          return problem ? formFailure(400, problem, { compareAtServiceFeeCents: problem }) : null;
        },
      );
    },

    updateAddonPrice(actor: StaffActor, id: number, patch: AddonPriceEdit) {
      return edit(
        actor,
        { action: 'catalog.addon_price', type: 'addon_price', id, what: 'add-on price' },
        patch,
        async (tx) => (await tx.select().from(addonPrices).where(eq(addonPrices.id, id)).for('update'))[0],
        (tx, changes) => tx.update(addonPrices).set(changes).where(eq(addonPrices.id, id)),
        (next) => {
          const problem =
            next.compareAtCents !== null && next.compareAtCents <= next.amountCents
              ? 'The former price must be higher than the price to be shown struck through.'
              : null;
          return problem ? formFailure(400, problem, { compareAtCents: problem }) : null;
        },
      );
    },

    updateProcessStep(actor: StaffActor, id: number, patch: ProcessStepEdit) {
      return edit(
        actor,
        { action: 'catalog.process_step', type: 'process_step', id, what: 'process step' },
        patch,
        async (tx) => (await tx.select().from(processSteps).where(eq(processSteps.id, id)).for('update'))[0],
        (tx, changes) => tx.update(processSteps).set(changes).where(eq(processSteps.id, id)),
      );
    },

    updateTimelineEntry(actor: StaffActor, id: number, patch: TimelineEntryEdit) {
      return edit(
        actor,
        { action: 'catalog.timeline', type: 'package_timeline', id, what: 'timeline entry' },
        patch,
        async (tx) => (await tx.select().from(packageTimeline).where(eq(packageTimeline.id, id)).for('update'))[0],
        (tx, changes) => tx.update(packageTimeline).set(changes).where(eq(packageTimeline.id, id)),
      );
    },

    updateFaq(actor: StaffActor, id: number, patch: FaqEdit) {
      return edit(
        actor,
        { action: 'catalog.faq', type: 'faq', id, what: 'FAQ' },
        patch,
        async (tx) => (await tx.select().from(faqs).where(eq(faqs.id, id)).for('update'))[0],
        (tx, changes) => tx.update(faqs).set(changes).where(eq(faqs.id, id)),
      );
    },
  };
}
export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
