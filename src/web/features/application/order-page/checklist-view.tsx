import type { DocumentView, MemberChecklist } from '../../../../domain/applications/documents.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { fileSize, shortDate } from '../../../lib/order-format.ts';
import { RequestedByTeam } from '../documents/document-item.tsx';

/** One stored file: its name (cut to 500 characters by the server), size and date, with Preview and Download. */
export function DocumentLine({ document }: { document: DocumentView }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="min-w-0 flex-1 break-words text-slate-800 [overflow-wrap:anywhere]">{document.name}</span>
      <span className="text-slate-600">
        {fileSize(document.size)} · {shortDate(document.uploadedAt)}
      </span>
      <span className="flex gap-3">
        <a
          href={document.links.preview}
          target="_blank"
          rel="noopener"
          aria-label={`Preview ${document.name} (opens in a new tab)`}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Preview
        </a>
        <a
          href={document.links.download}
          download
          aria-label={`Download ${document.name}`}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Download
        </a>
      </span>
    </div>
  );
}

/**
 * A member's checklist, read-only: each item ticked or missing, required or optional, with the file
 * uploaded for it; files of items the checklist no longer lists after it.
 */
export function ChecklistView({ checklist }: { checklist: MemberChecklist }) {
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
        <Icon name="chevron-down" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="space-y-3 border-t border-slate-200 px-4 py-3">
        {checklist.items.map((item) => (
          <li key={item.id}>
            <p className="flex items-start gap-2 text-sm">
              {item.uploaded ? (
                <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-green-700" />
              ) : (
                <Icon
                  name={item.required ? 'circle-alert' : 'minus'}
                  className={`mt-0.5 size-4 shrink-0 ${item.required ? 'text-amber-700' : 'text-slate-500'}`}
                />
              )}
              <span className="min-w-0 flex-1">
                <span className="font-medium text-slate-900">{item.label}</span>{' '}
                <span className="text-slate-600">
                  · {item.required ? 'Required' : 'Optional'} · {item.uploaded ? 'Uploaded' : 'Missing'}
                </span>
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
          </li>
        ))}
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
