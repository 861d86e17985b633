import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '../../domain/catalog/money.ts';
import { PAID_LINES_TEXT, refundRequestHref } from '../../domain/checkout/receipt.ts';
import {
  isOpenRefundRequest,
  ORDER_REFUNDS_TEXT,
  type OrderRefundRequest,
  orderRefundLine,
} from '../../domain/refunds/order-refunds.ts';
import { getRefundRequests, refundRequestsKey } from '../lib/order-api.ts';
import { shortDate } from '../lib/order-format.ts';
import { TAP_TARGET } from './ui/tap-target.ts';

const STATE_TONE: Record<OrderRefundRequest['status'], string> = {
  Received: 'text-slate-700',
  'In review': 'text-slate-700',
  Approved: 'text-slate-700',
  Refunded: 'text-green-800',
  Rejected: 'text-amber-800',
};

/**
 * The refund request form for the order, while it can take one: not while a request waits for its
 * decision (the form would refuse it), which is named instead; once the list is in, so that the
 * link does not flash.
 */
function AskRefund({ orderRef, waiting }: { orderRef: string; waiting: OrderRefundRequest | undefined }) {
  if (waiting) return <p className="mt-4 text-sm text-slate-700">{ORDER_REFUNDS_TEXT.waiting(waiting.reference)}</p>;
  return (
    <p className="mt-4 text-sm">
      <Link
        to={refundRequestHref(orderRef)}
        className={`${TAP_TARGET} font-semibold text-brand-700 underline underline-offset-2`}
      >
        {PAID_LINES_TEXT.askRefund}
      </Link>
    </p>
  );
}

/**
 * A paid order's refund requests inside its payment panel, newest first: each with its reference
 * and the amount asked, the day it was asked for and decided, and its state in the bell's words
 * (with why less was refunded, or why it was refused); then the way to ask for one, while
 * `askable` (the order's status allows it).
 */
export function OrderRefundRequests({ orderRef, askable }: { orderRef: string; askable: boolean }) {
  const requests = useQuery({
    queryKey: refundRequestsKey(orderRef),
    queryFn: async () => (await getRefundRequests(orderRef)).data,
  });
  if (requests.isError) {
    return (
      <>
        <p role="alert" className="mt-4 text-sm text-amber-800">
          {ORDER_REFUNDS_TEXT.loadError}
        </p>
        {askable ? <AskRefund orderRef={orderRef} waiting={undefined} /> : null}
      </>
    );
  }
  if (!requests.data) return null;
  const waiting = requests.data.find((request) => isOpenRefundRequest(request.status));
  const ask = askable ? <AskRefund orderRef={orderRef} waiting={waiting} /> : null;
  if (requests.data.length === 0) return ask;
  return (
    <>
      <div className="mt-4 border-t border-slate-200 pt-3">
        <h3 id="refund-requests" className="font-semibold text-slate-900">
          {ORDER_REFUNDS_TEXT.title}
        </h3>
        <ul aria-labelledby="refund-requests" className="mt-3 space-y-3">
          {requests.data.map((request) => (
            <li key={request.reference} className="text-sm">
              <p className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
                <span className="font-medium whitespace-nowrap text-slate-900">
                  {ORDER_REFUNDS_TEXT.asked(request.reference, formatMoney(request))}
                </span>
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
      {ask}
    </>
  );
}
