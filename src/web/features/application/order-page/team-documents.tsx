import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { applicationKeys, getDocuments } from '../../../lib/application-api.ts';
import { DocumentLine } from './checklist-view.tsx';

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
              <li key={document.id}>
                <DocumentLine document={document} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
