import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { z } from 'zod';
import {
  addOrderNoteSchema,
  changeOrderStatusSchema,
  type DeskOrder,
  messageCustomerSchema,
  NOTE_MAX_LENGTH,
  ORDER_DESK_MESSAGES,
  requestDocumentSchema,
} from '../../../domain/admin/orders.ts';
import { pagesNote } from '../../../domain/applications/document-pages.ts';
import {
  type ChecklistItemStatus,
  type DocumentView,
  itemRequest,
  itemStillNeeded,
} from '../../../domain/applications/documents.ts';
import { carriesOutsideFees, FEES_PAID_LIMITS, feesPaidSchema } from '../../../domain/applications/fees-paid.ts';
import type { MemberKind } from '../../../domain/applications/member-kinds.ts';
import { MEMBER_FORM_DONE, stepOfSteps } from '../../../domain/applications/members.ts';
import {
  OTHER_DOCUMENT_LABEL,
  OTHER_DOCUMENT_MESSAGES,
  otherDocumentLabelSchema,
} from '../../../domain/applications/other-documents.ts';
import { PHOTOS_TO_REDO_TEXT, type PhotoToRedo } from '../../../domain/applications/photos-to-redo.ts';
import {
  missionPostingLines,
  postingAddressLines,
  postingAddressOpen,
  postingAddressSchema,
} from '../../../domain/applications/posting-address.ts';
import { canUsePrintPack, printPackHref } from '../../../domain/applications/print-pack.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { choiceLines } from '../../../domain/catalog/parameter-labels.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { telHref } from '../../../domain/config/navigation.ts';
import { isErasedCustomerOrder } from '../../../domain/data-rights/schemas.ts';
import { missionLine } from '../../../domain/jurisdiction/jurisdiction.ts';
import { codeWords, conflictSentence, PROOF_OF_ADDRESS_ITEM } from '../../../domain/jurisdiction/proof-of-address.ts';
import {
  remarkRequired,
  STATUS_MESSAGES,
  STATUS_REMARK_MAX_LENGTH,
  toOrderStatus,
} from '../../../domain/orders/status.ts';
import { type ComplianceReport, PHOTO_RULE_LABELS } from '../../../domain/photos/compliance.ts';
import { FAILED_RULE_CHOICE_LABELS } from '../../../domain/photos/failed-rules.ts';
import { PHOTO_SERVICE_TYPE_LABELS } from '../../../domain/photos/orders.ts';
import { PICKUP_READY_TEXT, recordPickupReadySchema } from '../../../domain/photos/pickup-ready.ts';
import { PHOTO_OPTION_LABELS, PHOTO_PLAN_LABELS } from '../../../domain/photos/pricing.ts';
import { SECOND_LOOK_MESSAGES } from '../../../domain/photos/second-look.ts';
import {
  CARRIERS,
  HANDOVER_STATUSES,
  MAILING_TEXT,
  mayHandOver,
  printsOutDeskLine,
  recordShipmentSchema,
  SHIPMENT_TEXT,
  sheetsToMail,
  trackingUrl,
} from '../../../domain/photos/shipment.ts';
import { photoVerdict } from '../../../domain/photos/verdict.ts';
import { CANCELLATION_REFUND } from '../../../domain/refunds/cancellation.ts';
import { acceptAttribute, DOCUMENT_UPLOAD, formatFileSize } from '../../../domain/uploads/file-types.ts';
import { type PortalPdfLimits, portalPdfLimitsOf } from '../../../domain/uploads/portal-pdf.ts';
import { ADDRESS_TYPE_LABELS } from '../../../domain/users/address.ts';
import { JurisdictionSource } from '../../components/jurisdiction-answer.tsx';
import { HeadedList } from '../../components/ui/headed-list.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { api, envelopeOf, errorMessage, uploadFile } from '../../lib/api-client.ts';
import { showToast, toastError } from '../../lib/toast.ts';
import { DeskRefundForm } from './desk-refund-form.tsx';
import { DocumentRequests } from './order-desk-requests.tsx';
import { formatUtc } from './order-format.ts';
import { isPaid, PaidLines, PaymentsLedger } from './order-payments.tsx';
import { ExpediteBadge, SlaBadge } from './orders-page.tsx';
import { PortalPdfLink } from './portal-pdf-link.tsx';
import { changedUnderStaff } from './use-admin-action.tsx';

/** How the route renders one member's answers (the customer's own summary, from the application feature). */
export type RenderAnswers = (member: {
  definition: unknown;
  memberKind: MemberKind;
  memberName: string;
  answers: Record<string, unknown>;
}) => ReactNode;

/** "Order pending, In review, Submitted, Approved or Completed": from the rule itself, so the note cannot drift from it. */
const HAND_OVER_STATUS_WORDS = new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(HANDOVER_STATUSES);

const DESK_TEXT = {
  photosToCheck: 'Photos and signatures to look at before the file goes:',
  /** The status picker's first line: nothing is chosen until staff choose. */
  chooseStatus: 'Choose the new status',
  /** No saved address of the deciding member resolves yet (issue 32 §1). */
  noMission: 'Not known yet: the applicant’s saved address does not tell which mission serves it.',
  /** An e-Visa: the portal, not a mission, takes it (walk I read "Not known yet" beside a Toronto address). */
  noMissionOnline: 'None: it is filed online, on the government portal, not through a mission.',
  proofCode: (code: string, mission: string) => `${code} on the proof, as the customer read it: ${mission}.`,
  noProofCode: 'The customer has not given the postal code printed on it.',
  /** A photo, signature or thumb impression of an application, stored fitted: the check the customer saw. */
  fittedCheck: (words: string) => `SevaPhotos' check: ${words}`,
  missionMismatch: 'Mission mismatch, holding the order in Forms incomplete:',
  noAddOns: 'None',
  addOnFor: (addon: string, names: string) => `${addon} for ${names}`,
  addOnWholeOrder: (addon: string) => `${addon} (the whole order)`,
  memberAddOns: (addons: string) => `Bought for this applicant: ${addons}.`,
  toActions: 'Go to the actions: status, document requests, messages and notes',
  /** The timeline sits below every member's answers: its latest entry is read at the top. */
  lastChange: (status: string, at: string, by: string) => `Last change: ${status}, ${at} by ${by}.`,
  toTimeline: 'Whole timeline',
  remarkLabel: 'Remark for the customer (notification and e-mail)',
  remarkRequiredLabel: 'What the customer should change (required: their notification and e-mail say it)',
  postingNotYet:
    'The posting address is confirmed once the order is paid, until it is Submitted (not once it is decided, completed, cancelled or refunded: the file has gone, or never will).',
  postingUnconfirmed:
    'Not confirmed yet: the customer’s order page and print pack tell them to wait for it. Confirm it before Submitted, which tells them their order page says where the file goes. Saving e-mails it to them.',
  postingConfirmed: (at: string, by: string) =>
    `Confirmed ${at} by ${by} and e-mailed to the customer. A change is e-mailed to them as a correction.`,
  postingSent: (at: string, by: string) =>
    `Confirmed ${at} by ${by} and e-mailed to the customer; no longer changed once the order is past Submitted:`,
  postingLabel: 'Address, one envelope line per line: the centre or mission, then the street, city and code',
  feesNotYet:
    'The fees paid at the centre are recorded once the order is paid (and not once it is cancelled or refunded).',
  /** `fees` as this order's price names them (carriedFees): a power of attorney's carry no ICWF. */
  feesUnrecorded: (fees: string) =>
    `Not recorded yet: record the centre’s reference once our team has paid the fees this order’s price carries (${fees}). Submitted waits for it: the refund policy keeps those fees from then on. The customer is not e-mailed.`,
  feesRecorded: (at: string, by: string, reference: string) =>
    `Recorded ${at} by ${by}: reference ${reference}. The refund policy keeps these fees once the order is submitted.`,
  feesLabel: 'The centre’s reference for the payment (a VFS Global or BLS International reference number)',
  /** Under a document outside the checklist's name (decision 0186). */
  otherDocumentHint:
    'As the customer should read it, e.g. Marriage certificate. Their checklist lists it for this member, required.',
  /** What a photo order's hand-over form records, by how its prints go out: the notes once it is gone name it. */
  handOverRecord: { home: 'the shipment', pickup: 'the studio’s order number' },
  handOverClosed: (status: string, record: string) =>
    `The order is ${status}: ${record} is recorded only while it is ${HAND_OVER_STATUS_WORDS}.`,
  /** Said only beside a refusal: the prints go out the other way now, and that form is the one offered. */
  handOverMoved: (record: string) => `The order’s delivery changed: ${record} is no longer recorded.`,
} as const;

const PANEL = 'rounded-xl border border-slate-200 bg-white p-4';
const H2 = 'text-lg font-bold text-slate-900';
const CONTROL = 'w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';
const FIELD_LABEL = 'flex flex-col gap-1 text-sm font-medium text-slate-800';
const BUTTON =
  'rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={PANEL}>
      <h2 id={id} className={H2}>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The order's path parameter of the desk's calls. */
const byRef = (order: DeskOrder) => ({ params: { path: { ref: order.displayId } } });

/**
 * A form that posts to the API and reloads the page's data when it is done, or when the server
 * refused it because the order changed under staff (409, `changedUnderStaff`: another member of
 * staff moved it, the customer uploaded), so they try again against the order as it is now. The
 * message stays, and the forms are not remounted by the reload: what staff typed stays too.
 */
function useAction() {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<string>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      showToast(await action());
      await revalidate();
      return true;
    } catch (failure) {
      const message = errorMessage(failure, 'That did not work. Please try again.');
      setError(message);
      toastError(message);
      if (changedUnderStaff(failure)) await revalidate();
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}

function FormError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/**
 * A form not offered for the order's status: why, and the refusal still said when a 409 reloaded
 * the order past it (`useAction`).
 */
function FormClosed({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <>
      <p className="text-sm text-slate-600">{children}</p>
      <FormError message={error} />
    </>
  );
}

function StatusForm({ order }: { order: DeskOrder }) {
  const { busy, error, setError, run } = useAction();
  // Nothing chosen to begin with: a click on "Change status" with a remark only must not submit an
  // application (not undone, and its fees are spent) nor send one back. A choice holds for the status
  // it was made at: once the order moved (saved, or reloaded after another change), nothing is chosen
  // again, while the remark typed stays (the form is not remounted).
  const [choice, setChoice] = useState<{ status: (typeof order.nextStatuses)[number]; at: string } | null>(null);
  const chosen = choice?.at === order.status ? choice.status : undefined;
  const setChosen = (status: typeof chosen) => setChoice(status ? { status, at: order.status } : null);
  if (order.nextStatuses.length === 0) {
    return <FormClosed error={error}>{order.status} is final: no further status change.</FormClosed>;
  }
  const remarkNeeded = chosen !== undefined && remarkRequired(chosen, 'staff');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const parsed = changeOrderStatusSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    if (!parsed.data.remark && remarkRequired(parsed.data.status, 'staff')) {
      return setError(STATUS_MESSAGES.sendBackNeedsRemark);
    }
    const done = await run(
      async () =>
        (
          await envelopeOf(
            api.POST('/api/v1/admin/orders/{ref}/status', {
              ...byRef(order),
              // The parsed empty remark is null, which the route's body refuses: it is left out instead.
              // The status on screen: if another member of staff moved the order meanwhile, the server says so.
              body: {
                status: parsed.data.status,
                remark: parsed.data.remark ?? undefined,
                fromStatus: toOrderStatus(order.status) ?? undefined,
              },
            }),
          )
        ).message,
    );
    if (done) {
      form.reset();
      setChosen(undefined);
    }
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Change status">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        New status
        <select
          name="status"
          className={CONTROL}
          value={chosen ?? ''}
          required
          onChange={(event) => setChosen((event.currentTarget.value || undefined) as typeof chosen)}
          aria-describedby={chosen === 'Cancelled' && isPaid(order) ? 'desk-cancel-refund' : undefined}
        >
          <option value="" disabled>
            {DESK_TEXT.chooseStatus}
          </option>
          {order.nextStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      {chosen === 'Cancelled' && isPaid(order) ? (
        <p id="desk-cancel-refund" className="text-sm text-amber-800">
          {CANCELLATION_REFUND.deskNote}
        </p>
      ) : null}
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {remarkNeeded ? DESK_TEXT.remarkRequiredLabel : DESK_TEXT.remarkLabel}
        <textarea
          name="remark"
          rows={3}
          maxLength={STATUS_REMARK_MAX_LENGTH}
          required={remarkNeeded}
          className={CONTROL}
        />
      </label>
      <FormError message={error} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {busy ? 'Changing…' : 'Change status'}
      </button>
    </form>
  );
}

/** The form for a note on the order: an internal one, or a message sent to the customer. */
function NoteForm({ order, toCustomer }: { order: DeskOrder; toCustomer: boolean }) {
  const { busy, error, setError, run } = useAction();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const schema = toCustomer ? messageCustomerSchema : addOrderNoteSchema;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the text');
    const call = toCustomer
      ? api.POST('/api/v1/admin/orders/{ref}/messages', { ...byRef(order), body: parsed.data })
      : api.POST('/api/v1/admin/orders/{ref}/notes', { ...byRef(order), body: parsed.data });
    const done = await run(async () => (await envelopeOf(call)).message);
    if (done) form.reset();
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2"
      aria-label={toCustomer ? 'Message the customer' : 'Add an internal note'}
    >
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {toCustomer ? 'Message (the customer reads it)' : 'New note (staff only)'}
        <textarea name="body" rows={3} maxLength={NOTE_MAX_LENGTH} className={CONTROL} />
      </label>
      {toCustomer ? (
        <p className="text-xs text-slate-600">
          Sent by e-mail and to their notifications, and kept on their order page; the order’s status stays as it is.
        </p>
      ) : null}
      <FormError message={error} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {busy ? (toCustomer ? 'Sending…' : 'Saving…') : toCustomer ? 'Send message' : 'Add note'}
      </button>
    </form>
  );
}

function SendDocumentForm({ order }: { order: DeskOrder }) {
  const { busy, error, setError, run } = useAction();
  const members = order.service?.order.members ?? [];
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return setError('Choose a file first');
    const memberId = String(data.get('memberId') ?? '');
    const url = `/admin/orders/${order.displayId}/documents${memberId ? `?memberId=${memberId}` : ''}`;
    const done = await run(async () => {
      await uploadFile(url, file);
      return 'Document sent to the customer';
    });
    if (done) form.reset();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Send a document to the customer">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        File (JPEG, PNG, HEIC or PDF, up to {formatFileSize(DOCUMENT_UPLOAD.maxBytes)})
        <input type="file" name="file" accept={acceptAttribute(DOCUMENT_UPLOAD.types)} className="text-sm" />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        For
        <select name="memberId" className={CONTROL} defaultValue="">
          <option value="">The whole order</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.fullName}
            </option>
          ))}
        </select>
      </label>
      <FormError message={error} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {busy ? 'Sending…' : 'Send to the customer'}
      </button>
    </form>
  );
}

/**
 * The document select's value for a document outside the checklist: not an item id (those are
 * kebab-case), so no checklist item can be taken for it.
 */
const ANOTHER_DOCUMENT = '+another';

/**
 * Asks the customer for a member's checklist item again, or for a document outside the checklist
 * named here (decision 0186); their checklist shows the note.
 */
function RequestDocumentForm({ order }: { order: DeskOrder }) {
  const { busy, error, setError, run } = useAction();
  const members = order.service?.checklist.members ?? [];
  const [memberId, setMemberId] = useState(members[0]?.memberId ?? 0);
  const items = members.find((m) => m.memberId === memberId)?.items ?? [];
  // Chosen by staff; until then (and once the member changes) the member's first item.
  const [chosen, setChosen] = useState<string | null>(null);
  const choice =
    chosen !== null && (chosen === ANOTHER_DOCUMENT || items.some((i) => i.id === chosen))
      ? chosen
      : (items[0]?.id ?? ANOTHER_DOCUMENT);
  const [labelError, setLabelError] = useState<string | null>(null);
  const labelField = useRef<HTMLInputElement>(null);
  if (order.status !== 'In review' && order.status !== 'Forms incomplete') {
    return (
      <FormClosed error={error}>
        Documents can be requested while the order is In review (it goes back to the customer) or Forms incomplete.
      </FormClosed>
    );
  }
  const another = choice === ANOTHER_DOCUMENT;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    let document: { itemId: string } | { otherDocument: { label: string } } = { itemId: choice };
    if (another) {
      const label = otherDocumentLabelSchema.safeParse(data.get('otherLabel') ?? '');
      if (!label.success) {
        setLabelError(label.error.issues[0]?.message ?? OTHER_DOCUMENT_MESSAGES.labelRequired);
        // The field that needs fixing takes focus, so its message is read out with it.
        labelField.current?.focus();
        return;
      }
      document = { otherDocument: { label: label.data } };
    }
    setLabelError(null);
    const parsed = requestDocumentSchema.safeParse({
      memberId: data.get('memberId'),
      note: data.get('note'),
      ...document,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    const done = await run(
      async () =>
        (
          await envelopeOf(
            api.POST('/api/v1/admin/orders/{ref}/document-requests', { ...byRef(order), body: parsed.data }),
          )
        ).message,
    );
    if (done) {
      form.reset();
      setChosen(null);
    }
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Request a document">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Member
        <select
          name="memberId"
          className={CONTROL}
          value={memberId}
          onChange={(event) => {
            setMemberId(Number(event.target.value));
            setChosen(null);
          }}
        >
          {members.map((m) => (
            <option key={m.memberId} value={m.memberId}>
              {m.fullName}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Document
        <select
          name="itemId"
          className={CONTROL}
          value={choice}
          onChange={(event) => {
            setChosen(event.target.value);
            setLabelError(null);
          }}
        >
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.label}
              {item.uploaded ? ' (uploaded)' : ''}
            </option>
          ))}
          <option value={ANOTHER_DOCUMENT}>{OTHER_DOCUMENT_MESSAGES.option}</option>
        </select>
      </label>
      {another ? (
        <div className="flex flex-col gap-1">
          <label htmlFor="desk-other-document" className="text-sm font-medium text-slate-800">
            {OTHER_DOCUMENT_MESSAGES.fieldLabel}
          </label>
          <input
            ref={labelField}
            id="desk-other-document"
            name="otherLabel"
            type="text"
            required
            maxLength={OTHER_DOCUMENT_LABEL.max}
            autoComplete="off"
            aria-invalid={labelError ? true : undefined}
            aria-describedby={
              labelError ? 'desk-other-document-hint desk-other-document-error' : 'desk-other-document-hint'
            }
            className={CONTROL}
          />
          <p id="desk-other-document-hint" className="text-xs text-slate-600">
            {DESK_TEXT.otherDocumentHint}
          </p>
          {labelError ? (
            <p id="desk-other-document-error" className="text-sm font-medium text-red-700">
              {labelError}
            </p>
          ) : null}
        </div>
      ) : null}
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Note for the customer
        <textarea name="note" rows={3} maxLength={STATUS_REMARK_MAX_LENGTH} className={CONTROL} />
      </label>
      {order.status === 'In review' ? (
        <p className="text-xs text-slate-600">The order goes back to Forms incomplete; the customer is e-mailed.</p>
      ) : null}
      <FormError message={error} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {busy ? 'Requesting…' : 'Request document'}
      </button>
    </form>
  );
}

/**
 * Where the customer posts a mission's file (decision 0179): the envelope's lines, prefilled with the
 * address confirmed before, else the one our sources give the order's mission. Saving e-mails the
 * customer (a change as a correction); the order page and the print pack's label show it. It sends
 * the mission the page shows, and a save the server refuses with a 409 reloads the order (`useAction`):
 * the customer's answers may have moved the mission since the page was opened (said here), and the
 * lines start again from the order as it is now, while the message stays.
 */
function PostingAddressForm({ order }: { order: DeskOrder }) {
  const { busy, error, setError, run } = useAction();
  const app = order.service?.order;
  if (!app) return null;
  // The desk's own record: the customer's order view leaves out who confirmed it.
  const confirmed = order.service?.postingAddress ?? null;
  if (!postingAddressOpen(order.status)) {
    // Once the file has gone, where the customer was told to send it stays in view (walk H: a
    // completed order showed the rule alone), no longer to be changed.
    return confirmed ? (
      <div className="text-sm text-slate-700">
        <p>{DESK_TEXT.postingSent(formatUtc(confirmed.confirmedAt), confirmed.confirmedBy)}</p>
        <address className="mt-2 whitespace-pre-line text-slate-900 not-italic">{confirmed.lines.join('\n')}</address>
      </div>
    ) : (
      <FormClosed error={error}>{DESK_TEXT.postingNotYet}</FormClosed>
    );
  }
  const mission = app.mission?.mission.name ?? null;
  const prefill = confirmed?.lines ?? missionPostingLines(app.mission, app.service.slug) ?? [];
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('address') ?? '');
    const parsed = postingAddressSchema.safeParse({ lines: postingAddressLines(text), mission });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the address');
    await run(
      async () =>
        (
          await envelopeOf(
            api.PUT('/api/v1/admin/orders/{ref}/posting-address', { ...byRef(order), body: parsed.data }),
          )
        ).message,
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Confirm the posting address">
      <p id="desk-posting-state" className="text-sm text-slate-700">
        {confirmed
          ? DESK_TEXT.postingConfirmed(formatUtc(confirmed.confirmedAt), confirmed.confirmedBy)
          : DESK_TEXT.postingUnconfirmed}
      </p>
      <label className={FIELD_LABEL}>
        {DESK_TEXT.postingLabel}
        {/* Saved again, or the mission moved: the lines start from what the server now holds. */}
        <textarea
          key={`${confirmed?.confirmedAt ?? 'none'}:${mission ?? 'none'}`}
          name="address"
          rows={6}
          defaultValue={prefill.join('\n')}
          aria-describedby="desk-posting-state"
          className={CONTROL}
        />
      </label>
      <FormError message={error} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {busy ? 'Saving…' : confirmed ? 'Save and e-mail the correction' : 'Confirm and e-mail the customer'}
      </button>
    </form>
  );
}

/**
 * The fees our team pays at the centre for a mission's file whose price carries them (its government
 * fee and other mandatory fees, named as its lines name them): the centre's reference, recorded before Submitted, which waits for
 * it because the refund policy keeps those fees from then on. Staff bookkeeping: nothing is e-mailed.
 */
/** The fees an order's price carries, by the names its lines give them: "Government fee, ICWF and VFS Global service fee". */
function carriedFees({
  governmentFeeCents,
  mandatoryFees,
}: NonNullable<DeskOrder['service']>['order']['price']): string {
  const names = [...(governmentFeeCents > 0 ? ['Government fee'] : []), ...mandatoryFees.map((fee) => fee.label)];
  const last = names.pop();
  return names.length > 0 ? `${names.join(', ')} and ${last}` : (last ?? '');
}

function FeesPaidForm({ order }: { order: DeskOrder }) {
  const { busy, error, setError, run } = useAction();
  const service = order.service;
  if (!service) return null;
  if (!canUsePrintPack(order.status)) {
    return <FormClosed error={error}>{DESK_TEXT.feesNotYet}</FormClosed>;
  }
  const recorded = service.feesPaid;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = feesPaidSchema.safeParse({ reference: new FormData(event.currentTarget).get('reference') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the reference');
    await run(
      async () =>
        (await envelopeOf(api.PUT('/api/v1/admin/orders/{ref}/fees-paid', { ...byRef(order), body: parsed.data })))
          .message,
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Record the fees paid at the centre">
      <p id="desk-fees-state" className="text-sm text-slate-700">
        {recorded
          ? DESK_TEXT.feesRecorded(formatUtc(recorded.paidAt), recorded.recordedBy, recorded.reference)
          : DESK_TEXT.feesUnrecorded(carriedFees(service.order.price))}
      </p>
      <label className={FIELD_LABEL}>
        {DESK_TEXT.feesLabel}
        <input
          key={recorded?.paidAt ?? 'none'}
          name="reference"
          maxLength={FEES_PAID_LIMITS.maxLength}
          defaultValue={recorded?.reference ?? ''}
          aria-describedby="desk-fees-state"
          className={CONTROL}
        />
      </label>
      <FormError message={error} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {busy ? 'Saving…' : recorded ? 'Save the corrected reference' : 'Record the fees paid'}
      </button>
    </form>
  );
}

/**
 * A checklist item's mark: ticked once it is in (uploaded, and not asked for again since) and no
 * file of it fails SevaPhotos' check (a photo the customer kept though a rule failed), else an alert
 * when it holds the application back (required, or asked for again: `itemStillNeeded`).
 */
function ItemMark({ item }: { item: ChecklistItemStatus }) {
  const done = item.uploaded && item.documents.every((d) => d.report?.passed !== false);
  const alert = item.required || itemStillNeeded(item);
  return (
    <Icon
      name={done ? 'circle-check' : alert ? 'circle-alert' : 'minus'}
      className={`mr-1 inline size-4 align-[-3px] ${done ? 'text-green-700' : alert ? 'text-amber-700' : 'text-slate-500'}`}
    />
  );
}

/**
 * Where a checklist item stands, after required or optional: the customer's new file is awaited
 * once asked for again; an optional one not sent is "not uploaded", as the customer's page says it.
 */
function itemState(item: ChecklistItemStatus): string {
  const request = itemRequest(item);
  if (request) return request === 'again' ? 'requested again' : 'requested';
  return item.uploaded ? 'uploaded' : item.required ? 'missing' : 'not uploaded';
}

/**
 * A document with the links the desk's answer gives staff (never the customer's); Portal PDF
 * saves it as the order's portal takes it, one PDF within `portal`'s limits (decisions
 * 0185-portal-pdf and 0189), or says why a stored PDF outside them cannot be sent.
 */
function DocumentLink({ document, portal }: { document: DocumentView; portal: PortalPdfLimits | null }) {
  const { links } = document;
  return (
    <span className="flex flex-wrap items-baseline gap-x-3 text-sm">
      <span className="font-medium break-all text-slate-900">{document.name}</span>
      <span className="text-slate-600">
        {[formatFileSize(document.size), pagesNote(document.pages)].filter(Boolean).join(' · ')}
      </span>
      <a href={links.preview} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
        View
      </a>
      <a href={links.download} className="font-semibold text-brand-700 underline">
        Download
      </a>
      {links.portalPdf && portal ? <PortalPdfLink href={links.portalPdf} document={document} limits={portal} /> : null}
    </span>
  );
}

/**
 * The photos, signatures and thumb impressions a person should look at before the file goes: a
 * failed rule, or another member's file sent again (a family's one signature for all). The customer
 * is told only while they may replace them; staff see them whatever the status, and ask for a new
 * one from the member's checklist below.
 */
function PhotosToCheck({ photos }: { photos: readonly PhotoToRedo[] }) {
  if (photos.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
      <HeadedList
        id="desk-photos-to-check"
        heading={DESK_TEXT.photosToCheck}
        items={photos.map((photo) => PHOTOS_TO_REDO_TEXT.item(photo))}
      />
    </div>
  );
}

function ServiceSections({ order, renderAnswers }: { order: DeskOrder; renderAnswers: RenderAnswers }) {
  const service = order.service;
  if (!service) return null;
  const app = service.order;
  // The portal the order is filed at decides its Portal PDFs' limits (none on paper only), as on the server.
  const portal = portalPdfLimitsOf(app.service.slug);
  const sent = service.documents.filter((d) => d.direction === 'to-customer');
  const nameOf = (id: number) => app.members.find((m) => m.id === id)?.fullName ?? `#${id}`;
  const addOnLines = service.addOns.map(({ addon, memberIds }) =>
    memberIds ? DESK_TEXT.addOnFor(addon, memberIds.map(nameOf).join(', ')) : DESK_TEXT.addOnWholeOrder(addon),
  );
  return (
    <>
      <Panel title="Application" id="desk-application">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-slate-600">Service</dt>
          <dd>{app.service.name}</dd>
          <dt className="text-slate-600">Package</dt>
          <dd>{app.package.name}</dd>
          <dt className="text-slate-600">Choices</dt>
          <dd>{choiceLines(app.choices).join(', ') || '—'}</dd>
          <dt className="text-slate-600">Add-ons</dt>
          <dd>{addOnLines.join('; ') || DESK_TEXT.noAddOns}</dd>
          <dt className="text-slate-600">Total</dt>
          <dd>{formatMoney({ amountCents: app.price.totalCents, currency: app.price.currency })}</dd>
          <dt className="text-slate-600">Mission</dt>
          <dd>
            {app.mission ? (
              <>
                {missionLine(app.mission, app.service.slug)}. <JurisdictionSource jurisdiction={app.mission} />
              </>
            ) : app.filing === 'online' ? (
              DESK_TEXT.noMissionOnline
            ) : (
              DESK_TEXT.noMission
            )}
          </dd>
        </dl>
        <PhotosToCheck photos={service.photosToCheck} />
      </Panel>
      {app.members.map((member) => {
        const answers = service.answers.find((a) => a.memberId === member.id);
        const checklist = service.checklist.members.find((c) => c.memberId === member.id);
        const memberAddOns = service.addOns.filter((a) => a.memberIds?.includes(member.id)).map((a) => a.addon);
        return (
          <Panel key={member.id} title={`${member.position}. ${member.fullName}`} id={`desk-member-${member.id}`}>
            <p className="text-sm text-slate-700">
              {member.relationship} · {member.kind} · born {member.dateOfBirth} ·{' '}
              {answers?.reviewed
                ? // The customer's words for it (walk J read "form reviewed" here, "Answers complete" there).
                  MEMBER_FORM_DONE.toLowerCase()
                : member.progress.totalSteps === null
                  ? 'form: none to fill in'
                  : // Counted as the customer's form counts them (its documents step too): one figure for both.
                    `form ${stepOfSteps(member.progress.currentStep, member.progress.totalSteps).toLowerCase()}`}
            </p>
            {memberAddOns.length > 0 ? (
              <p className="mt-1 text-sm font-semibold text-slate-900">
                {DESK_TEXT.memberAddOns(memberAddOns.join(', '))}
              </p>
            ) : null}
            {canUsePrintPack(order.status) ? (
              <a
                href={printPackHref(order.displayId, member.id, 'staff')}
                download
                className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline"
              >
                <Icon name="download" className="size-4" />
                Print pack (PDF)<span className="sr-only">, {member.fullName}</span>
              </a>
            ) : null}
            <h3 className="mt-4 font-bold text-slate-900">Answers</h3>
            <div className="mt-2">
              {service.definition && answers
                ? renderAnswers({
                    definition: service.definition,
                    memberKind: member.kind,
                    memberName: member.fullName,
                    answers: answers.answers,
                  })
                : 'This package has no form.'}
            </div>
            <h3 className="mt-4 font-bold text-slate-900">Checklist</h3>
            <ul className="mt-2 divide-y divide-slate-100">
              {checklist?.items.map((item) => (
                <li key={item.id} className="py-2">
                  <p className="text-sm">
                    <ItemMark item={item} />
                    <span className="font-medium">{item.label}</span>{' '}
                    <span className="text-slate-600">
                      ({item.required ? 'required' : 'optional'}, {itemState(item)})
                    </span>
                  </p>
                  {item.requested ? (
                    <p className="pl-6 text-sm text-amber-800">Requested: {item.requested.note}</p>
                  ) : null}
                  {item.documents.map((d) => (
                    <div key={d.id} className="mt-1 pl-6">
                      <DocumentLink document={d} portal={portal} />
                      {d.report ? (
                        <p className={`text-sm ${d.report.passed ? 'text-slate-700' : 'font-semibold text-amber-800'}`}>
                          {DESK_TEXT.fittedCheck(verdictWords(d.report))}
                        </p>
                      ) : null}
                      {d.proofAddress ? (
                        <p className="text-sm text-slate-700">
                          {DESK_TEXT.proofCode(
                            codeWords(d.proofAddress.country, d.proofAddress.postalCode),
                            d.proofAddress.mission.mission.name,
                          )}
                        </p>
                      ) : item.id === PROOF_OF_ADDRESS_ITEM ? (
                        <p className="text-sm text-slate-600">{DESK_TEXT.noProofCode}</p>
                      ) : null}
                    </div>
                  ))}
                  {item.conflict ? (
                    <p className="pl-6 text-sm font-medium text-red-800">
                      {DESK_TEXT.missionMismatch} {conflictSentence(item.conflict)}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </Panel>
        );
      })}
      <Panel title="Documents sent to the customer" id="desk-sent">
        {sent.length === 0 ? (
          <p className="text-sm text-slate-600">None yet.</p>
        ) : (
          <ul className="space-y-1">
            {sent.map((d) => (
              <li key={d.id}>
                <DocumentLink document={d} portal={portal} />
                <span className="ml-2 text-xs text-slate-500">{formatUtc(d.uploadedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}

type DeskPhoto = NonNullable<DeskOrder['photo']>;
type DeskPhotoFile = DeskPhoto['items'][number]['photos'][number];

function PhotoLinks({ photo }: { photo: DeskPhotoFile }) {
  const { links } = photo;
  const link = 'font-semibold text-brand-700 underline';
  return (
    <span className="inline-flex gap-2">
      <a href={links.original} className={link}>
        Original
      </a>
      {links.fitted ? (
        <a href={links.fitted} className={link}>
          Fitted
        </a>
      ) : null}
      {links.printSheet ? (
        <a href={links.printSheet} className={link}>
          Print sheet
        </a>
      ) : null}
    </span>
  );
}

/** SevaPhotos' verdict in the words the customer reads, failed rules by label: "2 rules to fix: Head size. Also to fix: Eye height." */
function verdictWords(report: ComplianceReport): string {
  const verdict = photoVerdict(report);
  const reason = verdict.reason ? `: ${PHOTO_RULE_LABELS[verdict.reason.check.rule]}.` : '';
  return [`${verdict.headline}${reason}`, ...verdict.rest].join(' ');
}

/**
 * A photo order's photo: the state of its check, the verdict, and for a photo that failed a rule
 * what the customer chose instead of a retake (a person's check, or accepting that it may be refused).
 */
function checkWords(photo: DeskPhotoFile): string {
  const parts = [`check ${photo.state}`];
  if (photo.report) parts.push(verdictWords(photo.report));
  if (photo.error) parts.push(photo.error);
  if (photo.failedRuleChoice) {
    parts.push(`the customer chose “${FAILED_RULE_CHOICE_LABELS[photo.failedRuleChoice.choice]}”`);
  }
  return parts.join(' · ');
}

function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/**
 * Every field of SPEC.md §3's step3 (pickup) or delivery address, in the words the customer filled
 * them in: staff hand over or ship the prints from this alone.
 */
function DeliveryDetails({ delivery, erased }: { delivery: DeskPhoto['delivery']; erased: boolean }) {
  if (erased) return <p className="mt-1 text-sm">{ORDER_DESK_MESSAGES.deliveryErased}</p>;
  if (delivery === null) return <p className="mt-1 text-sm">Digital only, or no delivery chosen yet.</p>;
  const list = 'mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]';
  if (delivery.method === 'pickup') {
    return (
      <dl className={list}>
        <Term term="Photo studio">{PHOTO_SERVICE_TYPE_LABELS[delivery.serviceType]}</Term>
        <Term term="Studio address">{delivery.addressLine}</Term>
        <Term term="Pin code">{delivery.pinCode}</Term>
        <Term term="Message for the studio">{delivery.message ?? '—'}</Term>
      </dl>
    );
  }
  const a = delivery.address;
  return (
    <dl className={list}>
      <Term term="Deliver to">{a.fullName}</Term>
      <Term term="Address">{`${a.addressLine}, ${a.city}, ${a.state} ${a.postalCode}, ${a.country}`}</Term>
      <Term term="Address type">{ADDRESS_TYPE_LABELS[a.type]}</Term>
      <Term term="Phone">
        {a.phone ? (
          <a href={telHref(a.phone)} className="text-brand-700 underline">
            {a.phone}
          </a>
        ) : (
          '—'
        )}
      </Term>
      <Term term="Delivery notes">{a.additionalInfo ?? '—'}</Term>
    </dl>
  );
}

const HAND_OVER_BOX = 'mt-4 border-t border-slate-200 pt-3';

/**
 * How a photo order's prints go out, recorded on the desk (a shipment or a pickup, `method`): what
 * goes out, what was recorded, and the form that records it (the customer is e-mailed and told on the
 * bell). It sends the number its page showed, so a number another member of staff recorded meanwhile
 * is not replaced unseen.
 */
function HandOverForm<Body extends object>({
  order,
  photo,
  method,
  lead,
  recorded,
  label,
  columns,
  schema,
  replaces,
  send,
  submitLabel,
  children,
}: {
  order: DeskOrder;
  photo: DeskPhoto;
  method: NonNullable<DeskPhoto['deliveryMethod']>;
  lead: string;
  recorded: ReactNode;
  label: string;
  /** The form's grid columns from the small breakpoint up. */
  columns: string;
  schema: z.ZodType<Body>;
  replaces: string | null;
  send: (body: Body & { replaces: string | null }) => Promise<string>;
  submitLabel: (busy: boolean) => string;
  children: ReactNode;
}) {
  // Above the closed cases, as the desk's other forms: a 409 that reloaded the order past the
  // hand-over (`useAction`) leaves its refusal said beside why the form is gone.
  const { busy, error, setError, run } = useAction();
  const record = DESK_TEXT.handOverRecord[method];
  const closed = (note: string) => (
    <div className={HAND_OVER_BOX}>
      <FormClosed error={error}>{note}</FormClosed>
    </div>
  );
  // The prints go out the other way, whose form is offered: this one shows only a refusal it was left with.
  if (photo.deliveryMethod !== method) return error ? closed(DESK_TEXT.handOverMoved(record)) : null;
  // Only while the prints may go out: the server refuses an unpaid, rejected, cancelled or refunded order.
  if (!mayHandOver(order.status)) return closed(DESK_TEXT.handOverClosed(order.status, record));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    await run(() => send({ ...parsed.data, replaces }));
  };
  return (
    <div className={HAND_OVER_BOX}>
      <p className="mb-2 text-sm font-medium">{lead}</p>
      {recorded}
      <form noValidate onSubmit={submit} aria-label={label} className={`mt-2 grid gap-2 ${columns} sm:items-end`}>
        {children}
        <button type="submit" className={BUTTON} disabled={busy}>
          {submitLabel(busy)}
        </button>
      </form>
      <FormError message={error} />
    </div>
  );
}

/** Prints delivered to home: the carrier and tracking number once posted. Recording again replaces a mistyped number. */
function ShipmentForm({ order, photo }: { order: DeskOrder; photo: DeskPhoto }) {
  const shipped = photo.shipment;
  return (
    <HandOverForm
      order={order}
      photo={photo}
      method="home"
      lead={MAILING_TEXT.sheets(sheetsToMail(photo.items))}
      recorded={
        shipped ? (
          <p className="text-sm">
            {SHIPMENT_TEXT.shipped(shipped.carrier, shipped.trackingNumber)} · {formatUtc(shipped.shippedAt)} ·{' '}
            <a
              href={trackingUrl(shipped)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline"
            >
              Track
            </a>
          </p>
        ) : (
          <p className="text-sm text-slate-600">Not posted yet.</p>
        )
      }
      label="Record the shipment"
      columns="sm:grid-cols-[10rem_1fr_auto]"
      schema={recordShipmentSchema}
      replaces={shipped?.trackingNumber ?? null}
      send={async (body) =>
        (await envelopeOf(api.PUT('/api/v1/admin/orders/{ref}/shipment', { ...byRef(order), body }))).message
      }
      submitLabel={(busy) => (busy ? 'Saving…' : shipped ? 'Replace the shipment' : 'Record the shipment')}
    >
      <label className={FIELD_LABEL}>
        Carrier
        <select name="carrier" className={CONTROL} defaultValue={shipped?.carrier ?? CARRIERS[0]}>
          {CARRIERS.map((carrier) => (
            <option key={carrier}>{carrier}</option>
          ))}
        </select>
      </label>
      <label className={FIELD_LABEL}>
        Tracking number
        <input name="trackingNumber" className={CONTROL} autoComplete="off" defaultValue={shipped?.trackingNumber} />
      </label>
    </HandOverForm>
  );
}

/**
 * Prints picked up from a photo studio: once staff have placed them with the studio the customer
 * chose and they are ready, the studio's order number. Recording again replaces a mistyped number.
 */
function PickupReadyForm({ order, photo }: { order: DeskOrder; photo: DeskPhoto }) {
  const ready = photo.pickupReady;
  return (
    <HandOverForm
      order={order}
      photo={photo}
      method="pickup"
      lead={MAILING_TEXT.studio(sheetsToMail(photo.items))}
      recorded={
        ready ? (
          <p className="text-sm">
            Ready: {PICKUP_READY_TEXT.number(ready.storeOrderNumber)} · {formatUtc(ready.readyAt)}
          </p>
        ) : (
          <p className="text-sm text-slate-600">Not ready at the studio yet.</p>
        )
      }
      label="Record the prints ready for pickup"
      columns="sm:grid-cols-[1fr_auto]"
      schema={recordPickupReadySchema}
      replaces={ready?.storeOrderNumber ?? null}
      send={async (body) =>
        (await envelopeOf(api.PUT('/api/v1/admin/orders/{ref}/pickup-ready', { ...byRef(order), body }))).message
      }
      submitLabel={(busy) => (busy ? 'Saving…' : ready ? 'Replace the order number' : 'Ready for pickup')}
    >
      <label className={FIELD_LABEL}>
        Studio order number
        <input name="storeOrderNumber" className={CONTROL} autoComplete="off" defaultValue={ready?.storeOrderNumber} />
      </label>
    </HandOverForm>
  );
}

/** Beside the status control: a photo order's status left out until its prints' hand-over is recorded. */
function PhotoStatusLine({ order }: { order: DeskOrder }) {
  const line = order.photo ? printsOutDeskLine(order.status, order.photo) : null;
  return line ? <p className="mb-3 text-sm text-slate-700">{line}</p> : null;
}

function PhotoSections({ order }: { order: DeskOrder }) {
  const photo = order.photo;
  if (!photo) return null;
  const erased = isErasedCustomerOrder({ userId: order.customer.id, email: order.customer.email });
  return (
    <>
      <Panel title="Photo items" id="desk-photo-items">
        {photo.printsHeld ? (
          <p className="mb-3 text-sm font-medium text-amber-800">
            {SECOND_LOOK_MESSAGES.orderHeld}{' '}
            <Link to={ADMIN_ROUTES.PHOTO_CHECKS} className="underline">
              Photo checks
            </Link>
          </p>
        ) : null}
        {photo.items.length === 0 ? <p className="text-sm text-slate-600">No items.</p> : null}
        <ul className="space-y-3">
          {photo.items.map((item) => (
            <li key={item.id}>
              <p className="font-medium">
                {item.personName ? `${item.personName}: ` : ''}
                {item.label} <span className="text-sm text-slate-600">({item.documentType})</span>
              </p>
              <ul className="mt-1 space-y-1 pl-4 text-sm">
                {item.photos.map((p) => (
                  <li key={p.id}>
                    {p.name} · {formatFileSize(p.size)} · {checkWords(p)}
                    {' · '}
                    <PhotoLinks photo={p} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Plan and delivery" id="desk-photo-delivery">
        <p className="text-sm">
          {/* The plan and options by the names the customer chose them by, not their ids. */}
          {[PHOTO_PLAN_LABELS[photo.pricingPlanId], ...photo.options.map((o) => PHOTO_OPTION_LABELS[o])].join(' + ')} ·{' '}
          {formatMoney({ amountCents: photo.totalCents, currency: photo.currency })}
        </p>
        <DeliveryDetails delivery={photo.delivery} erased={erased} />
        {/* Nowhere to post or hand over the prints: the details went with the account. */}
        {erased ? null : (
          <>
            <ShipmentForm order={order} photo={photo} />
            <PickupReadyForm order={order} photo={photo} />
          </>
        )}
      </Panel>
    </>
  );
}

/** /admin/orders/{ref}: one order as staff work it, with the actions on it. */
export function OrderDeskPage({ order, renderAnswers }: { order: DeskOrder; renderAnswers: RenderAnswers }) {
  const timeline = order.service?.order.timeline ?? order.photo?.timeline ?? [];
  const lastEntry = timeline.at(-1);
  return (
    <article aria-labelledby="desk-order-title" className="flex flex-col gap-4">
      <p className="text-sm">
        <Link to={ADMIN_ROUTES.ORDERS} className="font-semibold text-brand-700 underline">
          ← Orders
        </Link>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="desk-order-title" className="text-2xl font-bold text-slate-900">
          <span className="font-mono">{order.displayId}</span> · {order.title}
        </h1>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{order.status}</span>
        {order.expedite ? <ExpediteBadge /> : null}
        <SlaBadge sla={order.sla} />
      </header>
      <p className="text-sm text-slate-700">
        {order.sla.dueAt ? `Due ${formatUtc(order.sla.dueAt)}. ` : ''}
        {order.sla.basis}
      </p>
      {lastEntry ? (
        <p className="text-sm text-slate-700">
          {DESK_TEXT.lastChange(lastEntry.status, formatUtc(lastEntry.at), lastEntry.by)}{' '}
          <a href="#desk-timeline" className="font-semibold text-brand-700 underline">
            {DESK_TEXT.toTimeline}
          </a>
        </p>
      ) : null}
      {/* Below the desk breakpoint the actions come after every member's answers, screens down: a way there. */}
      <p className="text-sm desk:hidden">
        <a href="#desk-actions" className="font-semibold text-brand-700 underline">
          {DESK_TEXT.toActions}
        </a>
      </p>
      <div className="grid gap-4 desk:grid-cols-[minmax(0,1fr)_22rem] desk:items-start">
        <div className="flex min-w-0 flex-col gap-4">
          <Panel title="Customer" id="desk-customer">
            <p>
              <span className="font-medium">{order.customer.name}</span> ·{' '}
              <a href={`mailto:${order.customer.email}`} className="text-brand-700 underline">
                {order.customer.email}
              </a>
            </p>
          </Panel>
          <Panel title={isPaid(order) ? 'Paid lines' : 'Cost summary'} id="desk-paid-lines">
            <PaidLines order={order} />
          </Panel>
          <Panel title="Payments" id="desk-payments">
            <PaymentsLedger order={order} />
          </Panel>
          {isPaid(order) ? (
            <Panel title="Refund" id="desk-refund">
              <DeskRefundForm
                displayId={order.displayId}
                status={order.status}
                refundable={order.refundable}
                openRefund={order.openRefund}
                unfinishedRefunds={order.unfinishedRefunds}
                email={order.customer.email}
              />
            </Panel>
          ) : null}
          <ServiceSections order={order} renderAnswers={renderAnswers} />
          <PhotoSections order={order} />
          <Panel title="Timeline" id="desk-timeline">
            <ol className="space-y-2 text-sm">
              {timeline.map((entry) => (
                <li key={`${entry.at}-${entry.status}`}>
                  <span className="font-medium">{entry.status}</span>{' '}
                  <span className="text-slate-600">
                    {formatUtc(entry.at)} · {entry.by}
                  </span>
                  {entry.remark ? <p className="text-slate-700">“{entry.remark}”</p> : null}
                </li>
              ))}
            </ol>
          </Panel>
        </div>
        <aside id="desk-actions" aria-label="Actions" className="flex scroll-mt-24 flex-col gap-4">
          <Panel title="Status" id="desk-status">
            <PhotoStatusLine order={order} />
            <StatusForm order={order} />
          </Panel>
          {order.service?.order.filing === 'mission' ? (
            <Panel title="Posting address" id="desk-posting-address">
              <PostingAddressForm order={order} />
            </Panel>
          ) : null}
          {order.service?.order.filing === 'mission' && carriesOutsideFees(order.service.order.price) ? (
            <Panel title="Fees paid at the centre" id="desk-fees-paid">
              <FeesPaidForm order={order} />
            </Panel>
          ) : null}
          {order.kind === 'service' ? (
            <>
              <Panel title="Request a document" id="desk-request">
                <RequestDocumentForm order={order} />
                {order.service ? (
                  <DocumentRequests
                    requests={order.service.documentRequests}
                    displayId={order.displayId}
                    status={order.status}
                  />
                ) : null}
              </Panel>
              <Panel title="Send a document" id="desk-send">
                <SendDocumentForm order={order} />
              </Panel>
            </>
          ) : null}
          <Panel title="Message the customer" id="desk-message">
            {isErasedCustomerOrder({ userId: order.customer.id, email: order.customer.email }) ? (
              <p className="text-sm text-slate-700">{ORDER_DESK_MESSAGES.customerErased}</p>
            ) : (
              <NoteForm order={order} toCustomer />
            )}
          </Panel>
          <Panel title="Notes and messages" id="desk-notes">
            <p className="mb-3 text-xs text-slate-600">
              Only staff see the notes; messages marked “Sent to the customer” reached them.
            </p>
            <ul className="mb-3 space-y-2">
              {order.notes.map((note) => (
                <li
                  key={note.id}
                  className={`rounded-lg p-2 text-sm ${note.toCustomer ? 'bg-sky-50 ring-1 ring-sky-200' : 'bg-amber-50'}`}
                >
                  {note.toCustomer ? (
                    <p className="mb-1 text-xs font-semibold text-sky-900">Sent to the customer</p>
                  ) : null}
                  <p className="whitespace-pre-wrap">{note.body}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    {note.authorEmail} · {formatUtc(note.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
            <NoteForm order={order} toCustomer={false} />
          </Panel>
        </aside>
      </div>
    </article>
  );
}
