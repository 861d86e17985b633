import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import {
  APPLICATION_MESSAGES as A,
  type ApplicationOrder,
  applicationTitle,
  canChangeAnswers,
  canChangeDocuments,
  canChangeMemberList,
  canEditMembers,
  type OrderRef,
  type PriceSnapshot,
  type StartApplication,
} from '../../../domain/applications/application.ts';
import { missingItems } from '../../../domain/applications/completion.ts';
import { reopenedForm } from '../../../domain/applications/member-form.ts';
import {
  MEMBER_MESSAGES as M,
  type Member,
  memberConflict,
  type ValidMember,
} from '../../../domain/applications/members.ts';
import { applicantRefusal } from '../../../domain/applications/package-applicants.ts';
import { filingOf } from '../../../domain/catalog/filing.ts';
import { PACKAGE_CHOICE_MESSAGES } from '../../../domain/catalog/package-choice.ts';
import { type ParameterChoices, SERVICE_PARAMETERS } from '../../../domain/catalog/parameters.ts';
import { priceTotalCents } from '../../../domain/catalog/service-detail.ts';
import { validateServiceChoices } from '../../../domain/catalog/service-modal.ts';
import type { CheckoutSnapshot } from '../../../domain/checkout/cost-summary.ts';
import { type PremiumSupport, premiumSupportFor } from '../../../domain/checkout/premium-support.ts';
import { BRANDS } from '../../../domain/config/site.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import {
  OPEN_APPLICATION_STATUSES,
  OPEN_APPLICATIONS_SHOWN,
  type OpenApplication,
  sentBackToCustomer,
} from '../../../domain/orders/open-application.ts';
import type { OrderSummary } from '../../../domain/orders/order-summary.ts';
import type { OrderFilesRetention } from '../../../domain/orders/retention.ts';
import type { StaffMessage } from '../../../domain/orders/staff-messages.ts';
import { canChangeStatus, type StatusChange } from '../../../domain/orders/status.ts';
import type { StrayCharge } from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import { applicationWorkedOnSince } from './activity-repository.ts';
import { asksForFittedPhoto, type DocumentsService, type OrderGaps } from './documents-service.ts';
import { feesPaidOf, recordFeesPaid } from './fees-paid.ts';
import type { FormsService, StoredForm } from './forms-service.ts';
import { orderNotFound, withLockedOrder } from './locked-order.ts';
import { answersComplete, memberStepCount } from './member-forms-service.ts';
import { completionFacts, type OrderCompletion } from './order-completion.ts';
import { followDecidingMember, type ResolveMission, withdrawReviewsAway } from './order-mission.ts';
import {
  confirmedPostingAddressOf,
  confirmPostingAddress,
  postingAddressOf,
  submittedHeld,
} from './posting-address.ts';
import {
  type ApplicationRow,
  type CatalogRef,
  createApplicationsRepository,
  type MemberFormValues,
  type MemberRow,
} from './repository.ts';

export {
  createDocumentsService,
  type DeskRequestRow,
  type DocumentsService,
  type DocumentsServiceDeps,
  type ReceiveFile,
  type WithdrawnRequest,
} from './documents-service.ts';
export { createFeeChanges, FEE_CHANGES_QUEUE, type FeeChanges } from './fee-changes.ts';
export { createFormsReminders, FORMS_REMINDER_QUEUE, type FormsReminders } from './forms-reminders.ts';
export { createFormsService, type FormsService, type StoredForm } from './forms-service.ts';
export { orderNotFound, withLockedOrder } from './locked-order.ts';
export { createMemberFormsService, type MemberFormsService } from './member-forms-service.ts';
export { createOrderCompletion, type OrderCompletion } from './order-completion.ts';
export { missionResolver, storedMissionAddress } from './order-mission.ts';
export { createPassportsService, type PassportsService } from './passports-service.ts';
/** For the back office's route to the same print pack. */
export { printPackResponse } from './print-pack-routes.ts';
export {
  createPrintPackService,
  type MissionAddressOf,
  noMissionAddressYet,
  type PrintPackService,
} from './print-pack-service.ts';
/** For checkout's routes on the same orders: the signed-in customer, and a result as its HTTP answer. */
export { customer, valueOrThrow } from './route-helpers.ts';

export interface ApplicationsServiceDeps {
  /** The orders module owns the order row, its status and its timeline. */
  orders: Pick<
    OrdersService,
    | 'createOrder'
    | 'findOwned'
    | 'lockOrder'
    | 'timeline'
    | 'changeOrderStatus'
    | 'listForUser'
    | 'listForUserIn'
    | 'filesRetention'
    | 'strayCharges'
    | 'siteUrlOf'
    | 'orderIdsOf'
  >;
  /** Prices come from the catalog, never from the client. */
  catalog: Pick<CatalogService, 'getPackage' | 'getPackagesForChoices' | 'applicantRule'>;
  /** The form definition version a new order starts with, and an order's version (its members' steps). */
  forms: Pick<FormsService, 'currentDefinitionId' | 'orderForm'>;
  /** Brings a paid order's status in line with its forms and documents after a member edit. */
  completion: Pick<OrderCompletion, 'sync'>;
  /** The application's documents: what is still missing, and a removed member's files. */
  documents: Pick<DocumentsService, 'gaps' | 'photosToCheck' | 'markMemberDocumentsDeleted' | 'removeFiles'>;
  /**
   * The order's total is its checkout cost summary (decision 0054): checkout's pricing settles it
   * after a change of members. Declared here, not imported, so checkout depends on applications
   * and not both ways (issue 28).
   */
  pricing: {
    settle(
      tx: Database,
      order: Pick<Order, 'id' | 'userId' | 'kind'>,
      snapshot: CheckoutSnapshot,
      memberIds: readonly number[],
    ): Promise<{ order: Order }>;
  };
  /**
   * Where an address sends the file (the jurisdiction table), read in the member change's own
   * transaction: a change of who decides the order's mission stores the new decider's mission
   * under the order's lock, so a payment cannot come between (decision 0114).
   */
  resolveMissionIn: (on: Database) => ResolveMission;
  /** A member change that moves the mission and withdraws the posting address we sent e-mails the customer, in its transaction. */
  mail: Pick<MailOutbox, 'enqueue'>;
  companyName: string;
  /** The deployment's premium-support contact (Env.premiumSupport), on large orders' pages. */
  premiumSupport: PremiumSupport;
  /**
   * The messages staff sent the customer about the order, newest first (the back office keeps
   * them; admin-orders' createCustomerMessages). Declared here, not imported: the back office
   * depends on applications, not both ways.
   */
  messages: { sentAbout(on: Database, orderId: number): Promise<StaffMessage[]> };
  /** The day a mission is resolved for; the clock by default. */
  now?: () => Date;
}

/** The signed-in customer acting on their applications. */
export interface Applicant {
  id: number;
  email: string;
}

function toMember(row: MemberRow, index: number, form: StoredForm | null): Member {
  return {
    id: row.id,
    fullName: row.fullName,
    dateOfBirth: row.dateOfBirth,
    kind: row.kind,
    relationship: row.relationship,
    position: index + 1,
    progress: {
      currentStep: row.currentStep,
      totalSteps: form ? memberStepCount(form.definition, row) : null,
      reviewed: row.reviewDetails !== null,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function perMemberCents(
  app: Pick<ApplicationRow, 'governmentFeeCents' | 'mandatoryFees' | 'serviceFeeCents' | 'feesPaidOnPortal'>,
) {
  return priceTotalCents(app);
}

/** The snapshot's price per member, and the order's total as checkout keeps it (add-ons, coupon, referral). */
function priceSnapshot(app: ApplicationRow, memberCount: number, totalCents: number): PriceSnapshot {
  const perMember = perMemberCents(app);
  return {
    currency: app.currency,
    governmentFeeCents: app.governmentFeeCents,
    mandatoryFees: app.mandatoryFees,
    serviceFeeCents: app.serviceFeeCents,
    compareAtServiceFeeCents: app.compareAtServiceFeeCents,
    perMemberCents: perMember,
    memberCount,
    totalCents,
    isEstimate: app.isEstimate,
    feesPaidOnPortal: app.feesPaidOnPortal,
  };
}

/** The members whose form is not reviewed yet, while answers may change (none without a form). */
function incompleteForms(order: Order, form: StoredForm | null, members: readonly MemberRow[]) {
  if (!form || !canChangeAnswers(order.status)) return [];
  return members.filter((m) => m.reviewDetails === null).map((m) => ({ memberId: m.id, fullName: m.fullName }));
}

function toView(
  order: Order,
  app: ApplicationRow,
  form: StoredForm | null,
  members: MemberRow[],
  timeline: StatusChange[],
  { missingDocuments, preparedAfterPayment, proofConflicts, photosToRedo }: OrderGaps,
  files: OrderFilesRetention,
  strayCharges: StrayCharge[],
  messages: StaffMessage[],
  premiumSupport: PremiumSupport,
): ApplicationOrder {
  return {
    id: order.id,
    displayId: order.displayId,
    title: order.title,
    status: order.status,
    service: { id: app.serviceId, slug: app.serviceSlug, name: app.serviceName },
    package: { id: app.packageId, slug: app.packageSlug, name: app.packageName },
    choices: app.choices,
    price: priceSnapshot(app, members.length, order.totalCents),
    premiumSupport: premiumSupportFor(order.totalCents, premiumSupport),
    formDefinitionId: app.formDefinitionId,
    mission: app.mission,
    filing: filingOf(app.serviceSlug),
    postingAddress: postingAddressOf(app),
    members: members.map((m, i) => toMember(m, i, form)),
    timeline,
    actions: {
      canCancel: canChangeStatus(order.status, 'Cancelled', 'customer'),
      canChangeMemberList: canChangeMemberList(order.status),
      canEditMembers: canEditMembers(order.status),
      canChangeDocuments: canChangeDocuments(order.status),
      canChangeAnswers: canChangeAnswers(order.status),
    },
    toDo: { missingDocuments, incompleteForms: incompleteForms(order, form, members), photosToRedo },
    // What the completeness rule finds missing (the one the status follows), while it can change.
    missing: canChangeAnswers(order.status)
      ? missingItems(completionFacts(app, members, missingDocuments, proofConflicts))
      : [],
    // Named as `missing` names documents; no form to review among them.
    preparedAfterPayment: missingItems({
      ...completionFacts(app, members, preparedAfterPayment),
      hasForm: false,
    }),
    files,
    strayCharges,
    messages,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** A member's step and review after their kind changed (the row holds the new kind). */
function formAfterKindChange(form: StoredForm, row: MemberRow): MemberFormValues {
  const steps = memberStepCount(form.definition, row);
  const stillComplete =
    row.reviewDetails !== null &&
    answersComplete(form.definition, row.answers, { memberKind: row.kind, today: todayIsoDate() });
  return stillComplete ? { currentStep: Math.min(row.currentStep, steps + 1) } : reopenedForm(row, steps);
}

/** Only the service's own parameters, as chosen. */
function ownChoices(parameters: readonly string[], choices: ParameterChoices): ParameterChoices {
  const own: ParameterChoices = {};
  for (const p of SERVICE_PARAMETERS) if (parameters.includes(p) && choices[p]) own[p] = choices[p];
  return own;
}

const sameChoices = (a: ParameterChoices, b: ParameterChoices) =>
  SERVICE_PARAMETERS.every((p) => (a[p] ?? null) === (b[p] ?? null));

const memberValues = (m: ValidMember) => ({
  fullName: m.fullName,
  dateOfBirth: m.dateOfBirth,
  kind: m.kind,
  relationship: m.relationship,
});

/**
 * Applications (service orders, DOC-…): starting one from a package and its choices, its members,
 * and the order page. Every call takes the signed-in customer and answers another customer's
 * order exactly like an unknown one.
 */
export function createApplicationsService(db: Database, deps: ApplicationsServiceDeps) {
  const repository = createApplicationsRepository(db);
  const { orders } = deps;
  // A move of the mission that withdraws the posting address we sent tells the customer.
  const withdrawal = { mail: deps.mail, orders, companyName: deps.companyName };
  const now = deps.now ?? (() => new Date());

  async function view(order: Order): Promise<ApplicationOrder> {
    const [app, members, timeline, files, strayCharges, messages] = await Promise.all([
      repository.findApplication(order.id),
      repository.listMembers(order.id),
      orders.timeline(order.id),
      orders.filesRetention(order.id),
      orders.strayCharges(db, order.id),
      deps.messages.sentAbout(db, order.id),
    ]);
    if (!app) throw new Error(`service order ${order.displayId} has no application row`);
    const form = await deps.forms.orderForm(app);
    const gaps = await deps.documents.gaps(order, app, members, form?.definition ?? null);
    return toView(order, app, form, members, timeline, gaps, files, strayCharges, messages, deps.premiumSupport);
  }

  /** The same key again: the order it started, if it was for the same package and choices. */
  async function replay(order: Order, input: StartApplication) {
    const app = await repository.findApplication(order.id);
    // The stored choices name exactly the service's parameters (each one is required).
    const same =
      app &&
      app.packageId === input.packageId &&
      sameChoices(app.choices, ownChoices(Object.keys(app.choices), input.choices));
    if (!same) return formFailure(409, A.idempotencyKeyReused, { idempotencyKey: A.idempotencyKeyReused });
    return { ok: true as const, value: { order: await view(order), created: false } };
  }

  const locked = <T>(
    customer: Applicant,
    ref: OrderRef,
    change: (tx: Database, order: Order, members: MemberRow[]) => Promise<FormResult<T>>,
  ) =>
    withLockedOrder(db, orders, customer.id, ref, async (tx, order) =>
      change(tx, order, await createApplicationsRepository(tx).listMembers(order.id)),
    );

  /** The form version the order started with (null without one). */
  async function formOfOrder(on: Database, orderId: number): Promise<StoredForm | null> {
    const app = await createApplicationsRepository(on).findApplication(orderId);
    if (!app) throw new Error(`service order ${orderId} has no application row`);
    return deps.forms.orderForm(app);
  }

  /**
   * After a member was added, changed or removed, in its transaction: the mission follows the
   * deciding member, and members reviewed for where the order went before go back to their form
   * when their address is another mission's now.
   */
  async function followMission(tx: Database, order: Order, membersBefore: readonly MemberRow[]): Promise<void> {
    const resolve = deps.resolveMissionIn(tx);
    if (!(await followDecidingMember(tx, { resolve, withdrawal }, order, membersBefore, now()))) return;
    const form = await formOfOrder(tx, order.id);
    if (form) await withdrawReviewsAway(tx, { resolve, completion: deps.completion }, order.id, form.definition, now());
  }

  /** Why `member` cannot be on the order's package at its price (an adult on a minor's renewal), or null. */
  async function applicantRefusalOn(tx: Database, orderId: number, member: ValidMember): Promise<string | null> {
    const app = await createApplicationsRepository(tx).findApplication(orderId);
    if (!app) throw new Error(`service order ${orderId} has no application row`);
    const rule = await deps.catalog.applicantRule(app.packageId, app.packagePriceId, tx);
    return applicantRefusal(rule, member, todayIsoDate());
  }

  /** Keeps the order's total equal to its cost summary (members, add-ons, coupon) after a member change. */
  async function updateTotal(tx: Database, order: Order): Promise<Order> {
    const input = await checkoutInput(tx, order.id);
    return (await deps.pricing.settle(tx, order, input.snapshot, input.memberIds)).order;
  }

  /** What checkout prices an order with: its snapshot, package and members. */
  async function checkoutInput(on: Database, orderId: number) {
    const applications = createApplicationsRepository(on);
    const app = await applications.findApplication(orderId);
    if (!app) throw new Error(`service order ${orderId} has no application row`);
    const members = await applications.listMembers(orderId);
    return { snapshot: app, packageId: app.packageId, members, memberIds: members.map((m) => m.id) };
  }

  return {
    checkoutInput,

    /** Staff confirm where the customer posts the file, in the order's locked transaction (decision 0179). */
    confirmPostingAddress,

    /** Staff record the fees our team paid at the centre, in the order's locked transaction. */
    recordFeesPaid,

    /**
     * What our team recorded on the order, with who recorded it (the desk's): the posting address
     * confirmed and the fees paid at the centre, each null until then; and the photos and signatures
     * worth a look before the file goes (a failed rule, another member's file), whatever the status.
     */
    async staffRecords(orderId: number) {
      const repository = createApplicationsRepository(db);
      const app = await repository.findApplication(orderId);
      if (!app) return { postingAddress: null, feesPaid: null, photosToCheck: [] };
      const [members, form] = await Promise.all([repository.listMembers(orderId), deps.forms.orderForm(app)]);
      return {
        postingAddress: confirmedPostingAddressOf(app),
        feesPaid: feesPaidOf(app),
        photosToCheck: await deps.documents.photosToCheck(orderId, app, members, form?.definition ?? null),
      };
    },

    /**
     * Why staff cannot move the application to `to` yet (Submitted before its posting address, or
     * before the fees paid at the centre are recorded), or null.
     */
    staffMoveHeld: submittedHeld,

    /** Whether the customer worked on the application after `since` (the unpaid-order sweep's question). */
    workedOnSince: applicationWorkedOnSince,

    /** Of a checkout input's members, those whose checklist asks for a passport-style photo (Photo Enhancement's). */
    fittedPhotoMemberIds({ snapshot, members }: Awaited<ReturnType<typeof checkoutInput>>): number[] {
      return members.filter((m) => asksForFittedPhoto(snapshot, m)).map((m) => m.id);
    },

    /**
     * A subquery of the ids of the orders for one service, for another module's single statement
     * (the back office's queue filter, decision 0068).
     */
    orderIdsOfService(serviceSlug: string) {
      return repository.orderIdsOfService(serviceSlug);
    },

    /** The service an application is for (its slug as ordered), or null for an order that is none: the desk's Portal PDF limits (decision 0189). */
    async serviceSlugOf(orderId: number): Promise<string | null> {
      return (await repository.findApplication(orderId))?.serviceSlug ?? null;
    },

    /** The applications a family member of that name is on (the desk finds a child's order by the child's name). */
    orderIdsWithMemberNamed(text: string) {
      return repository.orderIdsWithMemberNamed(text);
    },

    /**
     * The customer's applications still to pay or to finish, newest first, with their members'
     * names: home's and the dashboard's "Continue your application" (issue 30 §4).
     */
    async openApplicationsOf(userId: number): Promise<OpenApplication[]> {
      const open = await deps.orders.listForUserIn(
        userId,
        'service',
        OPEN_APPLICATION_STATUSES,
        OPEN_APPLICATIONS_SHOWN,
      );
      const names = await repository.memberNamesOf(open.map((order) => order.id));
      // A few rows (OPEN_APPLICATIONS_SHOWN): one timeline read each.
      const timelines = await Promise.all(open.map((order) => deps.orders.timeline(order.id)));
      return open.map((order, i) => ({
        displayId: order.displayId,
        title: order.title,
        // Listed by these statuses only.
        status: order.status as OpenApplication['status'],
        memberNames: names.get(order.id) ?? [],
        sentBack: sentBackToCustomer(timelines[i] ?? []),
      }));
    },

    /**
     * The start page's "Self" row for a returning customer: their date of birth as they gave it
     * on the newest of their own applications that had them as Self, or null. Only this
     * customer's orders are read; the name stays the account's, as for a first application.
     */
    async earlierSelf(customerId: number): Promise<{ dateOfBirth: string } | null> {
      const self = await repository.newestSelfIn(await orders.orderIdsOf(db, customerId, 'service'));
      return self ? { dateOfBirth: self.dateOfBirth } : null;
    },

    /**
     * How many service orders were started with this service, package or price row, read in `on`
     * (the catalog's transaction): the back office archives rather than deletes what orders name
     * (decision 0076), and keeps the price rows they name.
     */
    countOrdersOf(on: Database, ref: CatalogRef): Promise<number> {
      return createApplicationsRepository(on).countOrdersOf(ref);
    },

    /** What each of these service orders was started with: service, package and choices (the back office's queue). */
    async snapshots(
      orderIds: readonly number[],
    ): Promise<Map<number, { serviceName: string; packageId: number; choices: ParameterChoices }>> {
      const rows = await repository.listApplications(orderIds);
      return new Map(
        rows.map((r) => [r.orderId, { serviceName: r.serviceName, packageId: r.packageId, choices: r.choices }]),
      );
    },

    /**
     * Starts an application: prices the package for the choices from the catalog, creates the
     * order (DOC-…, Payment pending) with its price snapshot, form definition and members in one
     * transaction. The same idempotency key again answers the same order (`created: false`).
     */
    async start(
      customer: Applicant,
      input: StartApplication,
    ): Promise<FormResult<{ order: ApplicationOrder; created: boolean }>> {
      const earlier = await orders.findOwned(customer.id, { idempotencyKey: input.idempotencyKey }, 'service');
      if (earlier) return replay(earlier, input);

      const found = await deps.catalog.getPackage(input.packageId);
      if (!found) return formFailure(400, A.packageNotFound, { packageId: A.packageNotFound });
      const { service } = found;
      if (service.brand !== BRANDS.docs) return formFailure(400, A.notAnApplication, { packageId: A.notAnApplication });

      const choices = ownChoices(service.parameters, input.choices);
      const choiceErrors = validateServiceChoices(service.parameters, choices);
      const firstError = Object.entries(choiceErrors)[0];
      if (firstError) {
        const errors = Object.fromEntries(Object.entries(choiceErrors).map(([p, m]) => [`choices.${p}`, m]));
        return formFailure(400, firstError[1], errors);
      }
      const priced = await deps.catalog.getPackagesForChoices(service.id, choices);
      const pkg = priced?.packages.find((p) => p.id === input.packageId);
      if (!pkg)
        return formFailure(400, PACKAGE_CHOICE_MESSAGES.notOffered, { choices: PACKAGE_CHOICE_MESSAGES.notOffered });

      const { price } = pkg;
      const rule = await deps.catalog.applicantRule(pkg.id, price.id);
      for (const [index, member] of input.members.entries()) {
        const refused = applicantRefusal(rule, member, todayIsoDate());
        if (refused) return formFailure(400, refused, { [`members.${index}.dateOfBirth`]: refused });
      }
      const formDefinitionId = await deps.forms.currentDefinitionId(pkg.id);
      const result = await db.transaction(async (tx) => {
        const { order, created } = await orders.createOrder(tx, {
          kind: 'service',
          userId: customer.id,
          email: customer.email,
          title: applicationTitle(service.name, pkg.name),
          // Set from the cost summary once the members are in (a referred friend's first order is discounted).
          totalCents: 0,
          currency: price.currency,
          idempotencyKey: input.idempotencyKey,
        });
        if (!created) return { order, created };
        const applications = createApplicationsRepository(tx);
        await applications.insertApplication({
          orderId: order.id,
          serviceId: service.id,
          serviceSlug: service.slug,
          serviceName: service.name,
          packageId: pkg.id,
          packageSlug: pkg.slug,
          packageName: pkg.name,
          packagePriceId: price.id,
          choices,
          currency: price.currency,
          governmentFeeCents: price.governmentFeeCents,
          mandatoryFees: price.mandatoryFees,
          serviceFeeCents: price.serviceFeeCents,
          compareAtServiceFeeCents: price.compareAtServiceFeeCents,
          isEstimate: price.isEstimate,
          feesPaidOnPortal: price.feesPaidOnPortal,
          formDefinitionId,
        });
        await applications.insertMembers(order.id, input.members.map(memberValues));
        return { order: await updateTotal(tx, order), created };
      });
      // A concurrent request with the same key committed first: answer its order.
      if (!result.created) return replay(result.order, input);
      return { ok: true, value: { order: await view(result.order), created: true } };
    },

    /** The customer's applications, newest first (the order history's service orders). */
    listForUser(customerId: number, pagination: Pagination): Promise<ListData<OrderSummary>> {
      return orders.listForUser(customerId, pagination, 'service');
    },

    /** The order page: order, price snapshot, members with progress, and timeline. */
    async getOrder(customerId: number, ref: OrderRef): Promise<FormResult<ApplicationOrder>> {
      const order = await orders.findOwned(customerId, ref, 'service');
      return order ? { ok: true, value: await view(order) } : orderNotFound();
    },

    async listMembers(customerId: number, ref: OrderRef): Promise<FormResult<Member[]>> {
      const order = await orders.findOwned(customerId, ref, 'service');
      if (!order) return orderNotFound();
      const [form, members] = await Promise.all([formOfOrder(db, order.id), repository.listMembers(order.id)]);
      return { ok: true, value: members.map((m, i) => toMember(m, i, form)) };
    },

    /** One more member, before payment only; at most MAX_MEMBERS; the total follows. */
    addMember(customer: Applicant, ref: OrderRef, member: ValidMember): Promise<FormResult<Member>> {
      return locked(customer, ref, async (tx, order, members) => {
        if (!canChangeMemberList(order.status)) return formFailure(409, M.locked);
        const conflict = memberConflict(members, member);
        if (conflict) return formFailure(400, conflict.message, { [conflict.field]: conflict.message });
        const refused = await applicantRefusalOn(tx, order.id, member);
        if (refused) return formFailure(400, refused, { dateOfBirth: refused });
        const [row] = await createApplicationsRepository(tx).insertMembers(order.id, [memberValues(member)]);
        if (!row) throw new Error('insert into application_members returned no row');
        // The first adult joining an order of children decides where it goes from now on.
        await followMission(tx, order, members);
        await updateTotal(tx, order);
        return { ok: true, value: toMember(row, members.length, await formOfOrder(tx, order.id)) };
      });
    },

    /** Replaces a member's details (kind derived again from the date of birth). */
    updateMember(
      customer: Applicant,
      ref: OrderRef,
      memberId: number,
      member: ValidMember,
    ): Promise<FormResult<Member>> {
      return locked(customer, ref, async (tx, order, members) => {
        const index = members.findIndex((m) => m.id === memberId);
        if (index < 0) return formFailure(404, M.notFound);
        if (!canEditMembers(order.status)) return formFailure(409, M.editLocked);
        const conflict = memberConflict(
          members.filter((m) => m.id !== memberId),
          member,
          members[index],
        );
        if (conflict) return formFailure(400, conflict.message, { [conflict.field]: conflict.message });
        const refused = await applicantRefusalOn(tx, order.id, member);
        if (refused) return formFailure(400, refused, { dateOfBirth: refused });
        const applications = createApplicationsRepository(tx);
        let row = await applications.updateMember(order.id, memberId, memberValues(member));
        if (!row) return formFailure(404, M.notFound);
        const form = await formOfOrder(tx, order.id);
        const before = members[index];
        // A corrected date of birth: the form's, where it still says the old one, follows it (the
        // review would refuse the form for the difference). A form open elsewhere then reloads
        // (its next save is built on older answers: changedElsewhere).
        if (before && before.dateOfBirth !== row.dateOfBirth && row.answers.dateOfBirth === before.dateOfBirth) {
          const answers = { ...row.answers, dateOfBirth: row.dateOfBirth };
          row = (await applications.updateMember(order.id, memberId, { answers, answersSavedAt: now() })) ?? row;
        }
        if (form && before && before.kind !== row.kind) {
          // Another kind asks other steps (a minor's parental consent): a review stands only if the
          // answers are complete for the new kind, and the step stays within the new form.
          row = (await applications.updateMember(order.id, memberId, formAfterKindChange(form, row))) ?? row;
          await deps.completion.sync(tx, order.id);
        }
        // A member's kind says who decides the mission: a child now 18 may, an adult entered as a child no longer does.
        await followMission(tx, order, members);
        return { ok: true, value: toMember(row, index, form) };
      });
    },

    /** Removes a member before payment; the last one stays. Their documents go with them. */
    async removeMember(customer: Applicant, ref: OrderRef, memberId: number): Promise<FormResult<null>> {
      const result = await locked(customer, ref, async (tx, order, members) => {
        if (!members.some((m) => m.id === memberId)) return formFailure(404, M.notFound);
        if (!canChangeMemberList(order.status)) return formFailure(409, M.locked);
        if (members.length <= 1) return formFailure(409, M.lastMember);
        const files = await deps.documents.markMemberDocumentsDeleted(tx, order.id, memberId);
        await createApplicationsRepository(tx).deleteMember(order.id, memberId);
        // Removing the deciding member hands the mission to the next one's address.
        await followMission(tx, order, members);
        await updateTotal(tx, order);
        return { ok: true, value: files };
      });
      if (!result.ok) return result;
      await deps.documents.removeFiles(result.value);
      return { ok: true, value: null };
    },

    /** The customer walks away from an application before paying for it. */
    async cancel(customer: Applicant, ref: OrderRef, remark: string | null): Promise<FormResult<ApplicationOrder>> {
      const order = await orders.findOwned(customer.id, ref, 'service');
      if (!order) return orderNotFound();
      const result = await orders.changeOrderStatus(order.id, 'Cancelled', {
        by: { actor: 'customer', userId: customer.id },
        remark,
      });
      if (!result.ok) return result.reason === 'not-found' ? orderNotFound() : formFailure(409, A.notCancellable);
      return { ok: true, value: await view(result.order) };
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;

/** An application's personal data: the customer's export and erasure (issue 34 §3). */
export {
  type ApplicationsPersonalData,
  createApplicationsPersonalData,
  type ExportedFile,
} from './personal-data.ts';
