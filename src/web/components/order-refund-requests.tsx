import { useQuery } from '@tanstack/react-query';
import { ORDER_REFUNDS_TEXT, type OrderRefundRequest, orderRefundLine } from '../../domain/refunds/order-refunds.ts';
import { getRefundRequests, refundRequestsKey } from '../lib/order-api.ts';
import { shortDate } from '../lib/order-format.ts';

const STATE_TONE: Record<OrderRefundRequest['status'], string> = {
  Received: 'text-slate-700',
  'In review': 'text-slate-700',
  Approved: 'text-slate-700',
  Refunded: 'text-green-800',
  Rejected: 'text-amber-800',
};

/**
 * A paid order's refund requests inside its payment panel, newest first: each with its reference,
 * the day it was asked for and decided, and its state in the bell's words (with why less was
 * refunded, or why it was refused). Nothing when the order has none.
 */
export function OrderRefundRequests({ orderRef }: { orderRef: string }) {
  const requests = useQuery({
    queryKey: refundRequestsKey(orderRef),
    queryFn: async () => (await getRefundRequests(orderRef)).data,
  });
  if (requests.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-amber-800">
        {ORDER_REFUNDS_TEXT.loadError}
      </p>
    );
  }
  if (!requests.data || requests.data.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <h3 id="refund-requests" className="font-semibold text-slate-900">
        {ORDER_REFUNDS_TEXT.title}
      </h3>
      <ul aria-labelledby="refund-requests" className="mt-3 space-y-3">
        {requests.data.map((request) => (
          <li key={request.reference} className="text-sm">
            <p className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
              <span className="font-medium text-slate-900">{request.reference}</span>
              <span className={`font-medium ${STATE_TONE[request.status]}`}>
                {ORDER_REFUNDS_TEXT.state[request.status]}
              </span>
            </p>
            <p className="break-words text-slate-700">{orderRefundLine(request)}</p>
            <p className="text-xs text-slate-600">
              {ORDER_REFUNDS_TEXT.dates(
                shortDate(request.requestedAt),
                request.decidedAt && shortDate(request.decidedAt),
              )}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
