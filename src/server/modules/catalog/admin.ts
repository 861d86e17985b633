import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
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
import { choiceProblem, type ServiceChoices } from '../../../domain/admin/catalog-choices.ts';
import {
  type AdminFaq,
  CATALOG_CONTENT_MESSAGES,
  type FaqCreate,
  type PackageTextCreate,
  type PackageTextEdit,
  type ProcessStepCreate,
  type TimelineEntryCreate,
} from '../../../domain/admin/catalog-content.ts';
import {
  CATALOG_CREATE_MESSAGES as C,
  type PackageCreate,
  type PriceCreate,
  type Removal,
  type ServiceCreate,
  type ServiceParameters,
} from '../../../domain/admin/catalog-create.ts';
import {
  type ParameterChoices,
  SERVICE_PARAMETERS,
  type ServiceParameter,
} from '../../../domain/catalog/parameters.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import {
  addonPrices,
  faqs,
  packagePrices,
  packages,
  packageTexts,
  packageTimeline,
  processSteps,
  services,
} from './tables.ts';

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
function inUrlOrder(options: Partial<Record<ServiceParameter, string[]>>): Partial<Record<ServiceParameter, string[]>> {
  return Object.fromEntries(SERVICE_PARAMETERS.flatMap((p) => (options[p] ? [[p, options[p]]] : [])));
}

/** The place after the last entry of a list of steps, timeline entries or FAQs (positions start at 0, as the seed's). */
async function nextPosition(
  tx: Database,
  table: typeof processSteps | typeof packageTimeline | typeof faqs,
  inList: SQL | undefined,
): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${table.position}), -1) + 1` })
    .from(table)
    .where(inList);
  return row?.next ?? 0;
}

/** A general FAQ belongs to no service: it applies to every choice. */
const NO_CHOICES: ServiceChoices = { parameters: [], parameterOptions: {} };

/** Whose countries a choice is among: a service's, a package's service's, or none (a general FAQ). */
type ChoiceOwner = { serviceId: number | null } | { packageId: number };

/** How many service orders name a service or package, read in the catalog's transaction (the applications module's count). */
export type OrdersOf = (tx: Database, ref: { serviceId: number } | { packageId: number }) => Promise<number>;

export function createCatalogAdmin(
  db: Database,
  { audit, changed, ordersOf }: { audit: AuditLog; changed: () => void; ordersOf: OrdersOf },
) {
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
    check?: (next: Row, tx: Database) => FormResult<never> | null | Promise<FormResult<never> | null>,
  ): Promise<FormResult<EditOutcome>> {
    const result = await db.transaction(async (tx): Promise<FormResult<EditOutcome>> => {
      const row = await lock(tx);
      if (!row) return formFailure(404, CATALOG_MESSAGES.notFound(target.what, target.id));
      const { before, after } = changedFields(row, patch);
      const refused = await check?.({ ...row, ...after }, tx);
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

  /**
   * One create or remove: `work` runs in a transaction and records its own entry; once it has
   * committed, `changed()` fires. A slug (or choice) taken by a racing create (the unique index)
   * is refused as the check before the insert would have refused it.
   */
  async function structural<T>(
    work: (tx: Database) => Promise<FormResult<T>>,
    conflict?: { field: string; message: string },
  ): Promise<FormResult<T>> {
    let result: FormResult<T>;
    try {
      result = await db.transaction(work);
    } catch (error) {
      if (conflict && uniqueViolation(error) !== null) {
        return formFailure(409, conflict.message, { [conflict.field]: conflict.message });
      }
      throw error;
    }
    if (result.ok) changed();
    return result;
  }

  /**
   * Removes a service or package: archived (taken off the site, kept) when any order was started
   * with it, so every order keeps what it names; deleted, with its rows, when none was.
   */
  async function remove(
    actor: StaffActor,
    target: { type: 'service' | 'package'; id: number; what: string },
    lock: (tx: Database) => Promise<{ isActive: boolean; name: string; slug: string } | undefined>,
    archive: (tx: Database) => Promise<unknown>,
    destroy: (tx: Database) => Promise<unknown>,
  ): Promise<FormResult<Removal>> {
    return structural(async (tx): Promise<FormResult<Removal>> => {
      const row = await lock(tx);
      if (!row) return formFailure(404, CATALOG_MESSAGES.notFound(target.what, target.id));
      const subject = { type: target.type, id: target.id };
      const orders = await ordersOf(
        tx,
        target.type === 'service' ? { serviceId: target.id } : { packageId: target.id },
      );
      if (orders > 0) {
        if (row.isActive) {
          await archive(tx);
          const action = `catalog.${target.type}_archive`;
          await audit.record(tx, { actor, action, subject, before: { isActive: true }, after: { isActive: false } });
        }
        return { ok: true, value: { outcome: 'archived', orders } };
      }
      await destroy(tx);
      await audit.record(tx, {
        actor,
        action: `catalog.${target.type}_delete`,
        subject,
        before: { name: row.name, slug: row.slug, isActive: row.isActive },
        after: null,
      });
      return { ok: true, value: { outcome: 'deleted', orders: 0 } };
    });
  }

  /** Locks a service's or package's row (serialising what is added to it), or answers 404 when there is none. */
  async function lockOwner(tx: Database, what: 'service' | 'package', id: number): Promise<FormResult<never> | null> {
    const [row] =
      what === 'service'
        ? await tx.select({ id: services.id }).from(services).where(eq(services.id, id)).for('update')
        : await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, id)).for('update');
    return row ? null : formFailure(404, CATALOG_MESSAGES.notFound(what, id));
  }

  /** The parameters and countries of the service a choice belongs to (read in `tx`). */
  async function choicesOf(tx: Database, owner: ChoiceOwner): Promise<ServiceChoices> {
    const columns = { parameters: services.parameters, parameterOptions: services.parameterOptions };
    if ('packageId' in owner) {
      const [row] = await tx
        .select(columns)
        .from(packages)
        .innerJoin(services, eq(services.id, packages.serviceId))
        .where(eq(packages.id, owner.packageId));
      return row ?? NO_CHOICES;
    }
    if (owner.serviceId === null) return NO_CHOICES;
    const [row] = await tx.select(columns).from(services).where(eq(services.id, owner.serviceId));
    return row ?? NO_CHOICES;
  }

  /** Refuses (400 on `appliesTo`) a choice naming a parameter or country its service does not offer. */
  async function choiceRefusal(
    tx: Database,
    owner: ChoiceOwner,
    appliesTo: ParameterChoices | undefined,
  ): Promise<FormResult<never> | null> {
    if (appliesTo === undefined || Object.keys(appliesTo).length === 0) return null;
    const problem = choiceProblem(await choicesOf(tx, owner), appliesTo);
    return problem ? formFailure(400, problem.message, { appliesTo: problem.message }) : null;
  }

  /**
   * Deletes one entry of a list (a step, a timeline entry, a FAQ): nothing refers to it, so it
   * goes outright, audited with its fields as they were.
   */
  function removeEntry(
    actor: StaffActor,
    target: { action: string; type: string; id: number; what: string },
    lockAndDelete: (tx: Database) => Promise<Record<string, unknown> | undefined>,
  ): Promise<FormResult<Removal>> {
    return structural(async (tx): Promise<FormResult<Removal>> => {
      const row = await lockAndDelete(tx);
      if (!row) return formFailure(404, CATALOG_MESSAGES.notFound(target.what, target.id));
      const { id: _id, createdAt: _c, updatedAt: _u, ...before } = row;
      await audit.record(tx, {
        actor,
        action: target.action,
        subject: { type: target.type, id: target.id },
        before,
        after: null,
      });
      return { ok: true, value: { outcome: 'deleted', orders: 0 } };
    });
  }

  /**
   * Adds an entry to one of the ordered lists (a service's steps or sections, a package's timeline,
   * FAQs) inside `tx`, whose caller holds the owner's row lock: last in `list` unless the input names
   * a position. `insert` stores the entry with its owner's ids; the audit log keeps both.
   */
  async function appendEntry<Input extends { position?: number | null | undefined }, Owner extends object>(
    tx: Database,
    actor: StaffActor,
    target: { action: string; type: string; what: string },
    list: { table: Parameters<typeof nextPosition>[1]; where: SQL | undefined },
    entry: { input: Input; owner: Owner },
    insert: (row: Input & Owner & { position: number }) => Promise<{ id: number }[]>,
  ): Promise<FormResult<{ id: number }>> {
    const values = {
      ...entry.input,
      position: entry.input.position ?? (await nextPosition(tx, list.table, list.where)),
    };
    const [row] = await insert({ ...values, ...entry.owner });
    if (!row) throw new Error(`the new ${target.what} returned no row`);
    await audit.record(tx, {
      actor,
      action: target.action,
      subject: { type: target.type, id: row.id },
      after: { ...entry.owner, ...values },
    });
    return { ok: true, value: { id: row.id } };
  }

  /**
   * Adds a row of a package's own (a price, a text for one choice) inside `tx`, whose caller holds
   * the package's row lock: the package's pages changed, so its last-modified (the sitemap's)
   * follows; the audit log keeps the row's fields.
   */
  async function addToPackage<Input extends object>(
    tx: Database,
    actor: StaffActor,
    target: { action: string; type: string; what: string },
    packageId: number,
    input: Input,
    insert: (values: Input & { packageId: number }) => Promise<{ id: number }[]>,
  ): Promise<FormResult<{ id: number }>> {
    const [row] = await insert({ ...input, packageId });
    if (!row) throw new Error(`the new ${target.what} returned no row`);
    await tx.update(packages).set({ updatedAt: new Date() }).where(eq(packages.id, packageId));
    await audit.record(tx, {
      actor,
      action: target.action,
      subject: { type: target.type, id: row.id },
      after: { packageId, ...input },
    });
    return { ok: true, value: { id: row.id } };
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
      return {
        id: service.id,
        name: service.name,
        slug: service.slug,
        brand: service.brand,
        summary: service.summary,
        description: service.description,
        isActive: service.isActive,
        parameters: service.parameters,
        parameterOptions: inUrlOrder(service.parameterOptions),
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
              appliesTo: entry.appliesTo,
            })),
          texts: textRows
            .filter(({ text }) => text.packageId === p.id)
            .map(({ text }) => ({
              id: text.id,
              appliesTo: text.appliesTo,
              description: text.description,
              features: text.features,
              processingTime: text.processingTime,
              documents: text.documents,
              feeNote: text.feeNote,
            })),
        })),
        steps: stepRows.map((s) => ({
          id: s.id,
          packageId: s.packageId,
          kind: s.kind,
          position: s.position,
          title: s.title,
          description: s.description,
          appliesTo: s.appliesTo,
        })),
        faqs: faqRows.map((f) => ({
          id: f.id,
          position: f.position,
          question: f.question,
          answer: f.answer,
          isActive: f.isActive,
          appliesTo: f.appliesTo,
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
        (next, tx) => choiceRefusal(tx, { serviceId: next.serviceId }, patch.appliesTo),
      );
    },

    updateTimelineEntry(actor: StaffActor, id: number, patch: TimelineEntryEdit) {
      return edit(
        actor,
        { action: 'catalog.timeline', type: 'package_timeline', id, what: 'timeline entry' },
        patch,
        async (tx) => (await tx.select().from(packageTimeline).where(eq(packageTimeline.id, id)).for('update'))[0],
        (tx, changes) => tx.update(packageTimeline).set(changes).where(eq(packageTimeline.id, id)),
        (next, tx) => choiceRefusal(tx, { packageId: next.packageId }, patch.appliesTo),
      );
    },

    updateFaq(actor: StaffActor, id: number, patch: FaqEdit) {
      return edit(
        actor,
        { action: 'catalog.faq', type: 'faq', id, what: 'FAQ' },
        patch,
        async (tx) => (await tx.select().from(faqs).where(eq(faqs.id, id)).for('update'))[0],
        (tx, changes) => tx.update(faqs).set(changes).where(eq(faqs.id, id)),
        (next, tx) => choiceRefusal(tx, { serviceId: next.serviceId }, patch.appliesTo),
      );
    },

    /** A new service (off the site unless `isActive`), listed after the others. */
    createService(actor: StaffActor, input: ServiceCreate): Promise<FormResult<{ id: number }>> {
      return structural(
        async (tx) => {
          const [taken] = await tx.select({ id: services.id }).from(services).where(eq(services.slug, input.slug));
          if (taken) return formFailure(409, C.serviceSlugTaken, { slug: C.serviceSlugTaken });
          const [row] = await tx
            .insert(services)
            .values({ ...input, sortOrder: sql`(select coalesce(max(${services.sortOrder}), 0) + 1 from ${services})` })
            .returning({ id: services.id });
          if (!row) throw new Error('the new service returned no row');
          await audit.record(tx, {
            actor,
            action: 'catalog.service_create',
            subject: { type: 'service', id: row.id },
            after: input,
          });
          return { ok: true, value: { id: row.id } };
        },
        { field: 'slug', message: C.serviceSlugTaken },
      );
    },

    removeService(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return remove(
        actor,
        { type: 'service', id, what: 'service' },
        async (tx) => (await tx.select().from(services).where(eq(services.id, id)).for('update'))[0],
        (tx) => tx.update(services).set({ isActive: false }).where(eq(services.id, id)),
        // Its packages, prices, steps, timelines and FAQs go with it (ON DELETE CASCADE).
        (tx) => tx.delete(services).where(eq(services.id, id)),
      );
    },

    /** A new package of a service (off the site unless `isActive`), listed after its others. */
    createPackage(actor: StaffActor, serviceId: number, input: PackageCreate): Promise<FormResult<{ id: number }>> {
      return structural(
        async (tx) => {
          // The service's row lock serialises its package creations (slug check, order).
          const unknown = await lockOwner(tx, 'service', serviceId);
          if (unknown) return unknown;
          const [taken] = await tx
            .select({ id: packages.id })
            .from(packages)
            .where(and(eq(packages.serviceId, serviceId), eq(packages.slug, input.slug)));
          if (taken) return formFailure(409, C.packageSlugTaken, { slug: C.packageSlugTaken });
          const [{ next } = { next: 1 }] = await tx
            .select({ next: sql<number>`coalesce(max(${packages.sortOrder}), 0) + 1` })
            .from(packages)
            .where(eq(packages.serviceId, serviceId));
          const [row] = await tx
            .insert(packages)
            .values({ ...input, serviceId, sortOrder: next })
            .returning({ id: packages.id });
          if (!row) throw new Error('the new package returned no row');
          await audit.record(tx, {
            actor,
            action: 'catalog.package_create',
            subject: { type: 'package', id: row.id },
            after: { serviceId, ...input },
          });
          return { ok: true, value: { id: row.id } };
        },
        { field: 'slug', message: C.packageSlugTaken },
      );
    },

    removePackage(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return remove(
        actor,
        { type: 'package', id, what: 'package' },
        async (tx) => (await tx.select().from(packages).where(eq(packages.id, id)).for('update'))[0],
        (tx) => tx.update(packages).set({ isActive: false }).where(eq(packages.id, id)),
        // Its prices, texts, steps, timeline and form link go with it (ON DELETE CASCADE).
        (tx) => tx.delete(packages).where(eq(packages.id, id)),
      );
    },

    /**
     * A service's parameters and the countries offered for each. A country (or a whole
     * parameter) that a price row names cannot go: that price would silently stop being offered.
     */
    updateParameters(actor: StaffActor, serviceId: number, input: ServiceParameters) {
      return edit(
        actor,
        { action: 'catalog.service_parameters', type: 'service', id: serviceId, what: 'service' },
        input,
        async (tx) => {
          const [row] = await tx.select().from(services).where(eq(services.id, serviceId)).for('update');
          // jsonb keeps an object's keys in its own order: compare them in URL order, as the input has them.
          return row && { ...row, parameterOptions: inUrlOrder(row.parameterOptions) };
        },
        (tx, changes) => tx.update(services).set(changes).where(eq(services.id, serviceId)),
        async (next, tx) => {
          const priced = await tx
            .select({ price: packagePrices, packageName: packages.name })
            .from(packagePrices)
            .innerJoin(packages, eq(packages.id, packagePrices.packageId))
            .where(eq(packages.serviceId, serviceId));
          for (const { price, packageName } of priced) {
            for (const parameter of SERVICE_PARAMETERS) {
              const code = price[parameter];
              if (code === null || next.parameterOptions[parameter]?.includes(code)) continue;
              const problem = C.optionPriced(parameter, code, packageName);
              return formFailure(409, problem, { [parameter]: problem });
            }
          }
          return null;
        },
      );
    },

    /** A new price row of a package, for countries among its service's options. */
    createPrice(actor: StaffActor, packageId: number, input: PriceCreate): Promise<FormResult<{ id: number }>> {
      return structural(async (tx) => {
        // The package's row lock serialises its price rows (the duplicate check).
        const [owner] = await tx
          .select({ service: services })
          .from(packages)
          .innerJoin(services, eq(services.id, packages.serviceId))
          .where(eq(packages.id, packageId))
          .for('update', { of: packages });
        if (!owner) return formFailure(404, CATALOG_MESSAGES.notFound('package', packageId));
        const problem = choiceProblem(owner.service, input);
        if (problem) return formFailure(400, problem.message, { [problem.parameter]: problem.message });
        const compareAt = compareAtProblem(input.serviceFeeCents, input.compareAtServiceFeeCents);
        if (compareAt) return formFailure(400, compareAt, { compareAtServiceFeeCents: compareAt });
        const existing = await tx.select().from(packagePrices).where(eq(packagePrices.packageId, packageId));
        if (existing.some((p) => SERVICE_PARAMETERS.every((parameter) => p[parameter] === input[parameter]))) {
          return formFailure(409, C.priceTwice, { form: C.priceTwice });
        }
        return addToPackage(
          tx,
          actor,
          { action: 'catalog.price_create', type: 'package_price', what: 'price' },
          packageId,
          input,
          (values) => tx.insert(packagePrices).values(values).returning({ id: packagePrices.id }),
        );
      });
    },

    /**
     * Deletes a price row. Orders keep their own copy of the price they were started with
     * (application_orders), so none depends on the row.
     */
    removePrice(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return structural(async (tx): Promise<FormResult<Removal>> => {
        const [row] = await tx.select().from(packagePrices).where(eq(packagePrices.id, id)).for('update');
        if (!row) return formFailure(404, CATALOG_MESSAGES.notFound('price', id));
        await tx.delete(packagePrices).where(eq(packagePrices.id, id));
        await tx.update(packages).set({ updatedAt: new Date() }).where(eq(packages.id, row.packageId));
        const { id: _id, createdAt: _c, updatedAt: _u, ...before } = row;
        await audit.record(tx, {
          actor,
          action: 'catalog.price_delete',
          subject: { type: 'package_price', id },
          before,
          after: null,
        });
        return { ok: true, value: { outcome: 'deleted', orders: 0 } };
      });
    },

    /** Every general FAQ (the FAQ page's own questions, no service), shown or not, in their order. */
    async listGeneralFaqs(): Promise<AdminFaq[]> {
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

    /**
     * A new step or process section of a service, for every package (no package) or one of its
     * packages; last in its list unless a position is given.
     */
    createProcessStep(
      actor: StaffActor,
      serviceId: number,
      input: ProcessStepCreate,
    ): Promise<FormResult<{ id: number }>> {
      return structural(async (tx) => {
        // The service's row lock serialises the appends to its lists.
        const unknown = await lockOwner(tx, 'service', serviceId);
        if (unknown) return unknown;
        if (input.packageId !== null) {
          const [own] = await tx
            .select({ id: packages.id })
            .from(packages)
            .where(and(eq(packages.id, input.packageId), eq(packages.serviceId, serviceId)));
          const problem = CATALOG_CONTENT_MESSAGES.packageOfAnotherService;
          if (!own) return formFailure(400, problem, { packageId: problem });
        }
        const refused = await choiceRefusal(tx, { serviceId }, input.appliesTo);
        if (refused) return refused;
        const inList = and(
          eq(processSteps.serviceId, serviceId),
          input.packageId === null ? isNull(processSteps.packageId) : eq(processSteps.packageId, input.packageId),
          eq(processSteps.kind, input.kind),
        );
        return appendEntry(
          tx,
          actor,
          { action: 'catalog.process_step_create', type: 'process_step', what: 'step' },
          { table: processSteps, where: inList },
          { input, owner: { serviceId } },
          (row) => tx.insert(processSteps).values(row).returning({ id: processSteps.id }),
        );
      });
    },

    removeProcessStep(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return removeEntry(
        actor,
        { action: 'catalog.process_step_delete', type: 'process_step', id, what: 'process step' },
        async (tx) => {
          const [row] = await tx.select().from(processSteps).where(eq(processSteps.id, id)).for('update');
          if (row) await tx.delete(processSteps).where(eq(processSteps.id, id));
          return row;
        },
      );
    },

    /** A new entry of a package's timeline, last unless a position is given. */
    createTimelineEntry(
      actor: StaffActor,
      packageId: number,
      input: TimelineEntryCreate,
    ): Promise<FormResult<{ id: number }>> {
      return structural(async (tx) => {
        const unknown = await lockOwner(tx, 'package', packageId);
        if (unknown) return unknown;
        const refused = await choiceRefusal(tx, { packageId }, input.appliesTo);
        if (refused) return refused;
        return appendEntry(
          tx,
          actor,
          { action: 'catalog.timeline_create', type: 'package_timeline', what: 'timeline entry' },
          { table: packageTimeline, where: eq(packageTimeline.packageId, packageId) },
          { input, owner: { packageId } },
          (row) => tx.insert(packageTimeline).values(row).returning({ id: packageTimeline.id }),
        );
      });
    },

    removeTimelineEntry(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return removeEntry(
        actor,
        { action: 'catalog.timeline_delete', type: 'package_timeline', id, what: 'timeline entry' },
        async (tx) => {
          const [row] = await tx.select().from(packageTimeline).where(eq(packageTimeline.id, id)).for('update');
          if (row) await tx.delete(packageTimeline).where(eq(packageTimeline.id, id));
          return row;
        },
      );
    },

    /** A new FAQ of a service, or a general one (`serviceId` null), last unless a position is given. */
    createFaq(actor: StaffActor, serviceId: number | null, input: FaqCreate): Promise<FormResult<{ id: number }>> {
      return structural(async (tx) => {
        if (serviceId !== null) {
          const unknown = await lockOwner(tx, 'service', serviceId);
          if (unknown) return unknown;
        }
        const refused = await choiceRefusal(tx, { serviceId }, input.appliesTo);
        if (refused) return refused;
        return appendEntry(
          tx,
          actor,
          { action: 'catalog.faq_create', type: 'faq', what: 'FAQ' },
          { table: faqs, where: serviceId === null ? isNull(faqs.serviceId) : eq(faqs.serviceId, serviceId) },
          { input, owner: { serviceId } },
          (row) => tx.insert(faqs).values(row).returning({ id: faqs.id }),
        );
      });
    },

    /**
     * A package's text for one choice of countries (decision 0080), among its service's options;
     * one per package and choice (a second is a 409: edit the first).
     */
    createPackageText(
      actor: StaffActor,
      packageId: number,
      input: PackageTextCreate,
    ): Promise<FormResult<{ id: number }>> {
      const twice = CATALOG_CONTENT_MESSAGES.textTwice;
      return structural(
        async (tx) => {
          // The package's row lock serialises its texts (the duplicate check).
          const unknown = await lockOwner(tx, 'package', packageId);
          if (unknown) return unknown;
          const refused = await choiceRefusal(tx, { packageId }, input.appliesTo);
          if (refused) return refused;
          const existing = await tx
            .select({ appliesTo: packageTexts.appliesTo })
            .from(packageTexts)
            .where(eq(packageTexts.packageId, packageId));
          const choice = JSON.stringify(input.appliesTo);
          if (existing.some((t) => JSON.stringify(t.appliesTo) === choice)) {
            return formFailure(409, twice, { appliesTo: twice });
          }
          return addToPackage(
            tx,
            actor,
            { action: 'catalog.package_text_create', type: 'package_text', what: 'package text' },
            packageId,
            input,
            (values) => tx.insert(packageTexts).values(values).returning({ id: packageTexts.id }),
          );
        },
        { field: 'appliesTo', message: twice },
      );
    },

    /** Edits a package text's fields: null (or empty) keeps the general text; one field at least stays. */
    updatePackageText(actor: StaffActor, id: number, patch: PackageTextEdit) {
      return edit(
        actor,
        { action: 'catalog.package_text', type: 'package_text', id, what: 'package text' },
        patch,
        async (tx) => (await tx.select().from(packageTexts).where(eq(packageTexts.id, id)).for('update'))[0],
        async (tx, changes, row) => {
          await tx.update(packageTexts).set(changes).where(eq(packageTexts.id, id));
          await tx.update(packages).set({ updatedAt: new Date() }).where(eq(packages.id, row.packageId));
        },
        (next) => {
          const fields = [next.description, next.features, next.processingTime, next.documents, next.feeNote];
          if (fields.some((f) => f !== null)) return null;
          return formFailure(400, CATALOG_CONTENT_MESSAGES.textEmptied, { form: CATALOG_CONTENT_MESSAGES.textEmptied });
        },
      );
    },

    removePackageText(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return removeEntry(
        actor,
        { action: 'catalog.package_text_delete', type: 'package_text', id, what: 'package text' },
        async (tx) => {
          const [row] = await tx.select().from(packageTexts).where(eq(packageTexts.id, id)).for('update');
          if (row) {
            await tx.delete(packageTexts).where(eq(packageTexts.id, id));
            // The package's pages changed, as when a text is added or edited: the sitemap's date follows.
            await tx.update(packages).set({ updatedAt: new Date() }).where(eq(packages.id, row.packageId));
          }
          return row;
        },
      );
    },

    removeFaq(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return removeEntry(actor, { action: 'catalog.faq_delete', type: 'faq', id, what: 'FAQ' }, async (tx) => {
        const [row] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update');
        if (row) await tx.delete(faqs).where(eq(faqs.id, id));
        return row;
      });
    },
  };
}
export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
