import { buffer } from 'node:stream/consumers';
import { canChangeAnswers, type OrderRef } from '../../../domain/applications/application.ts';
import { DOCUMENT_MESSAGES as D } from '../../../domain/applications/documents.ts';
import { MEMBER_FORM_MESSAGES as F } from '../../../domain/applications/member-form.ts';
import { MEMBER_MESSAGES as M } from '../../../domain/applications/members.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import {
  CHECKED_FIELDS,
  type ConfirmedPassport,
  type ConfirmPassport,
  type MrzReading,
  PASSPORT_MESSAGES as P,
} from '../../../domain/passports/mrz-reading.ts';
import { memberPassportDisagreements, passportHolderConflict } from '../../../domain/passports/passport-answers.ts';
import { readMrzLines, readMrzText } from '../../../domain/passports/read-mrz.ts';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../../storage/index.ts';
import { CONTENT_LIMITS, pdfPageImage, type ReencodedImage } from '../../uploads/index.ts';
import type { OrdersService } from '../orders/service.ts';
import { createDocumentsRepository } from './documents-repository.ts';
import type { FormsService } from './forms-service.ts';
import { orderNotFound, withLockedOrder } from './locked-order.ts';
import type { OrderCompletion } from './order-completion.ts';
import { createPassportsRepository, type MemberPassportRow } from './passports-repository.ts';
import { createApplicationsRepository, type MemberRow } from './repository.ts';

type PassportsRepository = ReturnType<typeof createPassportsRepository>;

export interface PassportsServiceDeps {
  orders: Pick<OrdersService, 'findOwned' | 'lockOrder'>;
  forms: Pick<FormsService, 'orderForm'>;
  completion: Pick<OrderCompletion, 'sync'>;
  storage: Pick<FileStorage, 'get'>;
  /** The OCR text of the bottom of a bio page (src/server/ocr); rejects with OcrUnavailableError when it cannot run. */
  readZoneText: (image: Buffer) => Promise<string>;
  now?: () => Date;
}

/** OCR could not run (busy, stuck): the customer may try again shortly. Named, so tests can fake it. */
const isOcrUnavailable = (error: unknown) => (error as { name?: string })?.name === 'OcrUnavailableError';

function toConfirmed(row: MemberPassportRow): ConfirmedPassport {
  return { lines: row.lines, fields: row.fields, confirmedAt: row.confirmedAt.toISOString() };
}

/**
 * Why a reading cannot be the member's passport, or null: its names are another person's, or
 * another member of the order already confirmed it (twins share a date of birth and a surname).
 */
async function anotherPersonsPassport(
  passports: PassportsRepository,
  orderId: number,
  member: Pick<MemberRow, 'id' | 'fullName'>,
  { fields }: ConfirmPassport,
): Promise<string | null> {
  const byName = passportHolderConflict(member.fullName, fields);
  if (byName || !fields.passportNumber) return byName;
  const holder = await passports.holderOfNumber(orderId, fields.passportNumber, member.id);
  return holder ? P.numberOfAnotherMember(holder) : null;
}

/**
 * Reading a member's passport (issue 30 §2; decision 0095): the bio page's machine-readable
 * zone read from a photo, a PDF scan or a copy already uploaded, answered for the customer to
 * confirm; the confirmed reading kept per member, against which the review step checks the
 * answers (member-forms-service.ts). Reads only look: they need the owner, not the order's lock;
 * confirming and removing change what the review checks, so they take the lock.
 */
export function createPassportsService(db: Database, deps: PassportsServiceDeps) {
  const { orders, forms, completion, storage } = deps;
  const now = deps.now ?? (() => new Date());

  /** The customer's order and the member, or the failure to answer. */
  async function ownedMember(customerId: number, ref: OrderRef, memberId: number) {
    const order = await orders.findOwned(customerId, ref, 'service');
    if (!order) return orderNotFound();
    const found = await createApplicationsRepository(db).findMemberWithApplication(order.id, memberId);
    if (!found) return formFailure(404, M.notFound);
    return { ok: true as const, value: { order, ...found } };
  }

  async function readImage(image: Buffer): Promise<FormResult<MrzReading>> {
    let text: string;
    try {
      text = await deps.readZoneText(image);
    } catch (error) {
      if (isOcrUnavailable(error)) return formFailure(503, P.busy);
      throw error;
    }
    const reading = readMrzText(text, todayIsoDate(now()));
    return reading ? { ok: true, value: reading } : formFailure(422, P.unreadable);
  }

  /** A photo, or a PDF's scanned page; null is a PDF without one. */
  function readPage(page: ReencodedImage | null): Promise<FormResult<MrzReading>> {
    return page ? readImage(page.data) : Promise.resolve(formFailure(422, P.pdfNotRead));
  }

  return {
    /** GET …/members/{memberId}/passport: the confirmed reading, or null. */
    async confirmed(
      customerId: number,
      ref: OrderRef,
      memberId: number,
    ): Promise<FormResult<ConfirmedPassport | null>> {
      const owned = await ownedMember(customerId, ref, memberId);
      if (!owned.ok) return owned;
      const row = await createPassportsRepository(db).find(memberId);
      return { ok: true, value: row ? toConfirmed(row) : null };
    },

    /**
     * POST …/members/{memberId}/passport/read: a photo or scan of the bio page, or a PDF scan's
     * page image, received (checked and re-encoded like any upload, never stored) only once the
     * member is known to be the customer's.
     */
    async read(
      customerId: number,
      ref: OrderRef,
      memberId: number,
      receive: () => Promise<ReencodedImage | null>,
    ): Promise<FormResult<MrzReading>> {
      const owned = await ownedMember(customerId, ref, memberId);
      if (!owned.ok) return owned;
      return readPage(await receive());
    },

    /**
     * POST …/members/{memberId}/passport/read/documents/{documentId}: the member's uploaded copy,
     * read in place: an image, or the scanned page of a PDF.
     */
    async readDocument(
      customerId: number,
      ref: OrderRef,
      memberId: number,
      documentId: number,
    ): Promise<FormResult<MrzReading>> {
      const owned = await ownedMember(customerId, ref, memberId);
      if (!owned.ok) return owned;
      const document = await createDocumentsRepository(db).findLive(owned.value.order.id, documentId);
      if (!document?.storageKey || document.memberId !== memberId || document.direction !== 'from-customer') {
        return formFailure(404, D.notFound);
      }
      const file = await storage.get(document.storageKey);
      if (!file) return formFailure(404, D.notFound);
      const bytes = await buffer(file.stream);
      if (document.contentType !== 'application/pdf') return readImage(bytes);
      // A scanned copy: the image of its first page (checked as a PDF when it was uploaded).
      return readPage(await pdfPageImage(bytes, CONTENT_LIMITS));
    },

    /**
     * PUT …/members/{memberId}/passport: keeps the reading the customer confirmed. The lines must
     * pass every check digit and the number and dates must be theirs; the passport must be the
     * member's (anotherPersonsPassport). A reviewed member whose answers now disagree with it
     * loses the review (and the order its completeness).
     */
    confirm(
      customerId: number,
      ref: OrderRef,
      memberId: number,
      input: ConfirmPassport,
    ): Promise<FormResult<ConfirmedPassport>> {
      return withLockedOrder(db, orders, customerId, ref, async (tx, order) => {
        if (!canChangeAnswers(order.status)) return formFailure(409, F.locked);
        const applications = createApplicationsRepository(tx);
        const found = await applications.findMemberWithApplication(order.id, memberId);
        if (!found) return formFailure(404, M.notFound);
        const today = todayIsoDate(now());
        const reading = readMrzLines(input.lines, today);
        if (!reading?.valid) return formFailure(400, P.notConfirmable);
        if (CHECKED_FIELDS.some((field) => input.fields[field] !== reading.fields[field])) {
          return formFailure(400, P.checkedFieldChanged);
        }
        const { member, app } = found;
        const passports = createPassportsRepository(tx);
        const notTheirs = await anotherPersonsPassport(passports, order.id, member, input);
        if (notTheirs) return formFailure(400, notTheirs);
        const row = await passports.save(memberId, input, now());
        const form = member.reviewDetails ? await forms.orderForm(app) : null;
        if (
          form &&
          memberPassportDisagreements(form.definition, member.kind, member.answers, input.fields, today).length
        ) {
          await applications.updateMember(order.id, memberId, { reviewDetails: null });
          await completion.sync(tx, order.id);
        }
        return { ok: true, value: toConfirmed(row) };
      });
    },

    /** DELETE …/members/{memberId}/passport: answers are no longer checked against a passport. */
    remove(customerId: number, ref: OrderRef, memberId: number): Promise<FormResult<null>> {
      return withLockedOrder(db, orders, customerId, ref, async (tx, order) => {
        if (!canChangeAnswers(order.status)) return formFailure(409, F.locked);
        const found = await createApplicationsRepository(tx).findMemberWithApplication(order.id, memberId);
        if (!found) return formFailure(404, M.notFound);
        await createPassportsRepository(tx).remove(memberId);
        return { ok: true, value: null };
      });
    },
  };
}
export type PassportsService = ReturnType<typeof createPassportsService>;
