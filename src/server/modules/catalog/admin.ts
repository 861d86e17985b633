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
import { ageRangeProblem, CATALOG_MESSAGES, compareAtProblem } from '../../../domain/admin/catalog.ts';
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
import { formatFeeDate } from '../../../domain/catalog/fee-schedule.ts';
import {
  type ParameterChoices,
  SERVICE_PARAMETERS,
  type ServiceParameter,
} from '../../../domain/catalog/parameters.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { isPhotoPricedService } from '../../../domain/photos/catalog-prices.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import { type CatalogAdminRepository, createCatalogAdminRepository } from './admin-repository.ts';

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

/** A general FAQ belongs to no service: it applies to every choice. */
const NO_CHOICES: ServiceChoices = { parameters: [], parameterOptions: {} };

/** Whose countries a choice is among: a service's, a package's service's, or none (a general FAQ). */
type ChoiceOwner = { serviceId: number | null } | { packageId: number };

/** How many service orders name a service, package or price row, read in the catalog's transaction (the applications module's count). */
export type OrdersOf = (
  tx: Database,
  ref: { serviceId: number } | { packageId: number } | { packagePriceId: number },
) => Promise<number>;

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
    lock: (repo: CatalogAdminRepository) => Promise<Row | undefined>,
    write: (repo: CatalogAdminRepository, changes: Record<string, unknown>, row: Row) => Promise<unknown>,
    check?: (next: Row, repo: CatalogAdminRepository) => FormResult<never> | null | Promise<FormResult<never> | null>,
  ): Promise<FormResult<EditOutcome>> {
    const result = await db.transaction(async (tx): Promise<FormResult<EditOutcome>> => {
      const repo = createCatalogAdminRepository(tx);
      const row = await lock(repo);
      if (!row) return formFailure(404, CATALOG_MESSAGES.notFound(target.what, target.id));
      const { before, after } = changedFields(row, patch);
      const refused = await check?.({ ...row, ...after }, repo);
      if (refused) return refused;
      const fields = Object.keys(after);
      if (fields.length === 0) return { ok: true, value: { changed: [] } };
      await write(repo, after, row);
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
    work: (tx: Database, repo: CatalogAdminRepository) => Promise<FormResult<T>>,
    conflict?: { field: string; message: string },
  ): Promise<FormResult<T>> {
    let result: FormResult<T>;
    try {
      result = await db.transaction((tx) => work(tx, createCatalogAdminRepository(tx)));
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
    lock: (repo: CatalogAdminRepository) => Promise<{ isActive: boolean; name: string; slug: string } | undefined>,
    archive: (repo: CatalogAdminRepository) => Promise<unknown>,
    destroy: (repo: CatalogAdminRepository) => Promise<unknown>,
  ): Promise<FormResult<Removal>> {
    return structural(async (tx, repo): Promise<FormResult<Removal>> => {
      const row = await lock(repo);
      if (!row) return formFailure(404, CATALOG_MESSAGES.notFound(target.what, target.id));
      const subject = { type: target.type, id: target.id };
      const orders = await ordersOf(
        tx,
        target.type === 'service' ? { serviceId: target.id } : { packageId: target.id },
      );
      if (orders > 0) {
        if (row.isActive) {
          await archive(repo);
          const action = `catalog.${target.type}_archive`;
          await audit.record(tx, { actor, action, subject, before: { isActive: true }, after: { isActive: false } });
        }
        return { ok: true, value: { outcome: 'archived', orders } };
      }
      await destroy(repo);
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
  async function lockOwner(
    repo: CatalogAdminRepository,
    what: 'service' | 'package',
    id: number,
  ): Promise<FormResult<never> | null> {
    return (await repo.lockOwner(what, id)) ? null : formFailure(404, CATALOG_MESSAGES.notFound(what, id));
  }

  /** The parameters and countries of the service a choice belongs to (read in the repository's transaction). */
  async function choicesOf(repo: CatalogAdminRepository, owner: ChoiceOwner): Promise<ServiceChoices> {
    if ('packageId' in owner) return (await repo.choicesOfPackage(owner.packageId)) ?? NO_CHOICES;
    if (owner.serviceId === null) return NO_CHOICES;
    return (await repo.choicesOfService(owner.serviceId)) ?? NO_CHOICES;
  }

  /** Refuses (400 on `appliesTo`) a choice naming a parameter or country its service does not offer. */
  async function choiceRefusal(
    repo: CatalogAdminRepository,
    owner: ChoiceOwner,
    appliesTo: ParameterChoices | undefined,
  ): Promise<FormResult<never> | null> {
    if (appliesTo === undefined || Object.keys(appliesTo).length === 0) return null;
    const problem = choiceProblem(await choicesOf(repo, owner), appliesTo);
    return problem ? formFailure(400, problem.message, { appliesTo: problem.message }) : null;
  }

  /**
   * Deletes one entry of a list (a step, a timeline entry, a FAQ): nothing refers to it, so it
   * goes outright, audited with its fields as they were.
   */
  function removeEntry(
    actor: StaffActor,
    target: { action: string; type: string; id: number; what: string },
    lockAndDelete: (repo: CatalogAdminRepository) => Promise<Record<string, unknown> | undefined>,
  ): Promise<FormResult<Removal>> {
    return structural(async (tx, repo): Promise<FormResult<Removal>> => {
      const row = await lockAndDelete(repo);
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
   * FAQs) inside `tx`, whose caller holds the owner's row lock: last in its list (`nextPosition`)
   * unless the input names a position. `insert` stores the entry with its owner's ids; the audit log
   * keeps both.
   */
  async function appendEntry<Input extends { position?: number | null | undefined }, Owner extends object>(
    tx: Database,
    actor: StaffActor,
    target: { action: string; type: string; what: string },
    nextPosition: () => Promise<number>,
    entry: { input: Input; owner: Owner },
    insert: (row: Input & Owner & { position: number }) => Promise<{ id: number }[]>,
  ): Promise<FormResult<{ id: number }>> {
    const values = {
      ...entry.input,
      position: entry.input.position ?? (await nextPosition()),
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
    await createCatalogAdminRepository(tx).touchPackage(packageId);
    await audit.record(tx, {
      actor,
      action: target.action,
      subject: { type: target.type, id: row.id },
      after: { packageId, ...input },
    });
    return { ok: true, value: { id: row.id } };
  }

  const repository = createCatalogAdminRepository(db);

  return {
    /** Every service, active or not, in the storefront's order, with how many packages each has. */
    async listServices(): Promise<AdminServiceRow[]> {
      const rows = await repository.listServices();
      return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
    },

    /** One service with all its packages, prices, timelines, steps and FAQs; null when unknown. */
    async getService(id: number): Promise<AdminService | null> {
      const service = await repository.findService(id);
      if (!service) return null;
      const { packageRows, priceRows, timelineRows, stepRows, faqRows, textRows } =
        await repository.serviceContents(id);
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
          applicantKinds: p.applicantKinds,
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
              feesPaidOnPortal: price.feesPaidOnPortal,
              effectiveFrom: price.effectiveFrom,
              applicantUnderAge: price.applicantUnderAge,
              applicantFromAge: price.applicantFromAge,
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
      return repository.listAddonPrices();
    },

    updateService(actor: StaffActor, id: number, patch: ServiceEdit) {
      return edit(
        actor,
        { action: 'catalog.service', type: 'service', id, what: 'service' },
        patch,
        (repo) => repo.lockService(id),
        (repo, changes) => repo.updateService(id, changes),
      );
    },

    updatePackage(actor: StaffActor, id: number, patch: PackageEdit) {
      return edit(
        actor,
        { action: 'catalog.package', type: 'package', id, what: 'package' },
        patch,
        (repo) => repo.lockPackage(id),
        (repo, changes) => repo.updatePackage(id, changes),
      );
    },

    updatePrice(actor: StaffActor, id: number, patch: PackagePriceEdit) {
      return edit(
        actor,
        { action: 'catalog.price', type: 'package_price', id, what: 'price' },
        patch,
        (repo) => repo.lockPrice(id),
        async (repo, changes, row) => {
          await repo.updatePrice(id, changes);
          // The package's pages changed: the sitemap's last-modified follows.
          await repo.touchPackage(row.packageId);
        },
        async (next, repo) => {
          const owner = await repo.lockPackageWithService(next.packageId);
          if (owner && isPhotoPricedService(owner.service.slug)) {
            return formFailure(409, CATALOG_MESSAGES.photoPricesFromOrders, {
              form: CATALOG_MESSAGES.photoPricesFromOrders,
            });
          }
          const problem = compareAtProblem(next.serviceFeeCents, next.compareAtServiceFeeCents);
          if (problem) return formFailure(400, problem, { compareAtServiceFeeCents: problem });
          const ages = ageRangeProblem(next.applicantFromAge, next.applicantUnderAge);
          return ages ? formFailure(400, ages, { applicantFromAge: ages }) : null;
        },
      );
    },

    updateAddonPrice(actor: StaffActor, id: number, patch: AddonPriceEdit) {
      return edit(
        actor,
        { action: 'catalog.addon_price', type: 'addon_price', id, what: 'add-on price' },
        patch,
        (repo) => repo.lockAddonPrice(id),
        (repo, changes) => repo.updateAddonPrice(id, changes),
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
        (repo) => repo.lockProcessStep(id),
        (repo, changes) => repo.updateProcessStep(id, changes),
        (next, repo) => choiceRefusal(repo, { serviceId: next.serviceId }, patch.appliesTo),
      );
    },

    updateTimelineEntry(actor: StaffActor, id: number, patch: TimelineEntryEdit) {
      return edit(
        actor,
        { action: 'catalog.timeline', type: 'package_timeline', id, what: 'timeline entry' },
        patch,
        (repo) => repo.lockTimelineEntry(id),
        (repo, changes) => repo.updateTimelineEntry(id, changes),
        (next, repo) => choiceRefusal(repo, { packageId: next.packageId }, patch.appliesTo),
      );
    },

    updateFaq(actor: StaffActor, id: number, patch: FaqEdit) {
      return edit(
        actor,
        { action: 'catalog.faq', type: 'faq', id, what: 'FAQ' },
        patch,
        (repo) => repo.lockFaq(id),
        (repo, changes) => repo.updateFaq(id, changes),
        (next, repo) => choiceRefusal(repo, { serviceId: next.serviceId }, patch.appliesTo),
      );
    },

    /** A new service (off the site unless `isActive`), listed after the others. */
    createService(actor: StaffActor, input: ServiceCreate): Promise<FormResult<{ id: number }>> {
      return structural(
        async (tx, repo) => {
          if (await repo.serviceSlugTaken(input.slug)) {
            return formFailure(409, C.serviceSlugTaken, { slug: C.serviceSlugTaken });
          }
          const row = await repo.insertService(input);
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
        (repo) => repo.lockService(id),
        (repo) => repo.archiveService(id),
        // Its packages, prices, steps, timelines and FAQs go with it (ON DELETE CASCADE).
        (repo) => repo.deleteService(id),
      );
    },

    /** A new package of a service (off the site unless `isActive`), listed after its others. */
    createPackage(actor: StaffActor, serviceId: number, input: PackageCreate): Promise<FormResult<{ id: number }>> {
      return structural(
        async (tx, repo) => {
          // The service's row lock serialises its package creations (slug check, order).
          const unknown = await lockOwner(repo, 'service', serviceId);
          if (unknown) return unknown;
          if (await repo.packageSlugTaken(serviceId, input.slug)) {
            return formFailure(409, C.packageSlugTaken, { slug: C.packageSlugTaken });
          }
          const next = await repo.nextPackageSortOrder(serviceId);
          const row = await repo.insertPackage({ ...input, serviceId, sortOrder: next });
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
        (repo) => repo.lockPackage(id),
        (repo) => repo.archivePackage(id),
        // Its prices, texts, steps, timeline and form link go with it (ON DELETE CASCADE).
        (repo) => repo.deletePackage(id),
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
        async (repo) => {
          const row = await repo.lockService(serviceId);
          // jsonb keeps an object's keys in its own order: compare them in URL order, as the input has them.
          return row && { ...row, parameterOptions: inUrlOrder(row.parameterOptions) };
        },
        (repo, changes) => repo.updateService(serviceId, changes),
        async (next, repo) => {
          const priced = await repo.pricesOfService(serviceId);
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
      return structural(async (tx, repo) => {
        // The package's row lock serialises its price rows (the duplicate check).
        const owner = await repo.lockPackageWithService(packageId);
        if (!owner) return formFailure(404, CATALOG_MESSAGES.notFound('package', packageId));
        if (isPhotoPricedService(owner.service.slug)) {
          return formFailure(409, CATALOG_MESSAGES.photoPricesFromOrders, {
            form: CATALOG_MESSAGES.photoPricesFromOrders,
          });
        }
        const problem = choiceProblem(owner.service, input);
        if (problem) return formFailure(400, problem.message, { [problem.parameter]: problem.message });
        const compareAt = compareAtProblem(input.serviceFeeCents, input.compareAtServiceFeeCents);
        if (compareAt) return formFailure(400, compareAt, { compareAtServiceFeeCents: compareAt });
        const existing = await repo.pricesOfPackage(packageId);
        const sameRow = (p: (typeof existing)[number]) =>
          p.effectiveFrom === input.effectiveFrom &&
          SERVICE_PARAMETERS.every((parameter) => p[parameter] === input[parameter]);
        if (existing.some(sameRow)) {
          const twice = input.effectiveFrom ? C.priceTwiceFrom(formatFeeDate(input.effectiveFrom)) : C.priceTwice;
          return formFailure(409, twice, { form: twice });
        }
        return addToPackage(
          tx,
          actor,
          { action: 'catalog.price_create', type: 'package_price', what: 'price' },
          packageId,
          input,
          (values) => repo.insertPrice(values),
        );
      });
    },

    /**
     * Deletes a price row no order was started with. Orders keep their own copy of its fees, but
     * not of who it is for: adding or changing a member checks the age and kind rule of the row the
     * order names (decision 0149), so a row an order names is refused, and an adult could not be
     * put on a child's renewal at the child's government fee.
     */
    removePrice(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return structural(async (tx, repo): Promise<FormResult<Removal>> => {
        const row = await repo.lockPrice(id);
        if (!row) return formFailure(404, CATALOG_MESSAGES.notFound('price', id));
        const orders = await ordersOf(tx, { packagePriceId: id });
        if (orders > 0) {
          const inUse = C.priceInUse(orders);
          return formFailure(409, inUse, { form: inUse });
        }
        await repo.deletePrice(id);
        await repo.touchPackage(row.packageId);
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
      return repository.listGeneralFaqs();
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
      return structural(async (tx, repo) => {
        // The service's row lock serialises the appends to its lists.
        const unknown = await lockOwner(repo, 'service', serviceId);
        if (unknown) return unknown;
        if (input.packageId !== null) {
          const own = await repo.packageOfService(input.packageId, serviceId);
          const problem = CATALOG_CONTENT_MESSAGES.packageOfAnotherService;
          if (!own) return formFailure(400, problem, { packageId: problem });
        }
        const refused = await choiceRefusal(repo, { serviceId }, input.appliesTo);
        if (refused) return refused;
        return appendEntry(
          tx,
          actor,
          { action: 'catalog.process_step_create', type: 'process_step', what: 'step' },
          () => repo.nextProcessStepPosition(serviceId, input.packageId, input.kind),
          { input, owner: { serviceId } },
          (row) => repo.insertProcessStep(row),
        );
      });
    },

    removeProcessStep(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return removeEntry(
        actor,
        { action: 'catalog.process_step_delete', type: 'process_step', id, what: 'process step' },
        async (repo) => {
          const row = await repo.lockProcessStep(id);
          if (row) await repo.deleteProcessStep(id);
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
      return structural(async (tx, repo) => {
        const unknown = await lockOwner(repo, 'package', packageId);
        if (unknown) return unknown;
        const refused = await choiceRefusal(repo, { packageId }, input.appliesTo);
        if (refused) return refused;
        return appendEntry(
          tx,
          actor,
          { action: 'catalog.timeline_create', type: 'package_timeline', what: 'timeline entry' },
          () => repo.nextTimelinePosition(packageId),
          { input, owner: { packageId } },
          (row) => repo.insertTimelineEntry(row),
        );
      });
    },

    removeTimelineEntry(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return removeEntry(
        actor,
        { action: 'catalog.timeline_delete', type: 'package_timeline', id, what: 'timeline entry' },
        async (repo) => {
          const row = await repo.lockTimelineEntry(id);
          if (row) await repo.deleteTimelineEntry(id);
          return row;
        },
      );
    },

    /** A new FAQ of a service, or a general one (`serviceId` null), last unless a position is given. */
    createFaq(actor: StaffActor, serviceId: number | null, input: FaqCreate): Promise<FormResult<{ id: number }>> {
      return structural(async (tx, repo) => {
        if (serviceId !== null) {
          const unknown = await lockOwner(repo, 'service', serviceId);
          if (unknown) return unknown;
        }
        const refused = await choiceRefusal(repo, { serviceId }, input.appliesTo);
        if (refused) return refused;
        return appendEntry(
          tx,
          actor,
          { action: 'catalog.faq_create', type: 'faq', what: 'FAQ' },
          () => repo.nextFaqPosition(serviceId),
          { input, owner: { serviceId } },
          (row) => repo.insertFaq(row),
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
        async (tx, repo) => {
          // The package's row lock serialises its texts (the duplicate check).
          const unknown = await lockOwner(repo, 'package', packageId);
          if (unknown) return unknown;
          const refused = await choiceRefusal(repo, { packageId }, input.appliesTo);
          if (refused) return refused;
          const existing = await repo.packageTextChoices(packageId);
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
            (values) => repo.insertPackageText(values),
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
        (repo) => repo.lockPackageText(id),
        async (repo, changes, row) => {
          await repo.updatePackageText(id, changes);
          await repo.touchPackage(row.packageId);
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
        async (repo) => {
          const row = await repo.lockPackageText(id);
          if (row) {
            await repo.deletePackageText(id);
            // The package's pages changed, as when a text is added or edited: the sitemap's date follows.
            await repo.touchPackage(row.packageId);
          }
          return row;
        },
      );
    },

    removeFaq(actor: StaffActor, id: number): Promise<FormResult<Removal>> {
      return removeEntry(actor, { action: 'catalog.faq_delete', type: 'faq', id, what: 'FAQ' }, async (repo) => {
        const row = await repo.lockFaq(id);
        if (row) await repo.deleteFaq(id);
        return row;
      });
    },
  };
}
export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
