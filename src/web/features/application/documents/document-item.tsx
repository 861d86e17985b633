import { type RefObject, useContext, useEffect, useId, useRef, useState } from 'react';
import {
  DOCUMENT_PAGE_MESSAGES,
  pageRefusal,
  pagesNote,
  pageUploadRule,
} from '../../../../domain/applications/document-pages.ts';
import {
  type ChecklistItemStatus,
  type DocumentView,
  itemWorthReplacing,
} from '../../../../domain/applications/documents.ts';
import type { DocumentOffer } from '../../../../domain/applications/household.ts';
import { PROOF_OF_ADDRESS_ITEM } from '../../../../domain/jurisdiction/proof-of-address.ts';
import { acceptAttribute, describeUploadTypes, formatFileSize } from '../../../../domain/uploads/file-types.ts';
import { refusalBeforeSending } from '../../../../domain/uploads/refuse-early.ts';
import { thumbnailUrl } from '../../../../domain/uploads/thumbnail.ts';
import type { AddressCountry } from '../../../../domain/users/regions.ts';
import { PhotoChecks } from '../../../components/photo-checks.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { TAP_TARGET } from '../../../components/ui/tap-target.ts';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { shrinkPagePhoto } from '../../../lib/shrink-photo.ts';
import { EngineContext } from '../form-engine/engine-context.ts';
import { ProofPostalCode } from './proof-postal-code.tsx';
import { RemovePageButton } from './remove-page-button.tsx';
import { useQuestionInPlace } from './use-question-in-place.ts';

export const DOCUMENT_TEXT = {
  required: 'Required',
  optional: 'Optional',
  /** A document our team prepares (a form or declaration in the print pack): never "Required" before we send it. */
  preparedByUs: 'We prepare it: in your print pack once you have paid',
  /** The same once paid: the print pack is ready, its link follows. */
  preparedReady: 'We prepared it: print it from your print pack',
  printPackLink: 'Print pack (PDF)',
  uploaded: 'Uploaded',
  /** A fitted photo, signature or thumb impression in, that fails one of its rules (photos-to-redo.ts). */
  worthReplacing: 'Worth replacing',
  /** Read out once a file is in. */
  uploadedName: (name: string) => `${name} is uploaded.`,
  choose: 'Choose file',
  orDrag: 'or drag it here',
  replace: 'Replace',
  remove: 'Delete',
  open: 'Open',
  confirmRemove: (name: string) => `Delete ${name}? You can upload another file afterwards.`,
  keep: 'Keep it',
  uploadFailed: 'The upload did not finish. Please try again.',
  reuseFailed: 'That copy could not be used. Please try again or upload the file.',
  reuseOr: 'or',
  removeFailed: 'The file could not be deleted. Please try again.',
  /** Decision 0196: a photo of the next page, kept with the first as one PDF. */
  addPage: 'Add a page',
  pageAdded: (name: string, pages: number) => `Page ${pages} added: ${name} now has ${pages} pages.`,
  pageFailed: 'The page could not be added. Please try again.',
  pageRemoved: (page: number, name: string, pages: number) =>
    `Page ${page} removed: ${name} now has ${pagesNote(pages)}.`,
  removePageFailed: 'The page could not be removed. Please try again.',
  /** Said in the box while a file is dragged over it: what letting go does. */
  dropToUpload: 'Drop the file to upload it',
  dropToReplace: (name: string) => `Drop the file to replace ${name}`,
} as const;

type SendProgress = { onProgress(fraction: number): void; signal: AbortSignal };

export interface ItemActions {
  /** Sends the file for this item; resolves once the server has it (the checklist is updated by the caller). */
  upload(file: File, progress: SendProgress): Promise<void>;
  /** Adds a photo of the next page to the item's file (decision 0196); resolves with the document after it. */
  addPage?(file: File, progress: SendProgress): Promise<DocumentView>;
  remove(document: DocumentView): Promise<void>;
  /** Takes page `page` (from 1) out of a file whose pages were added here (decision 0197); resolves with the file after it. */
  removePage?(document: DocumentView, page: number): Promise<DocumentView>;
  /**
   * Uses another member's file of the order for this item (the checklist is updated by the caller);
   * only where the item is offered such files (the documents step, not the order page's slots).
   */
  reuse?(offer: DocumentOffer): Promise<void>;
  /** The ZIP or postal code printed on a proof of address (issue 32 §1); the checklist is updated by the caller. */
  setProofCode?(country: AddressCountry, postalCode: string): Promise<void>;
}

/** Our team asked for this item again (decision 0068): their note, until a new upload answers it. */
export function RequestedByTeam({ requested }: { requested: ChecklistItemStatus['requested'] }) {
  if (!requested) return null;
  return (
    <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <span className="font-semibold">Requested by our team:</span> {requested.note}
    </p>
  );
}

/**
 * A stored file: for an image, its thumbnail (a small JPEG, not the phone's 5 MB photo) linking to
 * the whole image; "Open" for PDFs; its name and size.
 */
export function StoredFile({ document, children }: { document: DocumentView; children?: React.ReactNode }) {
  const image = document.type.startsWith('image/');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {/* At least 12rem before the actions wrap below it: with no basis the name shrank to nothing under them on a phone. */}
      <div className="flex min-w-0 grow basis-48 items-center gap-3">
        {image ? (
          <a href={document.links.preview} target="_blank" rel="noopener" className="shrink-0">
            <img
              src={thumbnailUrl(document.links.preview)}
              alt={`Preview of ${document.name}`}
              loading="lazy"
              className="size-14 rounded-lg border border-slate-200 bg-white object-contain"
            />
          </a>
        ) : (
          <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon name="file-text" className="size-6" />
          </span>
        )}
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900" title={document.name}>
            {document.name}
          </span>
          <span className="block text-sm text-slate-600">
            {formatFileSize(document.size)}
            {document.pages ? ` · ${pagesNote(document.pages)}` : null}
            {image ? null : (
              <>
                {' · '}
                <a
                  href={document.links.preview}
                  target="_blank"
                  aria-label={`${DOCUMENT_TEXT.open} ${document.name}`}
                  rel="noopener"
                  className={`${TAP_TARGET} font-semibold text-brand-700 underline underline-offset-4`}
                >
                  {DOCUMENT_TEXT.open}
                </a>
              </>
            )}
          </span>
        </span>
      </div>
      {children}
      {/* A fitted photo, signature or thumb impression: the engine's checks, kept with the document. */}
      {document.report ? (
        <div className="w-full rounded-xl border border-slate-200 bg-white p-2 sm:p-3">
          <PhotoChecks report={document.report} name={document.name} />
        </div>
      ) : null}
    </div>
  );
}

const isPdfFile = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** Why a file of an item was refused or not changed, read out as it appears; nothing when there is none. */
export function ItemProblem({ problem, id }: { problem: string | undefined; id?: string }) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-800">
      <Icon name="circle-alert" className="mt-0.5 size-4" />
      {problem}
    </p>
  );
}

/** Delete with a confirmation in place; the refusal (if any) is said by the caller. */
export function RemoveButton({ document, onRemove }: { document: DocumentView; onRemove(): Promise<void> }) {
  // The question takes the focus on Keep it; kept (Keep it or Escape), the focus goes back to Delete.
  const question = useQuestionInPlace<HTMLButtonElement>();
  if (!question.asking) {
    return (
      <button
        ref={question.button}
        type="button"
        onClick={() => question.setAsking(true)}
        className="btn-outline px-4 py-2 text-sm"
        aria-label={`${DOCUMENT_TEXT.remove} ${document.name}`}
      >
        <Icon name="trash-2" className="size-4" />
        {DOCUMENT_TEXT.remove}
      </button>
    );
  }
  return (
    <fieldset
      aria-label={`${DOCUMENT_TEXT.remove} ${document.name}`}
      className="w-full rounded-xl bg-red-50 p-3"
      onKeyDown={question.onKeyDown}
    >
      <p className="text-sm break-words text-red-900">{DOCUMENT_TEXT.confirmRemove(document.name)}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={question.busy}
          onClick={() => question.answer(onRemove)}
          className="btn-primary bg-red-700 px-4 py-2 text-sm hover:bg-red-800"
        >
          {DOCUMENT_TEXT.remove}
        </button>
        <button
          ref={question.first}
          type="button"
          onClick={() => question.setAsking(false)}
          className="btn-outline px-4 py-2 text-sm"
        >
          {DOCUMENT_TEXT.keep}
        </button>
      </div>
    </fieldset>
  );
}

type Phase =
  | { kind: 'idle' }
  /** `asPage`: a page being added, shown under the file it joins (which stays). */
  | { kind: 'uploading'; file: File; progress: number; controller: AbortController; asPage: boolean };

/**
 * One checklist item (issue 10 point 5): required or optional, its hint, ticked once uploaded;
 * a drop zone with a file picker, the upload's progress, the stored file's preview, Replace and
 * Delete, and the server's message when it refuses a file. Read-only once documents are closed.
 */
export function DocumentItem({
  item,
  canChange,
  actions,
  offers = [],
  slot,
}: {
  item: ChecklistItemStatus;
  canChange: boolean;
  actions: ItemActions;
  /** Other members' files this item can use instead of a new upload ("Use Priya’s passport copy"). */
  offers?: readonly DocumentOffer[];
  /** The item as a slot a link can name (the order page): its element id, focused by `ref`'s owner. */
  slot?: { id: string; ref: RefObject<HTMLLIElement | null> };
}) {
  const id = useId();
  const inputId = `${id}-file`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string>();
  /** What a screen reader is told when an upload ends well (its failures are the item's error). */
  const [said, setSaid] = useState('');
  const [dragging, setDragging] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  // In a member's form (its Documents step), Continue waits for an upload under way.
  const engine = useContext(EngineContext);
  const stored = item.documents[0];
  // In, but failing one of its rules: no green tick that says it is done (its checks say what to fix).
  const worthReplacing = itemWorthReplacing(item);
  // A photo fitted to a portal's size (it carries its checks) is one image; other files may take a page.
  const pageable =
    canChange &&
    actions.addPage &&
    stored &&
    !stored.report &&
    pageRefusal({ type: stored.type, pages: stored.pages }) === null;
  const limits = `${describeUploadTypes(item.accept.types)}, up to ${formatFileSize(item.accept.maxBytes)}`;

  /** A new file for the item, or (`asPage`) a photo of the stored file's next page. */
  async function choose(chosen: File | undefined, asPage = false) {
    if (!chosen || !canChange || phase.kind === 'uploading') return;
    const addPage = actions.addPage;
    if (asPage && !addPage) return;
    setProblem(undefined);
    // A page is kept at 1600 px: a phone's 4 MB photo of it need not cross a slow connection whole.
    const file = asPage ? await shrinkPagePhoto(chosen) : chosen;
    const refused = refusalBeforeSending(file, asPage ? pageUploadRule(item.accept) : item.accept);
    // A PDF is no page: it says where a PDF of every page goes instead of "JPEG, PNG or HEIC" alone.
    if (refused) return setProblem(asPage && isPdfFile(file) ? DOCUMENT_PAGE_MESSAGES.pdfNotAPage : refused);
    const controller = new AbortController();
    running.current = controller;
    setPhase({ kind: 'uploading', file, progress: 0, controller, asPage });
    setSaid('');
    try {
      const progress: SendProgress = {
        signal: controller.signal,
        onProgress: (fraction) =>
          setPhase((p) => (p.kind === 'uploading' && p.file === file ? { ...p, progress: fraction } : p)),
      };
      const sending = addPage && asPage ? addPage(file, progress) : actions.upload(file, progress);
      engine?.trackUpload(
        `document:${item.id}`,
        sending.then(
          () => true,
          () => controller.signal.aborted,
        ),
      );
      const sent = await sending;
      if (!controller.signal.aborted) {
        setSaid(sent?.pages ? DOCUMENT_TEXT.pageAdded(sent.name, sent.pages) : DOCUMENT_TEXT.uploadedName(file.name));
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        setProblem(errorMessage(error, asPage ? DOCUMENT_TEXT.pageFailed : DOCUMENT_TEXT.uploadFailed));
      }
    } finally {
      if (running.current === controller) running.current = null;
      setPhase({ kind: 'idle' });
    }
  }

  const [reusing, setReusing] = useState(false);
  const takeOffer = actions.reuse;
  const usableOffers = takeOffer ? offers : [];
  async function reuse(offer: DocumentOffer) {
    if (!takeOffer) return;
    setProblem(undefined);
    setReusing(true);
    try {
      await takeOffer(offer);
    } catch (error) {
      setProblem(errorMessage(error, DOCUMENT_TEXT.reuseFailed));
    } finally {
      setReusing(false);
    }
  }

  async function remove(document: DocumentView) {
    setProblem(undefined);
    try {
      await actions.remove(document);
    } catch (error) {
      setProblem(errorMessage(error, DOCUMENT_TEXT.removeFailed));
    }
  }

  const takePageOut = actions.removePage;
  async function removePage(document: DocumentView, page: number) {
    if (!takePageOut) return;
    setProblem(undefined);
    setSaid('');
    try {
      const left = await takePageOut(document, page);
      setSaid(DOCUMENT_TEXT.pageRemoved(page, left.name, left.pages ?? 1));
    } catch (error) {
      setProblem(errorMessage(error, DOCUMENT_TEXT.removePageFailed));
    }
  }

  const describedBy = [item.hint ? hintId : null, `${id}-limits`, problem ? errorId : null].filter(Boolean).join(' ');
  const picker = (label: string, primary: boolean) => (
    <label
      htmlFor={inputId}
      className={
        primary
          ? 'cursor-pointer font-semibold text-brand-700 underline underline-offset-4'
          : // Rung with the box when the input it opens has the keyboard's focus: Replace's own ring.
            'btn-outline cursor-pointer px-4 py-2 text-sm group-has-[>input:focus-visible]/zone:outline-3 group-has-[>input:focus-visible]/zone:outline-brand-500'
      }
    >
      {label}
    </label>
  );

  return (
    <li
      ref={slot?.ref}
      id={slot?.id}
      tabIndex={slot ? -1 : undefined}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full ${
            worthReplacing
              ? 'bg-amber-100 text-amber-800'
              : item.uploaded
                ? 'bg-green-100 text-green-800'
                : 'border border-slate-300 bg-white'
          }`}
        >
          {item.uploaded ? <Icon name={worthReplacing ? 'circle-alert' : 'check'} className="size-4" /> : null}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">{item.label}</h3>
          <p className="mt-0.5 text-xs font-semibold tracking-wide uppercase">
            {item.preparedByUs && !item.uploaded ? (
              <span className="text-slate-600">
                {item.printPack ? DOCUMENT_TEXT.preparedReady : DOCUMENT_TEXT.preparedByUs}
              </span>
            ) : item.required ? (
              <span className="text-brand-700">{DOCUMENT_TEXT.required}</span>
            ) : (
              <span className="text-slate-500">{DOCUMENT_TEXT.optional}</span>
            )}
            {item.uploaded ? <span className="text-green-800"> · {DOCUMENT_TEXT.uploaded}</span> : null}
            {worthReplacing ? <span className="text-amber-800"> · {DOCUMENT_TEXT.worthReplacing}</span> : null}
          </p>
          {item.hint ? (
            <p id={hintId} className="mt-1 text-sm text-slate-600">
              {item.hint}
            </p>
          ) : null}
          {item.printPack && !item.uploaded ? (
            <a
              href={item.printPack}
              download
              className="mt-1.5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              <Icon name="download" className="size-4" />
              {DOCUMENT_TEXT.printPackLink}
              <span className="sr-only">: {item.label}</span>
            </a>
          ) : null}
          <RequestedByTeam requested={item.requested} />
        </div>
      </div>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is how everyone chooses a file. */}
      <div
        onDragOver={(event) => {
          if (!canChange) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          if (!canChange) return;
          event.preventDefault();
          setDragging(false);
          void choose(event.dataTransfer.files[0]);
        }}
        data-testid={`drop-${item.id}`}
        className={`group/zone mt-3 rounded-xl p-2 has-[>input:focus-visible]:outline-3 has-[>input:focus-visible]:outline-brand-500 sm:p-3 ${
          canChange ? 'border-2 border-dashed' : 'border border-slate-200'
        } ${dragging ? 'border-brand-500 bg-brand-50' : problem ? 'border-red-300 bg-red-50/40' : 'border-slate-300 bg-slate-50'}`}
      >
        <p role="status" className="sr-only">
          {said}
        </p>
        {dragging ? (
          <p aria-hidden="true" className="pb-2 text-center text-sm font-semibold text-brand-800">
            {stored ? DOCUMENT_TEXT.dropToReplace(stored.name) : DOCUMENT_TEXT.dropToUpload}
          </p>
        ) : null}
        {canChange ? (
          <input
            id={inputId}
            type="file"
            name={item.id}
            accept={acceptAttribute(item.accept.types)}
            // With a file in, the input is what Replace opens, and is named so.
            aria-label={`${stored ? DOCUMENT_TEXT.replace : DOCUMENT_TEXT.choose}: ${item.label}`}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
            // Held, not disabled, while a file goes up: disabling it dropped the focus to the page.
            aria-disabled={phase.kind === 'uploading' || undefined}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
            className="sr-only"
          />
        ) : null}
        {phase.kind === 'uploading' && phase.asPage && stored ? <StoredFile document={stored} /> : null}
        {phase.kind === 'uploading' ? (
          <div className={`space-y-2 ${phase.asPage ? 'mt-3' : ''}`}>
            <p className="truncate text-sm font-medium text-slate-900" title={phase.file.name}>
              {phase.file.name}
            </p>
            <UploadProgress
              name={phase.file.name}
              progress={phase.progress}
              onCancel={() => phase.controller.abort()}
            />
          </div>
        ) : stored ? (
          <StoredFile document={stored}>
            {canChange ? (
              <div className="flex flex-wrap gap-2">
                {pageable ? (
                  <label className="btn-outline cursor-pointer px-4 py-2 text-sm has-focus-visible:outline-3 has-focus-visible:outline-brand-500">
                    <Icon name="plus" className="size-4" />
                    {DOCUMENT_TEXT.addPage}
                    <input
                      type="file"
                      accept={acceptAttribute(pageUploadRule(item.accept).types)}
                      aria-label={`${DOCUMENT_TEXT.addPage}: ${item.label}`}
                      aria-describedby={item.hint ? hintId : undefined}
                      onChange={(event) => {
                        void choose(event.target.files?.[0], true);
                        event.target.value = '';
                      }}
                      className="sr-only"
                    />
                  </label>
                ) : null}
                {picker(DOCUMENT_TEXT.replace, false)}
                {takePageOut && stored.pages && stored.pages > 1 ? (
                  <RemovePageButton
                    // A new file (another page count) asks afresh.
                    key={stored.id}
                    document={{ ...stored, pages: stored.pages }}
                    onRemove={(page) => removePage(stored, page)}
                  />
                ) : null}
                <RemoveButton document={stored} onRemove={() => remove(stored)} />
              </div>
            ) : null}
          </StoredFile>
        ) : canChange ? (
          <>
            {usableOffers.length > 0 ? (
              <div className="flex flex-wrap justify-center gap-2 pb-1">
                {usableOffers.map((offer) => (
                  <button
                    key={offer.documentId}
                    type="button"
                    disabled={reusing}
                    onClick={() => void reuse(offer)}
                    className="btn-primary px-4 py-2 text-sm disabled:opacity-70"
                  >
                    <Icon name="copy" className="size-4" />
                    {offer.label}
                  </button>
                ))}
              </div>
            ) : null}
            {usableOffers.length > 0 ? (
              <p className="py-2 text-center text-sm text-slate-700">
                {`${DOCUMENT_TEXT.reuseOr} `}
                {picker(DOCUMENT_TEXT.choose, true)} <span className="hidden sm:inline">{DOCUMENT_TEXT.orDrag}</span>
              </p>
            ) : (
              // The whole empty box opens the picker (a walk tapped it, and only the link answered); the
              // input's own aria-label names it.
              <label htmlFor={inputId} className="block cursor-pointer py-2 text-center text-sm text-slate-700">
                <span className="font-semibold text-brand-700 underline underline-offset-4">
                  {DOCUMENT_TEXT.choose}
                </span>{' '}
                <span className="hidden sm:inline">{DOCUMENT_TEXT.orDrag}</span>
              </label>
            )}
          </>
        ) : (
          <p className="text-sm text-slate-600">Not uploaded</p>
        )}
        {canChange ? (
          <p id={`${id}-limits`} className="mt-2 text-center text-xs text-slate-500">
            {limits}
          </p>
        ) : null}
      </div>
      {item.id === PROOF_OF_ADDRESS_ITEM && stored && phase.kind === 'idle' && actions.setProofCode ? (
        <ProofPostalCode item={item} document={stored} canChange={canChange} onSave={actions.setProofCode} />
      ) : null}
      <ItemProblem id={errorId} problem={problem} />
    </li>
  );
}
