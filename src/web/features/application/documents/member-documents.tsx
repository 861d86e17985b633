import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DOCUMENT_MESSAGES,
  type DocumentView,
  type MemberChecklist,
} from '../../../../domain/applications/documents.ts';
import type { DocumentOffer } from '../../../../domain/applications/household.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  addDocumentPage,
  deleteDocument,
  removeDocumentPage,
  reuseDocument,
  uploadDocument,
} from '../../../lib/application-api.ts';
import {
  DOCUMENT_TEXT,
  DocumentItem,
  type ItemActions,
  ItemProblem,
  RemoveButton,
  StoredFile,
} from './document-item.tsx';
import { proofCodeSaver } from './proof-postal-code.tsx';

export const DOCUMENTS_TEXT = {
  title: 'Documents',
  intro:
    'Upload a clear scan or photo of each document. Required ones must be in before we can check the application. A document of several pages can be one file, or a photo of each page: upload the first, then use “Add a page”.',
  /** The items the form's own steps ask for (their checklist labels), not asked again here. */
  askedInForm: (labels: readonly string[]) =>
    `Uploaded in the form’s own steps, so not asked again here: ${labels.join(', ')}.`,
  other: 'Files no longer on the checklist',
  otherHint: 'These were uploaded for documents this member no longer needs. You can delete them.',
  noItems: 'No documents are needed for this member.',
  allInForm: 'Nothing more to upload: the form’s own steps asked for every document this member needs.',
} as const;

/**
 * One member's documents checklist (issue 10 point 5, docs/decisions/0053): each item with its
 * upload, and the files of items the checklist no longer lists. `skip` leaves out the items the
 * member's form asks for as questions (photo, signature), so nothing is asked twice.
 */
export function MemberDocuments({
  orderRef,
  checklist,
  canChange,
  onChecklist,
  skip = [],
  offers = [],
}: {
  orderRef: string;
  checklist: MemberChecklist;
  canChange: boolean;
  /** The member's checklist after an upload or a deletion. */
  onChecklist(checklist: MemberChecklist): Promise<void>;
  skip?: readonly string[];
  /** Other members' files the items can use again (household.ts documentOffers). */
  offers?: readonly DocumentOffer[];
}) {
  const client = useQueryClient();
  const items = checklist.items.filter((item) => !skip.includes(item.id));
  const skipped = checklist.items.filter((item) => skip.includes(item.id)).map((item) => item.label);

  const actionsFor = (itemId: string): ItemActions => ({
    upload: async (file, { onProgress, signal }) => {
      const { checklist: next } = await uploadDocument(orderRef, checklist.memberId, itemId, file, {
        onProgress,
        signal,
      });
      await onChecklist(next);
    },
    addPage: async (file, progress) => {
      const { document, checklist: next } = await addDocumentPage(orderRef, checklist.memberId, itemId, file, progress);
      await onChecklist(next);
      return document;
    },
    remove: async (document: DocumentView) => {
      // null: the document was no member's (nothing of the view changes).
      const next = (await deleteDocument(orderRef, document.id)).data;
      if (next) await onChecklist(next);
    },
    removePage: async (document, page) => {
      const { document: left, checklist: next } = (await removeDocumentPage(orderRef, document.id, page)).data;
      await onChecklist(next);
      return left;
    },
    reuse: async (offer) => {
      await onChecklist((await reuseDocument(orderRef, checklist.memberId, itemId, offer.documentId)).data.checklist);
    },
    setProofCode: proofCodeSaver(client, orderRef, checklist.memberId, onChecklist),
  });

  return (
    <div className="space-y-4">
      {canChange ? null : (
        <p role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {DOCUMENT_MESSAGES.locked}
        </p>
      )}
      {skipped.length > 0 ? <p className="text-sm text-slate-600">{DOCUMENTS_TEXT.askedInForm(skipped)}</p> : null}
      {items.length > 0 ? (
        <ul className="space-y-3">
          {items.map((item) => (
            <DocumentItem
              key={item.id}
              item={item}
              canChange={canChange}
              actions={actionsFor(item.id)}
              offers={offers.filter((offer) => offer.itemId === item.id)}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-slate-200 bg-slate-50 p-5 text-slate-700">
          {skipped.length > 0 ? DOCUMENTS_TEXT.allInForm : DOCUMENTS_TEXT.noItems}
        </p>
      )}
      {checklist.otherDocuments.length > 0 ? (
        <section aria-labelledby={`other-${checklist.memberId}`} className="rounded-2xl border border-slate-200 p-4">
          <h3 id={`other-${checklist.memberId}`} className="font-semibold text-slate-900">
            {DOCUMENTS_TEXT.other}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{DOCUMENTS_TEXT.otherHint}</p>
          <ul className="mt-3 space-y-3">
            {checklist.otherDocuments.map((document) => (
              <OtherDocument
                key={document.id}
                document={document}
                canChange={canChange}
                onRemove={actionsFor('').remove}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function OtherDocument({
  document,
  canChange,
  onRemove,
}: {
  document: DocumentView;
  canChange: boolean;
  onRemove(document: DocumentView): Promise<void>;
}) {
  const [problem, setProblem] = useState<string>();
  return (
    <li>
      <StoredFile document={document}>
        {canChange && document.uploadedBy === 'customer' ? (
          <RemoveButton
            document={document}
            onRemove={async () => {
              setProblem(undefined);
              try {
                await onRemove(document);
              } catch (error) {
                setProblem(errorMessage(error, DOCUMENT_TEXT.removeFailed));
              }
            }}
          />
        ) : null}
      </StoredFile>
      <ItemProblem problem={problem} />
    </li>
  );
}
