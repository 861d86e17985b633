import { isDeepStrictEqual } from 'node:util';
import {
  ANSWERS_OPEN,
  canChangeAnswers,
  canRemoveReview,
  type OrderRef,
} from '../../../domain/applications/application.ts';
import { type AccountContact, type EarlierMember, householdPrefill } from '../../../domain/applications/household.ts';
import {
  birthDateConflict,
  MEMBER_FORM_MESSAGES as F,
  type MemberForm,
  reopenedForm,
  type SaveMemberForm,
} from '../../../domain/applications/member-form.ts';
import { MEMBER_MESSAGES as M } from '../../../domain/applications/members.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { type AnswersOptions, answerErrors, buildAnswersSchema, checkAnswers } from '../../../domain/forms/answers.ts';
import type { FormDefinition } from '../../../domain/forms/definition.ts';
import { definitionForMember } from '../../../domain/forms/member-texts.ts';
import { memberSteps } from '../../../domain/forms/visibility.ts';
import { ADDRESS_KEYS, addressCountryConflict, decidingMember } from '../../../domain/jurisdiction/address-answers.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import { PASSPORT_MESSAGES as P } from '../../../domain/passports/mrz-reading.ts';
import {
  disagreementErrors,
  memberPassportDisagreements,
  passportHolderConflict,
} from '../../../domain/passports/passport-answers.ts';
import type { Database } from '../../db/client.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import type { FormsService, StoredForm } from './forms-service.ts';
import { orderNotFound, withLockedOrder } from './locked-order.ts';
import type { OrderCompletion } from './order-completion.ts';
import {
  memberAddressConflict,
  type ResolveMission,
  refreshOrderMission,
  withdrawReviewsAway,
} from './order-mission.ts';
import { createPassportsRepository, type MemberPassportRow } from './passports-repository.ts';
import { createApplicationsRepository, type MemberFormValues, type MemberRow } from './repository.ts';

export interface MemberFormsServiceDeps {
  orders: Pick<OrdersService, 'findOwned' | 'lockOrder' | 'orderIdsOf' | 'findByIds' | 'siteUrlOf'>;
  forms: Pick<FormsService, 'orderForm'>;
  completion: Pick<OrderCompletion, 'sync'>;
  /**
   * Where an address sends the file (the jurisdiction table), read on `on`; the order's mission is
   * stored on save when given.
   */
  resolveMissionIn?: (on: Database) => ResolveMission;
  /** The account holder's e-mail and phone, which their own and their children's forms start with. */
  accountContact?: (customerId: number) => Promise<AccountContact | null>;
  /** A mission moved by a save that withdraws the posting address we sent is e-mailed, with the move. */
  mail: Pick<MailOutbox, 'enqueue'>;
  companyName: string;
  now?: () => Date;
}

/** How many of the customer's other orders, newest first, a form opening reads earlier answers from. */
const EARLIER_ORDERS_READ = 20;

/** The steps of a member's form (their kind's); the review step is one past them. */
export function memberStepCount(definition: FormDefinition, member: Pick<MemberRow, 'kind'>): number {
  return memberSteps(definition, member.kind).length;
}

/** Whether answers pass the complete check (every required answer of the member's steps, all valid). */
export function answersComplete(definition: FormDefinition, answers: unknown, options: Omit<AnswersOptions, 'mode'>) {
  return Object.keys(checkAnswers(definition, answers, { ...options, mode: 'complete' }).errors).length === 0;
}

function toMemberForm(row: MemberRow, status: string): MemberForm {
  return {
    memberId: row.id,
    currentStep: row.currentStep,
    answers: row.answers,
    reviewDetails: row.reviewDetails,
    canEdit: canChangeAnswers(status),
    canRemoveReview: row.reviewDetails !== null && canRemoveReview(status),
    savedAt: row.updatedAt.toISOString(),
    answersSavedAt: row.answersSavedAt?.toISOString() ?? null,
  };
}

interface MemberContext {
  order: Order;
  member: MemberRow;
  form: StoredForm;
  /** The passport the customer read and confirmed for the member (issue 30 §2), if any. */
  passport: MemberPassportRow | null;
  /** The country the order is applied from (its package's choice), when it has one. */
  applyingFrom: string | null;
}

/**
 * Each member's application form (issue 10 points 3 and 6; docs/decisions/0051): the order's form
 * definition, a member's answers and step, autosave, the review step and removing a review. Every
 * call reads the order through `findOwned` (another customer's order or member is a 404 like an
 * unknown one); every write locks the order, so saves, reviews, document changes and payment take
 * turns, and ends with the order's status brought in line with its forms and documents.
 */
export function createMemberFormsService(db: Database, deps: MemberFormsServiceDeps) {
  const { orders, forms, completion } = deps;
  const now = deps.now ?? (() => new Date());
  const withdrawal = { mail: deps.mail, orders, companyName: deps.companyName };

  /** The member and the order's form, or the failure to answer (no such member, no form). */
  async function contextOf(on: Database, order: Order, memberId: number): Promise<FormResult<MemberContext>> {
    const found = await createApplicationsRepository(on).findMemberWithApplication(order.id, memberId);
    if (!found) return formFailure(404, M.notFound);
    const stored = await forms.orderForm(found.app);
    if (!stored) return formFailure(409, F.noForm);
    const passport = await createPassportsRepository(on).find(memberId);
    // The member's wording: a minor's messages name the child, as the form does.
    const form = { ...stored, definition: definitionForMember(stored.definition, found.member) };
    const applyingFrom = found.app.choices.applyingFrom ?? null;
    return { ok: true, value: { order, member: found.member, form, passport, applyingFrom } };
  }

  /** A change to one member's form, with the order locked; `write` answers the row's new values, or a failure. */
  function change(
    customerId: number,
    ref: OrderRef,
    memberId: number,
    write: (context: MemberContext) => FormResult<MemberFormValues | null>,
  ): Promise<FormResult<MemberForm>> {
    return withLockedOrder(db, orders, customerId, ref, async (tx, order) => {
      const context = await contextOf(tx, order, memberId);
      if (!context.ok) return context;
      const { member } = context.value;
      const values = write(context.value);
      if (!values.ok) return values;
      // Nothing to change (a review removed twice): the form as it is.
      if (values.value === null) return { ok: true, value: toMemberForm(member, order.status) };
      const row = await createApplicationsRepository(tx).updateMember(order.id, member.id, values.value);
      if (!row) throw new Error(`member ${member.id} vanished under the order's lock`);
      // A review stored or removed can complete the order or open it again, and so can a reviewed
      // member's changed answers: what their checklist asks for follows them (an eligibility answered
      // otherwise). A save of the same answers (a step change) moves nothing: an application staff
      // sent back stays with the customer until they change something.
      const reviewChanged = (member.reviewDetails === null) !== (row.reviewDetails === null);
      const answersChanged = row.reviewDetails !== null && !isDeepStrictEqual(member.answers, row.answers);
      const moved = reviewChanged || answersChanged ? await completion.sync(tx, order.id) : null;
      return { ok: true, value: toMemberForm(row, moved ?? order.status) };
    });
  }

  /**
   * After a save of the member's answers, with the order locked (it is found for its customer by
   * the caller): the mission follows the deciding member's address, so a posting address our team
   * confirms meanwhile waits for the move, and the e-mail withdrawing one is queued with it.
   * Answers whether the mission moved.
   */
  async function refreshMission(
    resolveIn: (on: Database) => ResolveMission,
    orderId: number,
    memberId: number,
  ): Promise<boolean> {
    // Only the deciding member's address moves the mission: another member's autosave takes no lock
    // (refreshOrderMission reads the decider again under it).
    const decider = decidingMember(await createApplicationsRepository(db).listMembers(orderId));
    if (decider?.id !== memberId) return false;
    return db.transaction(async (tx) => {
      const order = await orders.lockOrder(tx, orderId);
      if (!order) return false;
      return refreshOrderMission(tx, { resolve: resolveIn(tx), withdrawal }, order, memberId, now());
    });
  }

  /**
   * After the order's mission moved: members reviewed for where it went before cannot go where it
   * goes now, and go back to their form (the order was found for its customer by the caller; it is
   * locked here by its id).
   */
  async function reopenMembersAway(
    resolveIn: (on: Database) => ResolveMission,
    orderId: number,
    missionMoved: boolean,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const order = await orders.lockOrder(tx, orderId);
      if (!order || !canRemoveReview(order.status)) return;
      const app = await createApplicationsRepository(tx).findApplication(orderId);
      const form = app ? await forms.orderForm(app) : null;
      if (form) await withdrawReviewsAway(tx, { resolve: resolveIn(tx), completion }, orderId, form.definition, now());
      // Nobody away, but the mission moved: what the checklist asks for (proof of address) follows
      // it. Not moved: nothing changed here (a sent-back order stays with the customer).
      if (missionMoved) await completion.sync(tx, orderId);
    });
  }

  const answerOptions = (member: MemberRow) => ({ memberKind: member.kind, today: todayIsoDate(now()) });

  /** Where `answers` disagree with the member's confirmed passport (none without one). */
  const passportDisagreements = ({ member, form, passport }: MemberContext, answers: Record<string, unknown>) =>
    passport
      ? memberPassportDisagreements(form.definition, member.kind, answers, passport.fields, todayIsoDate(now()))
      : [];

  /** What an autosave writes (answers, step, and the review kept or dropped), or why it is refused. */
  function saveValues(
    context: MemberContext,
    input: SaveMemberForm,
  ): FormResult<Pick<MemberRow, 'answers' | 'currentStep' | 'reviewDetails' | 'answersSavedAt'> | null> {
    const { order, member, form } = context;
    const options = answerOptions(member);
    const schema = buildAnswersSchema(form.definition, { ...options, mode: 'partial' });
    if (!canChangeAnswers(order.status)) {
      // The autosave that follows an upload through the form: the upload already stored its
      // answer, and completed the order (docs/decisions/0103-issue-30-gaps.md). Saving the answers
      // as they are changes nothing; any change is refused.
      const same = schema.safeParse(input.answers);
      return same.success && isDeepStrictEqual(same.data, member.answers)
        ? { ok: true, value: null }
        : formFailure(409, F.locked);
    }
    if (input.basedOn !== undefined && input.basedOn !== (member.answersSavedAt?.toISOString() ?? null)) {
      return formFailure(409, F.changedElsewhere);
    }
    if (input.currentStep > memberStepCount(form.definition, member) + 1) {
      return formFailure(400, F.stepInvalid, { currentStep: F.stepInvalid });
    }
    const parsed = schema.safeParse(input.answers);
    if (!parsed.success) return formFailure(400, F.invalidAnswers, answerErrors(parsed.error));
    // A review holds while the answers pass what the review checked: complete, agreeing with the
    // member's passport, with the member's own date of birth and with the country the order was
    // priced for (their address's mission: `save`, after the lock).
    const keepsReview =
      member.reviewDetails !== null &&
      answersComplete(form.definition, parsed.data, options) &&
      addressCountryConflict(parsed.data, context.applyingFrom) === null &&
      passportDisagreements(context, parsed.data).length === 0 &&
      birthDateConflict(member, parsed.data) === null;
    return {
      ok: true,
      value: {
        answers: parsed.data,
        currentStep: input.currentStep,
        answersSavedAt: now(),
        reviewDetails: keepsReview ? member.reviewDetails : null,
      },
    };
  }

  /**
   * Autosave's common case without the order's lock (docs/decisions/0051): the answers are checked
   * against the member as read, then written in one statement that holds only while the member's
   * kind and review and the order's open status are still as read. Null sends the save down the
   * locked path: a review stored or dropped (the order's status may follow), or anything changed
   * in between, or a status that refuses it (the locked path answers why).
   */
  async function saveUnlocked(
    customerId: number,
    ref: OrderRef,
    memberId: number,
    input: SaveMemberForm,
  ): Promise<FormResult<MemberForm> | null> {
    const order = await orders.findOwned(customerId, ref, 'service');
    if (!order) return orderNotFound();
    if (!canChangeAnswers(order.status)) return null;
    const context = await contextOf(db, order, memberId);
    if (!context.ok) return context;
    const values = saveValues(context.value, input);
    if (!values.ok) return values;
    const { member } = context.value;
    // Unchanged answers of a locked order: never here (it returned above), but the locked path answers them.
    if (values.value === null) return null;
    // A reviewed member's save may complete the order (the locked path syncs its status).
    if (member.reviewDetails !== null || values.value.reviewDetails !== null) return null;
    const row = await createApplicationsRepository(db).updateAnswersIfUnchanged(
      order.id,
      member,
      {
        answers: values.value.answers,
        currentStep: values.value.currentStep,
        answersSavedAt: values.value.answersSavedAt,
      },
      ANSWERS_OPEN,
    );
    return row ? { ok: true, value: toMemberForm(row, order.status) } : null;
  }

  /**
   * The members of the customer's other recent service orders, reviewed answers first, then the
   * newest order's (householdPrefill takes the first of each person).
   */
  async function earlierMembers(customerId: number, exceptOrderId: number): Promise<EarlierMember[]> {
    // Service orders only: photo orders have no members, and would crowd earlier applications out of the window.
    const ids = (await orders.orderIdsOf(db, customerId, 'service'))
      .filter((id) => id !== exceptOrderId)
      .sort((a, b) => b - a)
      .slice(0, EARLIER_ORDERS_READ);
    if (ids.length === 0) return [];
    const [rows, found] = await Promise.all([
      createApplicationsRepository(db).listMembersIn(ids),
      orders.findByIds(ids),
    ]);
    const displayIds = new Map(found.map((o) => [o.id, o.displayId]));
    const reviewedFirst = (m: MemberRow) => (m.reviewDetails === null ? 1 : 0);
    return rows
      .filter((m) => Object.keys(m.answers).length > 0)
      .sort((a, b) => reviewedFirst(a) - reviewedFirst(b) || b.orderId - a.orderId)
      .map((m) => ({ ...m, orderDisplayId: displayIds.get(m.orderId) ?? '' }));
  }

  return {
    /** GET …/form: the definition version the order started with, or null for a package without a form. */
    async orderForm(customerId: number, ref: OrderRef): Promise<FormResult<{ definition: FormDefinition | null }>> {
      const order = await orders.findOwned(customerId, ref, 'service');
      if (!order) return orderNotFound();
      const app = await createApplicationsRepository(db).findApplication(order.id);
      if (!app) throw new Error(`service order ${order.displayId} has no application row`);
      const form = await forms.orderForm(app);
      return { ok: true, value: { definition: form?.definition ?? null } };
    },

    /** GET …/members/{memberId}/form: the member's answers, step and review, and what the household offers it. */
    async memberForm(customerId: number, ref: OrderRef, memberId: number): Promise<FormResult<MemberForm>> {
      const order = await orders.findOwned(customerId, ref, 'service');
      if (!order) return orderNotFound();
      const context = await contextOf(db, order, memberId);
      if (!context.ok) return context;
      const { member, form, applyingFrom } = context.value;
      const value = toMemberForm(member, order.status);
      if (!value.canEdit) return { ok: true, value };
      // Read on every opening, so a member opened after another starts with what that one just gave.
      const [everyone, account, earlier] = await Promise.all([
        createApplicationsRepository(db).listMembers(order.id),
        deps.accountContact?.(customerId) ?? null,
        earlierMembers(customerId, order.id),
      ]);
      const today = todayIsoDate(now());
      return {
        ok: true,
        value: {
          ...value,
          household: householdPrefill(form.definition, member, everyone, account, today, applyingFrom, earlier),
        },
      };
    },

    /**
     * PUT …/members/{memberId}/form (autosave): the member's whole answer set and step, replacing
     * what was stored. Checked with the definition's partial schema: one malformed answer is a 400
     * with field messages and nothing is written; hidden and unknown answers are dropped. A review
     * stays while the answers are still complete, and goes when they are not.
     */
    async save(
      customerId: number,
      ref: OrderRef,
      memberId: number,
      input: SaveMemberForm,
    ): Promise<FormResult<MemberForm>> {
      const saved =
        (await saveUnlocked(customerId, ref, memberId, input)) ??
        (await change(customerId, ref, memberId, (context) => saveValues(context, input)));
      // After the save, which the common case makes without the order's lock (saveUnlocked): the
      // mission follows in a locked transaction of its own.
      const resolveIn = deps.resolveMissionIn;
      if (saved.ok && saved.value.canEdit && resolveIn) {
        const order = await orders.findOwned(customerId, ref, 'service');
        const moved = order ? await refreshMission(resolveIn, order.id, memberId) : false;
        // A reviewed member's own address must still be the order's mission's, as their review
        // checked: one moved away goes back to their form (and the answer says so).
        if (order && (moved || saved.value.reviewDetails !== null)) {
          await reopenMembersAway(resolveIn, order.id, moved);
          const fresh = await contextOf(db, order, memberId);
          if (fresh.ok) {
            const current = await orders.findOwned(customerId, ref, 'service');
            return { ok: true, value: toMemberForm(fresh.value.member, current?.status ?? order.status) };
          }
        }
      }
      return saved;
    },

    /**
     * POST …/members/{memberId}/form/review: the stored answers must pass the complete schema and agree
     * with the member’s confirmed passport, if one was read (issue 30 §2); then
     * the review details are stored and the member is on the review step.
     */
    async review(customerId: number, ref: OrderRef, memberId: number): Promise<FormResult<MemberForm>> {
      // A member whose own address another mission serves cannot go with this order (read before
      // the order's lock: the look-up reads the jurisdiction table).
      const order = deps.resolveMissionIn ? await orders.findOwned(customerId, ref, 'service') : null;
      const away =
        order && deps.resolveMissionIn
          ? await memberAddressConflict(db, deps.resolveMissionIn(db), order.id, memberId, now())
          : null;
      if (away) return formFailure(400, away.message, { [away.field]: away.message });
      return change(customerId, ref, memberId, (context) => {
        const { order, member, form } = context;
        if (!canChangeAnswers(order.status)) return formFailure(409, F.locked);
        // First: an address in the other country than the order was priced for needs another order, not more answers.
        const otherCountry = addressCountryConflict(member.answers, context.applyingFrom);
        if (otherCountry) return formFailure(400, otherCountry, { [ADDRESS_KEYS.country]: otherCountry });
        const parsed = buildAnswersSchema(form.definition, { ...answerOptions(member), mode: 'complete' }).safeParse(
          member.answers,
        );
        if (!parsed.success) return formFailure(400, F.incomplete, answerErrors(parsed.error));
        // A passport in another person's name is not the member's: one confirmed before confirming
        // checked names (a twin's), or a member renamed since on the order page.
        const holder = context.passport && passportHolderConflict(member.fullName, context.passport.fields);
        if (holder) return formFailure(400, holder);
        // Typed answers that disagree with the passport read for the member: the customer fixes one or the other.
        const disagreements = passportDisagreements(context, member.answers);
        if (disagreements.length) return formFailure(400, P.mismatch, disagreementErrors(disagreements));
        // The member's date of birth sets their kind, the package's age rule and the print pack's
        // cover: a form that says otherwise is not reviewed (autosave keeps it, to be corrected).
        const birthDate = birthDateConflict(member, member.answers);
        if (birthDate) return formFailure(400, F.incomplete, birthDate);
        return {
          ok: true,
          value: {
            currentStep: memberStepCount(form.definition, member) + 1,
            reviewDetails: { reviewedAt: now().toISOString(), definitionVersion: form.version },
          },
        };
      });
    },

    /**
     * DELETE …/members/{memberId}/form/review (SPEC.md §4): the form is open again, on its last step.
     * In `Order pending` this moves the order back to `Forms incomplete`.
     */
    removeReview(customerId: number, ref: OrderRef, memberId: number): Promise<FormResult<MemberForm>> {
      return change(customerId, ref, memberId, ({ order, member, form }) => {
        if (!canRemoveReview(order.status)) return formFailure(409, F.locked);
        if (member.reviewDetails === null) return { ok: true, value: null };
        return { ok: true, value: reopenedForm(member, memberStepCount(form.definition, member)) };
      });
    },
  };
}
export type MemberFormsService = ReturnType<typeof createMemberFormsService>;
