import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { type DocumentView, documentSlot, documentSlotElementId } from '../../../../domain/applications/documents.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { applicationKeys, getDocuments } from '../../../lib/application-api.ts';
import { DocumentLine } from './checklist-view.tsx';
import { useDocumentSlot } from './document-slot.ts';

/** The documents our team sent back (SPEC.md §7 /user-order/documents/): receipts, the approved document. */
export function TeamDocuments({ orderRef }: { orderRef: string }) {
  const documents = useQuery({
    queryKey: applicationKeys.documents(orderRef, 'to-customer'),
    queryFn: async () => (await getDocuments(orderRef, 'to-customer')).data,
  });
  const list = documents.data?.results;
  return (
    <Panel id="order-team-documents" title="Documents from our team">
      <div className="mt-3">
        {documents.isError ? (
          <LoadError what="the documents from our team" onRetry={() => void documents.refetch()} />
        ) : !list ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Icon name="loader-circle" className="size-4 animate-spin" />
            Loading documents…
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nothing yet. When our team sends you a document, such as a receipt or your approved document, it appears
            here.
          </p>
        ) : (
          <ul className="space-y-2">
            {list.map((document) => (
              <SentDocument key={document.id} document={document} />
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

/** One document from our team: a slot the e-mail that announced it links to. */
function SentDocument({ document }: { document: DocumentView }) {
  const ref = useRef<HTMLLIElement>(null);
  const slotId = documentSlotElementId(documentSlot.sent(document.id));
  const named = useDocumentSlot(ref, slotId);
  return (
    <li
      ref={ref}
      id={slotId ?? undefined}
      tabIndex={named ? -1 : undefined}
      className="scroll-mt-24 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <DocumentLine document={document} />
    </li>
  );
}
