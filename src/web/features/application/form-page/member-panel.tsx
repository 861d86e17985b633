import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApplicationOrder } from '../../../../domain/applications/application.ts';
import { checklistItemOfUpload } from '../../../../domain/applications/checklist.ts';
import { documentFileRef, type MemberChecklist } from '../../../../domain/applications/documents.ts';
import {
  type DocumentOffer,
  HOUSEHOLD_GROUPS,
  HOUSEHOLD_TEXT,
  offerFits,
  offerHasCondition,
  PARENT_OF_ORIGIN_KEYS,
  parentOfOriginOffers,
} from '../../../../domain/applications/household.ts';
import { MEMBER_FORM_MESSAGES, type MemberForm } from '../../../../domain/applications/member-form.ts';
import type { Member } from '../../../../domain/applications/members.ts';
import type { PhotoToRedo } from '../../../../domain/applications/photos-to-redo.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import type { FileRef } from '../../../../domain/forms/files.ts';
import { type ThumbnailSize, thumbnailUrl } from '../../../../domain/uploads/thumbnail.ts';
import type { OrderMissionOf } from '../../../components/jurisdiction-notice.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiError, errorMessage, type UploadProgress } from '../../../lib/api-client.ts';
import { applicationKeys, removeMemberReview, reviewMemberForm, uploadDocument } from '../../../lib/application-api.ts';
import { chatButtonAsideWhileScrollingDown } from '../../../lib/chat-button-lift.ts';
import { DOCUMENTS_TEXT, MemberDocuments } from '../documents/member-documents.tsx';
import type { CopyOffer, FormValues, UploadFile } from '../form-engine/engine-context.ts';
import { FormEngine, type FormEngineHandle, type HostStep, type LiveOffers } from '../form-engine/form-engine.tsx';
import { AddressJurisdiction, addressStepKeys } from './address-jurisdiction.tsx';
import { AnswersSummary } from './answers-summary.tsx';
import { formUploadItems, rememberChecklist, rememberMemberForm, useMemberForm } from './application-data.ts';
import { clearDraft, continuesStored, type FormDraft, unsavedDraft } from './form-draft.ts';
import { PassportReader, passportCopies, passportReaderStepKeys } from './passport-reader.tsx';
import { SaveStatus, savedTime } from './save-status.tsx';
import { useAutosave } from './use-autosave.ts';

export const PANEL_TEXT = {
  draftFound: (time: string) =>
    `This device has answers from ${time} that did not reach our server. Do you want to use them?`,
  restore: 'Use them',
  discard: 'Discard',
  notSaved: 'Your answers could not be saved yet, so they cannot be reviewed. Please try again in a moment.',
  loadingForm: 'Loading the form…',
  form: 'this member’s form',
  readOnly: MEMBER_FORM_MESSAGES.locked,
  reopen: 'Change answers',
  reopenHint: 'These answers are reviewed. You can still correct them until our team takes the application.',
} as const;

export interface PanelProps {
  orderRef: string;
  /** The DOC-… id (local drafts are kept under it). */
  orderId: string;
  member: Member;
  definition: FormDefinition | null;
  checklist: MemberChecklist | undefined;
  /** The order's mission when another member's address set it (the address step compares). */
  orderMission?: OrderMissionOf | null;
  /** How the order is filed (the order's `filing`): an e-Visa's address step names no mission. */
  filing: ApplicationOrder['filing'];
  /** The order's service: where its papers go (a power of attorney straight to the mission). */
  serviceSlug?: string | undefined;
  /** Other members' files this member's documents can use again. */
  documentOffers?: readonly DocumentOffer[];
  /** This member's photos and signatures that are another member's same file (the order's photosToRedo). */
  sameFiles?: readonly PhotoToRedo[];
  canChangeDocuments: boolean;
  /**
   * The step the address names: the form opens there (else on the stored one), and a new one
   * (the browser's Back or Forward) moves the form there.
   */
  step: number | null;
  today: string;
  /**
   * The form shows `step`: after a move of its own (a new history entry), or `replace` when it
   * opened on another step than the address names, or could not go where the address asked.
   */
  onStep(step: number, replace?: boolean): void;
  /** The member's answers are reviewed: move on. */
  onReviewed(): void;
  /** The last step's button, naming where onReviewed goes (FormEngine's finishLabel). */
  finishLabel?: string;
  /** The page asks for a save before it moves away (a member switch, the review). */
  flushRef: RefObject<(() => Promise<FlushOutcome>) | null>;
}

/**
 * How a save before moving away ended: `unsaved` (kept in the local draft), or `upload-failed`:
 * a file the customer was sending did not arrive, and its field says why.
 */
export type FlushOutcome = 'saved' | 'unsaved' | 'upload-failed';

/** One member: their guided form with autosave and documents, or (no form) their documents. */
export function MemberPanel(props: PanelProps) {
  const { orderRef, member, definition, checklist } = props;
  const client = useQueryClient();
  const onChecklist = (next: MemberChecklist) => rememberChecklist(client, orderRef, next);
  if (!definition) {
    return checklist ? (
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading" tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900">
          {DOCUMENTS_TEXT.title}
        </h2>
        <p className="mt-2 mb-6 text-slate-600">{MEMBER_FORM_MESSAGES.noForm}</p>
        <MemberDocuments
          orderRef={orderRef}
          checklist={checklist}
          canChange={props.canChangeDocuments}
          onChecklist={onChecklist}
          offers={props.documentOffers}
        />
      </section>
    ) : null;
  }
  return <MemberQuestions {...props} definition={definition} key={member.id} />;
}

function MemberQuestions(props: PanelProps & { definition: FormDefinition }) {
  const { orderRef, member } = props;
  const form = useMemberForm(orderRef, member.id);
  if (form.isError) return <LoadError what={PANEL_TEXT.form} onRetry={() => void form.refetch()} />;
  // Fetched again on every opening (another device may have saved): wait for the fresh copy.
  if (!form.data || !form.isFetchedAfterMount) {
    return (
      <p role="status" className="rounded-2xl bg-slate-50 p-6 text-slate-700">
        {PANEL_TEXT.loadingForm}
      </p>
    );
  }
  if (!form.data.canEdit) {
    return <ReadOnlyAnswers {...props} form={form.data} />;
  }
  return <EditableForm {...props} form={form.data} />;
}

function ReadOnlyAnswers({
  definition,
  member,
  form,
  orderRef,
  checklist,
  canChangeDocuments,
}: PanelProps & { definition: FormDefinition; form: MemberForm }) {
  const client = useQueryClient();
  const [problem, setProblem] = useState<string>();
  // No sticky bar here to register it (liftChatButtonAbove): the chat button covered answers too.
  useEffect(chatButtonAsideWhileScrollingDown, []);
  async function reopen() {
    setProblem(undefined);
    try {
      rememberMemberForm(client, orderRef, (await removeMemberReview(orderRef, member.id)).data);
      // The order may be back in Forms incomplete: its actions and checklists follow.
      await client.invalidateQueries({ queryKey: applicationKeys.order(orderRef) });
      await client.invalidateQueries({ queryKey: applicationKeys.checklist(orderRef) });
    } catch (error) {
      setProblem(errorMessage(error, PANEL_TEXT.readOnly));
    }
  }
  return (
    <div className="space-y-8">
      {form.canRemoveReview ? (
        <div className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
          <p className="text-slate-700">{PANEL_TEXT.reopenHint}</p>
          <button type="button" onClick={() => void reopen()} className="btn-outline mt-3 px-4 py-2 text-sm">
            {PANEL_TEXT.reopen}
          </button>
          {problem ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-800">
              {problem}
            </p>
          ) : null}
        </div>
      ) : (
        <p role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {PANEL_TEXT.readOnly}
        </p>
      )}
      <AnswersSummary
        definition={definition}
        memberKind={member.kind}
        answers={form.answers}
        memberName={member.fullName}
      />
      {checklist ? (
        <section aria-labelledby="documents-heading">
          <h3 id="documents-heading" className="text-xl font-bold text-slate-900">
            {DOCUMENTS_TEXT.title}
          </h3>
          <div className="mt-3">
            <MemberDocuments
              orderRef={orderRef}
              checklist={checklist}
              canChange={canChangeDocuments}
              onChecklist={(next) => rememberChecklist(client, orderRef, next)}
            />
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** The parent of Indian origin, named on the origin step, offered as the father or the mother (parentOfOriginOffers). */
const PARENT_OF_ORIGIN: LiveOffers = {
  keys: PARENT_OF_ORIGIN_KEYS,
  of: (current) =>
    parentOfOriginOffers(current).map(
      ({ role, key, name }): CopyOffer => ({
        id: `parent-of-origin-${role}`,
        label: HOUSEHOLD_TEXT.parentOfOrigin(name, role),
        from: HOUSEHOLD_TEXT.fromOrigin,
        values: { [key]: name },
        keys: [key],
      }),
    ),
};

/**
 * The member's saved answers with what the household fills in for the ones still empty (each
 * with where it came from), and the one-tap copies it offers (src/domain/applications/household.ts).
 * Taken once, as the form opens: an autosave's answer carries no household part.
 */
function useHousehold(form: MemberForm) {
  const [household] = useState(() => {
    const prefilled = Object.entries(form.household?.answers ?? {});
    return {
      values: { ...form.answers, ...Object.fromEntries(prefilled.map(([key, { value }]) => [key, value])) },
      notes: Object.fromEntries(prefilled.map(([key, { from }]) => [key, from])),
      filled: prefilled.length > 0,
      offers: (form.household?.offers ?? []).map(
        (offer): CopyOffer => ({
          id: `${offer.group}-${offer.memberId}`,
          label: offer.label,
          from: offer.from,
          values: offer.values,
          keys: HOUSEHOLD_GROUPS[offer.group],
          ...(offerHasCondition(offer.group)
            ? { fits: (current: FormValues) => offerFits(offer.group, offer.values, current) }
            : {}),
        }),
      ),
    };
  });
  return household;
}

/**
 * Keeps the engine and the address's step together. As an engine opens (the member's form, a
 * draft taken back) the address is corrected to its step, without a new history entry. A step
 * the address names later (the browser's Back or Forward) opens as the engine's Back does: a
 * file on its way is waited for, and the autosave saves the move; where the engine cannot go
 * (a file failed, no such step) the address is put back to where the form is. The engine's own
 * moves reach the address through onStep, so the address then names the step it shows already.
 */
function useAddressStep(
  engine: RefObject<FormEngineHandle | null>,
  step: number | null,
  engineKey: string,
  onStep: PanelProps['onStep'],
) {
  const report = useRef(onStep);
  report.current = onStep;
  const synced = useRef<{ engineKey: string; step: number | null } | null>(null);
  // Address moves asked and not answered yet: while one is, a step equal to the shown one is asked too (a later move wins).
  const asking = useRef(0);
  useEffect(() => {
    const form = engine.current;
    if (!form) return;
    const opened = synced.current?.engineKey !== engineKey;
    const changed = synced.current?.step !== step;
    synced.current = { engineKey, step };
    const shown = form.currentStep();
    if (opened || step === null) {
      if (step !== shown) report.current(shown, true);
      return;
    }
    if (!changed || (step === shown && asking.current === 0)) return;
    let live = true;
    asking.current += 1;
    void form.openStep(step).then((now) => {
      asking.current -= 1;
      if (live && now !== null && now !== step) report.current(now, true);
    });
    return () => {
      live = false;
    };
  }, [engine, step, engineKey]);
}

function EditableForm(props: PanelProps & { definition: FormDefinition; form: MemberForm }) {
  const { orderRef, orderId, member, definition, checklist, form, today, onStep, onReviewed, flushRef } = props;
  const client = useQueryClient();
  const engine = useRef<FormEngineHandle | null>(null);
  const [draft] = useState(() =>
    unsavedDraft(orderId, member.id, {
      definition,
      answers: form.answers,
      options: { memberKind: member.kind, today },
    }),
  );
  // This device's own later typing is taken back as it is; a draft over answers saved since (elsewhere,
  // or a save whose answer this device never had) is offered (decision 0161).
  const ownTyping = draft !== null && continuesStored(draft, form.answersSavedAt);
  const [offer, setOffer] = useState<FormDraft | null>(ownTyping ? null : draft);
  const [restored, setRestored] = useState<FormDraft | null>(ownTyping ? draft : null);
  const [problem, setProblem] = useState<string>();
  const initialStep = restored?.step ?? props.step ?? form.currentStep;
  const household = useHousehold(form);
  useAddressStep(engine, props.step, restored ? `draft-${restored.updatedAt}` : 'server', onStep);

  const autosave = useAutosave({
    orderRef,
    orderId,
    memberId: member.id,
    engine,
    initialStep,
    enabled: true,
    answersSavedAt: form.answersSavedAt,
    // Pre-filled answers are saved at once, like typed ones: what the form shows is what is kept;
    // and a draft taken back is saved when taken, even after the pre-filled answers were.
    saveAtOnce: restored ? `draft-${restored.updatedAt}` : household.filled ? 'household' : null,
    // A draft still offered stays on the device until the customer answers the offer.
    holdDraft: offer !== null,
    onSaved: (saved) => rememberMemberForm(client, orderRef, saved),
  });
  // Another member or the review: a file still being sent is waited for (leaving would abandon
  // it), then the answers it completes are saved with the rest.
  flushRef.current = async () => {
    if ((await engine.current?.uploadsSettled()) === false) return 'upload-failed';
    return (await autosave.flush()) ? 'saved' : 'unsaved';
  };

  const skip = useMemo(() => formUploadItems(definition, member.kind), [definition, member.kind]);
  const { uploaded, hold } = autosave;
  const upload = useMemo<UploadFile>(
    () =>
      async (file, { field, onProgress, signal }) => {
        // The upload moves the stored answers on: a save it overtook would be refused as another tab's.
        const release = await hold();
        try {
          const {
            document,
            checklist: next,
            report,
            answersSavedAt,
          } = await uploadDocument(orderRef, member.id, checklistItemOfUpload(field.key), file, {
            onProgress,
            signal,
          });
          await rememberChecklist(client, orderRef, next);
          // The server stored the answer with the file: the field's save that follows builds on it.
          if (answersSavedAt) uploaded(answersSavedAt);
          const ref = documentFileRef(document);
          return report ? { ref, report } : { ref };
        } finally {
          release();
        }
      },
    [client, orderRef, member.id, uploaded, hold],
  );
  const fileUrl = useMemo(
    () => (ref: FileRef, size?: ThumbnailSize) => {
      if (!/^\d+$/.test(ref.documentId)) return undefined;
      const preview = `/api/v1/application/order/${encodeURIComponent(orderId)}/documents/${ref.documentId}/preview`;
      return size === 'thumb' ? thumbnailUrl(preview) : preview;
    },
    [orderId],
  );

  // The checks kept with the member's fitted photo and signature (docs/decisions/0098), by document.
  const fileReport = useMemo(() => {
    const reports = new Map(
      (checklist?.items ?? []).flatMap((item) =>
        item.documents.flatMap((d) => (d.report ? [[String(d.id), d.report] as const] : [])),
      ),
    );
    return (ref: FileRef) => reports.get(ref.documentId);
  }, [checklist]);

  // The order names a stored photo or signature that is another member's same file (photosToRedo).
  const fileNote = useCallback(
    (ref: FileRef) => props.sameFiles?.find((p) => String(p.documentId) === ref.documentId)?.problem,
    [props.sameFiles],
  );

  const hostSteps = useMemo<HostStep[]>(
    () =>
      checklist
        ? [
            {
              key: 'documents',
              title: DOCUMENTS_TEXT.title,
              intro: DOCUMENTS_TEXT.intro,
              done: checklist.complete,
              content: (
                <MemberDocuments
                  orderRef={orderRef}
                  checklist={checklist}
                  canChange={props.canChangeDocuments}
                  onChecklist={(next) => rememberChecklist(client, orderRef, next)}
                  skip={skip}
                  offers={props.documentOffers}
                />
              ),
            },
          ]
        : [],
    [checklist, orderRef, props.canChangeDocuments, props.documentOffers, client, skip],
  );

  const readerSteps = useMemo(() => passportReaderStepKeys(definition, member.kind), [definition, member.kind]);
  const copies = useMemo(() => passportCopies(checklist), [checklist]);
  // Not an item the form asks as its own upload question (an e-Visa's bio page): its answer is the form's to save.
  const copyItems = useMemo(
    () => (props.canChangeDocuments ? (checklist?.items ?? []).filter((item) => !skip.includes(item.id)) : []),
    [checklist, props.canChangeDocuments, skip],
  );
  const keepCopy = useCallback(
    async (itemId: string, file: File, progress: UploadProgress) => {
      const { checklist: next } = await uploadDocument(orderRef, member.id, itemId, file, progress);
      await rememberChecklist(client, orderRef, next);
    },
    [client, orderRef, member.id],
  );
  const addressSteps = useMemo(() => addressStepKeys(definition, member.kind), [definition, member.kind]);
  // The order the page loaded before opening a member: its choices never change.
  const applyingFrom = client.getQueryData<ApplicationOrder>(applicationKeys.order(orderRef))?.choices.applyingFrom;

  async function review() {
    setProblem(undefined);
    if (!(await autosave.flush())) {
      setProblem(PANEL_TEXT.notSaved);
      return;
    }
    try {
      const reviewed = await reviewMemberForm(orderRef, member.id);
      rememberMemberForm(client, orderRef, reviewed.data);
      clearDraft(orderId, member.id);
      onReviewed();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : PANEL_TEXT.notSaved;
      if (error instanceof ApiError && error.status === 400) engine.current?.showErrors(error.fieldErrors);
      setProblem(message);
    }
  }

  return (
    <div>
      {offer ? (
        <div role="alert" className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
          <p>{PANEL_TEXT.draftFound(savedTime(new Date(offer.updatedAt)))}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary px-4 py-2 text-sm"
              onClick={() => {
                setRestored(offer);
                setOffer(null);
              }}
            >
              {PANEL_TEXT.restore}
            </button>
            <button
              type="button"
              className="btn-outline px-4 py-2 text-sm"
              onClick={() => {
                clearDraft(orderId, member.id);
                setOffer(null);
              }}
            >
              {PANEL_TEXT.discard}
            </button>
          </div>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="mb-6 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          {problem}
        </p>
      ) : null}
      <FormEngine
        key={restored ? `draft-${restored.updatedAt}` : 'server'}
        ref={engine}
        definition={definition}
        memberKind={member.kind}
        memberName={member.fullName}
        defaultValues={restored?.values ?? household.values}
        savedAnswers={form.answers}
        notes={restored ? undefined : household.notes}
        offers={household.offers}
        liveOffers={PARENT_OF_ORIGIN}
        initialStep={initialStep}
        today={today}
        upload={upload}
        fileUrl={fileUrl}
        fileReport={fileReport}
        fileNote={fileNote}
        hostSteps={hostSteps}
        stepAddOn={(stepKey, fill) => (
          <>
            {readerSteps.has(stepKey) ? (
              <PassportReader
                orderRef={orderRef}
                memberId={member.id}
                definition={definition}
                memberKind={member.kind}
                memberName={member.fullName}
                today={today}
                copies={copies}
                fill={fill}
                copyItems={copyItems}
                keepCopy={keepCopy}
              />
            ) : null}
            {addressSteps.has(stepKey) ? (
              <AddressJurisdiction
                order={props.orderMission ?? null}
                filing={props.filing}
                serviceSlug={props.serviceSlug}
                applyingFrom={applyingFrom}
              />
            ) : null}
          </>
        )}
        onChange={(change) => {
          // Typing answers the offer (the customer goes on from the saved answers); a save's
          // re-announced answers (no field named) do not.
          if (offer && change.name !== undefined) setOffer(null);
          autosave.onChange(change);
        }}
        onStepChange={(change) => {
          autosave.onStepChange(change);
          onStep(change.step);
        }}
        onComplete={review}
        {...(props.finishLabel ? { finishLabel: props.finishLabel } : {})}
        status={
          <SaveStatus
            status={autosave.status}
            savedAt={Object.keys(form.answers).length > 0 ? form.savedAt : null}
            onRetry={autosave.retryNow}
          />
        }
      />
    </div>
  );
}
