import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { pagesNote } from '../../../../domain/applications/document-pages.ts';
import {
  type ChecklistItemStatus,
  type DocumentView,
  documentSlot,
  documentSlotElementId,
  itemRequest,
  itemStillNeeded,
  itemWorthReplacing,
  type MemberChecklist,
} from '../../../../domain/applications/documents.ts';
import { PROOF_OF_ADDRESS_ITEM } from '../../../../domain/jurisdiction/proof-of-address.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { TAP_TARGET } from '../../../components/ui/tap-target.ts';
import {
  addDocumentPage,
  applicationKeys,
  deleteDocument,
  removeDocumentPage,
  uploadDocument,
} from '../../../lib/application-api.ts';
import { fileSize, shortDate } from '../../../lib/order-format.ts';
import { DOCUMENT_TEXT, DocumentItem, RequestedByTeam } from '../documents/document-item.tsx';
import { ProofPostalCode, proofCodeSaver } from '../documents/proof-postal-code.tsx';
import { rememberChecklist } from '../form-page/application-data.ts';
import { useDocumentSlot } from './document-slot.ts';

/**
 * One stored file: its name (cut to 500 characters by the server), size and date, with Preview and
 * Download. On a phone the name has the line to itself, the rest below it: beside the size and date
 * it was left a column a few letters wide and broke mid-word.
 */
export function DocumentLine({ document }: { document: DocumentView }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="min-w-0 basis-full break-words text-slate-800 [overflow-wrap:anywhere] sm:flex-1">
        {document.name}
      </span>
      <span className="text-slate-600">
        {[fileSize(document.size), pagesNote(document.pages), shortDate(document.uploadedAt)]
          .filter(Boolean)
          .join(' · ')}
      </span>
      <span className="flex gap-3">
        <a
          href={document.links.preview}
          target="_blank"
          rel="noopener"
          aria-label={`Preview ${document.name} (opens in a new tab)`}
          className={`${TAP_TARGET} font-semibold text-brand-700 underline-offset-2 hover:underline`}
        >
          Preview
        </a>
        <a
          href={document.links.download}
          download
          aria-label={`Download ${document.name}`}
          className={`${TAP_TARGET} font-semibold text-brand-700 underline-offset-2 hover:underline`}
        >
          Download
        </a>
      </span>
    </div>
  );
}

const REQUEST_STATE = { again: 'Requested again', new: 'Requested' } as const;

/**
 * Where an item stands: what we prepare is sent after payment; the rest is required or optional, and
 * uploaded, missing (not uploaded, when optional), or asked for again by our team (its file is not
 * the one they wait for).
 */
export function itemStanding(item: ChecklistItemStatus, worthReplacing = itemWorthReplacing(item)): string {
  if (item.preparedByUs && !item.uploaded)
    return item.printPack ? DOCUMENT_TEXT.preparedReady : DOCUMENT_TEXT.preparedByUs;
  // An optional item is never "missing": a walk's family read a Canadian-born child's optional
  // surrender certificate so, though nothing waited on it.
  const absent = item.required ? 'Missing' : 'Not uploaded';
  const request = itemRequest(item);
  const state = request ? REQUEST_STATE[request] : item.uploaded ? 'Uploaded' : absent;
  const redo = worthReplacing && item.uploaded ? ` · ${DOCUMENT_TEXT.worthReplacing}` : '';
  return `${item.required ? 'Required' : 'Optional'} · ${state}${redo}`;
}

/** Where the checklist was, once the retention policy deleted the order's files (issue 34 §4). */
export const FILES_DELETED_TEXT = 'Documents: deleted under our retention policy';

/**
 * A member's checklist: each item ticked or missing, required or optional, with the file uploaded
 * for it; files of items the checklist no longer lists after it. Read-only, except an item our team
 * asked for again, which is uploaded right here while documents may change (the request e-mail
 * links to it), so the answers are not touched, and the code printed on a proof of address, asked
 * here too (a proof uploaded for a request is a new file, its code not given yet). Each item is a
 * slot `?document=` can name. Once the retention policy deleted the order's files, one line says
 * so: every item would read "Missing".
 */
export function ChecklistView({
  orderRef,
  checklist,
  canChangeDocuments,
  filesDeleted,
  worthReplacing = [],
}: {
  orderRef: string;
  checklist: MemberChecklist;
  canChangeDocuments: boolean;
  filesDeleted: boolean;
  /**
   * The member's items the order names as worth replacing (its `toDo.photosToRedo`): a file that
   * fails a rule, or the same file as another member's, which the item alone cannot tell.
   */
  worthReplacing?: readonly string[];
}) {
  if (filesDeleted)
    return (
      <p className="mt-4 rounded-xl border border-slate-200 bg-slate-50/60 px-4 py-3 text-sm font-semibold text-slate-900">
        {FILES_DELETED_TEXT}
      </p>
    );
  const required = checklist.items.filter((item) => item.required);
  const done = required.filter((item) => item.uploaded).length;
  return (
    <details className="group mt-4 rounded-xl border border-slate-200 bg-slate-50/60">
      <summary className="flex cursor-pointer items-center justify-between gap-3 px-4 py-3 text-sm font-semibold text-slate-900">
        <span>
          {required.length > 0
            ? `Documents: ${done} of ${required.length} required uploaded`
            : 'Documents (all optional)'}
        </span>
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="space-y-3 border-t border-slate-200 px-2 py-3 sm:px-4">
        {checklist.items.map((item) =>
          item.requested && canChangeDocuments ? (
            <RequestedItem key={item.id} orderRef={orderRef} memberId={checklist.memberId} item={item} />
          ) : (
            <ChecklistLine
              key={item.id}
              orderRef={orderRef}
              memberId={checklist.memberId}
              item={item}
              canChangeDocuments={canChangeDocuments}
              worthReplacing={itemWorthReplacing(item) || worthReplacing.includes(item.id)}
            />
          ),
        )}
        {checklist.otherDocuments.length > 0 ? (
          <li>
            <p className="text-sm font-medium text-slate-900">Other files</p>
            <div className="mt-1.5 space-y-1.5 pl-6">
              {checklist.otherDocuments.map((document) => (
                <DocumentLine key={document.id} document={document} />
              ))}
            </div>
          </li>
        ) : null}
      </ul>
    </details>
  );
}

/** One item, read-only: ticked or missing, where it stands, our team's request, its file (a proof of address's code). */
function ChecklistLine({
  orderRef,
  memberId,
  item,
  canChangeDocuments,
  worthReplacing,
}: {
  orderRef: string;
  memberId: number;
  item: ChecklistItemStatus;
  canChangeDocuments: boolean;
  worthReplacing: boolean;
}) {
  const ref = useRef<HTMLLIElement>(null);
  const slotId = documentSlotElementId(documentSlot.item(memberId, item.id));
  const named = useDocumentSlot(ref, slotId);
  return (
    <li
      ref={ref}
      id={slotId ?? undefined}
      tabIndex={named ? -1 : undefined}
      className="scroll-mt-24 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <p className="flex items-start gap-2 text-sm">
        {worthReplacing && item.uploaded ? (
          <Icon name="circle-alert" className="mt-0.5 size-4 text-amber-700" />
        ) : item.uploaded ? (
          <Icon name="circle-check" className="mt-0.5 size-4 text-green-700" />
        ) : (
          <Icon
            name={itemStillNeeded(item) ? 'circle-alert' : 'minus'}
            className={`mt-0.5 size-4 ${itemStillNeeded(item) ? 'text-amber-700' : 'text-slate-500'}`}
          />
        )}
        <span className="min-w-0 flex-1">
          <span className="font-medium text-slate-900">{item.label}</span>{' '}
          <span className="text-slate-600">· {itemStanding(item, worthReplacing)}</span>
        </span>
      </p>
      <div className="pl-6">
        <RequestedByTeam requested={item.requested} />
      </div>
      {item.documents.length > 0 ? (
        <div className="mt-1.5 space-y-1.5 pl-6">
          {item.documents.map((document) => (
            <DocumentLine key={document.id} document={document} />
          ))}
        </div>
      ) : null}
      {item.id === PROOF_OF_ADDRESS_ITEM ? (
        <ProofCode orderRef={orderRef} memberId={memberId} item={item} canChange={canChangeDocuments} />
      ) : null}
    </li>
  );
}

/**
 * A proof of address's code on the order page: asked while documents may change and the proof has
 * none, as the documents step asks it (decision 0118); shown once given, with any conflict.
 */
function ProofCode({
  orderRef,
  memberId,
  item,
  canChange,
}: {
  orderRef: string;
  memberId: number;
  item: ChecklistItemStatus;
  canChange: boolean;
}) {
  const client = useQueryClient();
  const [stored] = item.documents;
  if (!stored || !(canChange || stored.proofAddress || item.conflict)) return null;
  return (
    <div className="pl-6">
      <ProofPostalCode
        item={item}
        document={stored}
        canChange={canChange}
        onSave={proofCodeSaver(client, orderRef, memberId, (next) => rememberChecklist(client, orderRef, next))}
      />
    </div>
  );
}

/** An item our team asked for again: its upload, here on the order page. */
function RequestedItem({
  orderRef,
  memberId,
  item,
}: {
  orderRef: string;
  memberId: number;
  item: ChecklistItemStatus;
}) {
  const client = useQueryClient();
  const ref = useRef<HTMLLIElement>(null);
  const slotId = documentSlotElementId(documentSlot.item(memberId, item.id));
  useDocumentSlot(ref, slotId);
  return (
    <DocumentItem
      item={item}
      canChange
      {...(slotId ? { slot: { id: slotId, ref } } : {})}
      actions={{
        upload: async (file, progress) => {
          const { checklist } = await uploadDocument(orderRef, memberId, item.id, file, progress);
          // The answer moves the order on (its to-do list and status shrink above this item): the
          // order is read first, so the item's answered line is brought into view on the page as
          // it settles (walk H's phone was left on the timeline below).
          await client.invalidateQueries({ queryKey: applicationKeys.order(orderRef) });
          await rememberChecklist(client, orderRef, checklist);
        },
        addPage: async (file, progress) => {
          const { document, checklist } = await addDocumentPage(orderRef, memberId, item.id, file, progress);
          await rememberChecklist(client, orderRef, checklist);
          return document;
        },
        remove: async (document: DocumentView) => {
          // null: the document was no member's (nothing of the view changes).
          const next = (await deleteDocument(orderRef, document.id)).data;
          if (next) await rememberChecklist(client, orderRef, next);
        },
        removePage: async (document, page) => {
          const { document: left, checklist } = (await removeDocumentPage(orderRef, document.id, page)).data;
          await rememberChecklist(client, orderRef, checklist);
          return left;
        },
        setProofCode: proofCodeSaver(client, orderRef, memberId, (next) => rememberChecklist(client, orderRef, next)),
      }}
    />
  );
}
