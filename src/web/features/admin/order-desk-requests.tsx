import type { DeskDocumentRequest } from '../../../domain/admin/orders.ts';
import { formatUtc } from './order-format.ts';

const REQUESTS_TEXT = {
  asked: (at: string, by: string) => `Asked ${at} by ${by}`,
  answered: (at: string, fileName: string) => `Answered ${at} (${fileName})`,
  waiting: 'Waiting for the customer',
} as const;

/**
 * The documents staff asked the customer for, newest first: the item and member, who asked and
 * when, the note the customer read, and whether their upload answered it yet. Once answered, the
 * checklist no longer shows the request: this list keeps it in view.
 */
export function DocumentRequests({ requests }: { requests: readonly DeskDocumentRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="desk-requests" className="mt-4 border-t border-slate-200 pt-3">
      <h3 id="desk-requests" className="font-bold text-slate-900">
        Requests
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {requests.map((request) => (
          <li key={request.id} className="py-2">
            <p>
              <span className="font-medium">{request.document}</span> · {request.memberName}
            </p>
            <p className="text-xs break-words text-slate-600">
              {REQUESTS_TEXT.asked(formatUtc(request.requestedAt), request.requestedBy)}
            </p>
            <p className="whitespace-pre-wrap text-slate-700">“{request.note}”</p>
            {request.answered ? (
              <p className="break-words text-green-800">
                {REQUESTS_TEXT.answered(formatUtc(request.answered.at), request.answered.fileName)}
              </p>
            ) : (
              <p className="font-medium text-amber-800">{REQUESTS_TEXT.waiting}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
