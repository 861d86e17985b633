import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ApplicationOrder } from '../../../../domain/applications/application.ts';
import { COMPLETION_TEXT } from '../../../../domain/applications/completion.ts';
import { refundAskable, wasPaid } from '../../../../domain/checkout/receipt.ts';
import { CLOSED_ORDER_STATUSES } from '../../../../domain/orders/retention.ts';
import { toOrderStatus } from '../../../../domain/orders/status.ts';
import { STATUS_DESCRIPTIONS } from '../../../../domain/orders/status-descriptions.ts';
import { FilesRetentionNote } from '../../../components/files-retention-note.tsx';
import { StatusBadge } from '../../../components/order-list.tsx';
import { ORDERS_TAB_HREF, OrderNotFound } from '../../../components/order-not-found.tsx';
import { OrderRefundRequests } from '../../../components/order-refund-requests.tsx';
import { Timeline } from '../../../components/order-timeline.tsx';
import { PaidLinesPanel } from '../../../components/paid-lines-panel.tsx';
import { PremiumSupportCard } from '../../../components/premium-support-card.tsx';
import { StaffMessages } from '../../../components/staff-messages.tsx';
import { StrayCharges } from '../../../components/stray-charges.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applicationKeys, getApplication, getChecklist } from '../../../lib/application-api.ts';
import { chatButtonAsideWhileScrollingDown } from '../../../lib/chat-button-lift.ts';
import { getCostSummary } from '../../../lib/order-api.ts';
import { shortDate } from '../../../lib/order-format.ts';
import { ORDER_REFRESH_MS } from '../../../lib/order-refresh.ts';
import { DocumentSlotContext } from './document-slot.ts';
import { MembersSection } from './members-section.tsx';
import { OrderActions } from './order-actions.tsx';
import { PostingAddressPanel } from './posting-address-panel.tsx';
import { PriceSummary } from './price-summary.tsx';
import { TeamDocuments } from './team-documents.tsx';
import { backWithCustomerByTeam, sentBackRemark, ToDo } from './to-do.tsx';

export const ORDER_PAGE_TEXT = {
  teamRemark: (day: string) => `Our team’s note, ${day}:`,
} as const;

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Once paid, the lines the customer paid, as the receipt e-mail words them (issue 28), from the
 * order's cost summary; before (or while it loads), the price the order was started with. Either
 * way, the payments the order could not take: paid or not, their money left the customer's account.
 */
function OrderPrice({ order }: { order: ApplicationOrder }) {
  const paid = wasPaid(order.timeline);
  const summary = useQuery({
    queryKey: applicationKeys.costSummary(order.displayId),
    queryFn: async () => (await getCostSummary(order.displayId)).data,
    enabled: paid,
  });
  const stray = <StrayCharges charges={order.strayCharges} />;
  return paid && summary.data ? (
    <PaidLinesPanel summary={summary.data}>
      {stray}
      <OrderRefundRequests orderRef={order.displayId} askable={refundAskable(order.status)} />
    </PaidLinesPanel>
  ) : (
    <PriceSummary price={order.price}>{stray}</PriceSummary>
  );
}

/**
 * Our team's remark with the move to the order's status, beside the status: a walk's parent found
 * it only in the timeline at the bottom of a long page. Not when the to-do list says it already
 * (an application sent back to the customer).
 */
function StatusRemark({ order }: { order: ApplicationOrder }) {
  const last = order.timeline.at(-1);
  if (!last?.remark || last.by !== 'staff' || last.status !== order.status || sentBackRemark(order) !== null) {
    return null;
  }
  return (
    <p className="mt-3 max-w-3xl rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-slate-800">
      <span className="font-semibold">{ORDER_PAGE_TEXT.teamRemark(shortDate(last.at))}</span> {last.remark}
    </p>
  );
}

function OrderView({ order, orderRef, today }: { order: ApplicationOrder; orderRef: string; today: string }) {
  const title = useRef<HTMLHeadingElement>(null);
  const status = toOrderStatus(order.status);
  // On a phone, a long page of amounts and documents: the chat button steps aside on the way down.
  useEffect(chatButtonAsideWhileScrollingDown, []);
  const outcomeFirst = order.status === 'Approved' || order.status === 'Completed';
  const checklist = useQuery({
    queryKey: applicationKeys.checklist(order.displayId),
    queryFn: async () => (await getChecklist(order.displayId)).data,
  });

  return (
    <div className="bg-slate-50/60">
      <div className="page-x py-8 desk:py-12">
        <Link
          to={ORDERS_TAB_HREF}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <Icon name="arrow-left" className="size-4" />
          Your orders
        </Link>
        <header className="mt-4">
          <p className="eyebrow">Application {order.displayId}</p>
          <h1 ref={title} tabIndex={-1} className="mt-1 text-3xl font-bold tracking-tight text-slate-900 outline-none">
            {order.title}
          </h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-slate-700">
            <span className="flex items-center gap-2">
              <span className="text-sm text-slate-600">Status</span>
              <StatusBadge status={order.status} />
            </span>
            <span className="text-sm text-slate-600">Started {shortDate(order.createdAt)}</span>
          </p>
          {status ? (
            <p className="mt-2 max-w-3xl text-slate-700">
              {sentBackRemark(order) !== null
                ? COMPLETION_TEXT.sentBackStatus
                : backWithCustomerByTeam(order)
                  ? COMPLETION_TEXT.askedStatus
                  : STATUS_DESCRIPTIONS[status]}
            </p>
          ) : null}
          <StatusRemark order={order} />
        </header>

        {/* Closed, nothing is left to do, and "we will let you know when anything changes" is no longer true. */}
        {(CLOSED_ORDER_STATUSES as readonly string[]).includes(order.status) ? null : (
          <div className="mt-8">
            <ToDo order={order} paymentPending={status === 'Payment pending'} />
          </div>
        )}
        {/* Decided, what our team sent (the certificate, the approved document) is what the customer
            came for: first, not below the paid lines and every member (walk H, ~1,800 px down). */}
        {outcomeFirst ? (
          <div className="mt-8">
            <TeamDocuments orderRef={order.displayId} />
          </div>
        ) : null}
        <div className="mt-8 grid gap-8 desk:grid-cols-[minmax(0,1fr)_22rem] desk:items-start">
          <aside aria-label="Your order" className="space-y-6 desk:sticky desk:top-24 desk:order-2">
            <OrderActions order={order} orderRef={orderRef} focusAfterCancel={() => title.current} />
            <OrderPrice order={order} />
            {order.premiumSupport ? <PremiumSupportCard support={order.premiumSupport} /> : null}
          </aside>
          <div className="min-w-0 space-y-8 desk:order-1">
            {checklist.isError ? (
              <LoadError what="the document checklists" onRetry={() => void checklist.refetch()} />
            ) : null}
            <StaffMessages messages={order.messages} />
            <FilesRetentionNote files={order.files} />
            <PostingAddressPanel order={order} />
            <MembersSection order={order} today={today} checklist={checklist.data ?? null} />
            {outcomeFirst ? null : <TeamDocuments orderRef={order.displayId} />}
            <Timeline entries={order.timeline} />
          </div>
        </div>
      </div>
    </div>
  );
}

function LoadOrder({ orderRef, today }: { orderRef: string; today: string }) {
  const order = useQuery({
    queryKey: applicationKeys.order(orderRef),
    queryFn: async () => (await getApplication(orderRef)).data,
    refetchInterval: ORDER_REFRESH_MS,
    refetchOnWindowFocus: true,
    // Not found stays not found; other failures are tried again once.
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

  if (order.data) return <OrderView order={order.data} orderRef={orderRef} today={today} />;
  if (order.isError && isNotFound(order.error)) return <OrderNotFound />;
  return (
    <div className="page-x py-10">
      {order.isError ? (
        <LoadError what="this order" onRetry={() => void order.refetch()} />
      ) : (
        <LoadingStatus>Loading your order…</LoadingStatus>
      )}
    </div>
  );
}

/**
 * SERVICE_ORDER (/service-order?orderId=…, SPEC.md §2): one application's status, what is still to
 * do, its members, documents and timeline, and the actions its status allows. `orderRef` is the
 * DOC-… id or the order number (notification links); null when the address names no valid one.
 */
export function OrderPage({
  orderRef,
  today,
  slot = null,
}: {
  orderRef: string | null;
  today: string;
  /** The element id of the document slot `?document=` names (an e-mail's link): scrolled to and focused. */
  slot?: string | null;
}) {
  if (!orderRef) return <OrderNotFound />;
  return (
    <DocumentSlotContext.Provider value={slot}>
      <LoadOrder orderRef={orderRef} today={today} />
    </DocumentSlotContext.Provider>
  );
}
