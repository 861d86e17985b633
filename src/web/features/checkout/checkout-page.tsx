import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ApplicationOrder } from '../../../domain/applications/application.ts';
import { COMPLETION_TEXT } from '../../../domain/applications/completion.ts';
import { PHOTOS_TO_REDO_TEXT, type PhotoToRedo } from '../../../domain/applications/photos-to-redo.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { PAYMENT_MESSAGES } from '../../../domain/payments/payment.ts';
import { OrderNotFound } from '../../components/order-not-found.tsx';
import { HeadedList } from '../../components/ui/headed-list.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { TAP_TARGET } from '../../components/ui/tap-target.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applicationFormHref, applicationKeys, getApplication, serviceOrderHref } from '../../lib/application-api.ts';
import { chatButtonAsideWhileScrollingDown } from '../../lib/chat-button-lift.ts';
import { applyCoupon, getAddOns, getCostSummary, removeCoupon } from '../../lib/order-api.ts';
import { putAnswer } from '../../lib/query-client.tsx';
import { AddOnsSection } from './add-ons-section.tsx';
import { CHECKOUT_SUMMARY_TEXT, CheckoutSummary } from './checkout-summary.tsx';

export const CHECKOUT_TEXT = {
  title: 'Checkout',
  /** Above the add-ons on a phone, where the summary comes after them (walk F: the total ~1,500 px down). */
  totalUpFront: 'Total to pay',
  toSummary: 'See the cost summary and pay',
  back: 'Back to your order',
  coupon: CHECKOUT_SUMMARY_TEXT.coupon,
  pay: CHECKOUT_SUMMARY_TEXT.pay,
  payNote: CHECKOUT_SUMMARY_TEXT.payNote,
  afterAllDone: COMPLETION_TEXT.allIn,
  stillNeeded: COMPLETION_TEXT.stillNeeded,
  payFirst: COMPLETION_TEXT.payFirst,
  moreNeeded: (count: number) => `and ${count} more`,
  finishForms: 'Continue the application',
  loading: 'Loading your checkout…',
} as const;

/** How many missing items the Payment card lists before "and N more". */
const STILL_NEEDED_SHOWN = 4;

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * What is left after paying: the spec lets customers pay first and finish the forms afterwards. The
 * list is the server's `missing`, by the rule that moves the order's status (issue 28), so
 * "Everything is in" here means Order pending after payment.
 */
function AfterPayment({ order }: { order: ApplicationOrder }) {
  return (
    <>
      <StillNeeded order={order} />
      <PhotosToRedo photos={order.toDo.photosToRedo} />
    </>
  );
}

/**
 * A photo in that fails a rule, named before the customer pays: it holds nothing back, but the
 * portal checks the same rules, and a new one costs less now than after our team asks for it.
 */
function PhotosToRedo({ photos }: { photos: readonly PhotoToRedo[] }) {
  if (photos.length === 0) return null;
  return (
    <div className="mt-3 space-y-1 text-sm text-slate-700">
      <HeadedList
        id="checkout-photos-to-redo"
        heading={PHOTOS_TO_REDO_TEXT.heading}
        items={photos.map((photo) => PHOTOS_TO_REDO_TEXT.item(photo))}
      />
      <p>{PHOTOS_TO_REDO_TEXT.why}</p>
    </div>
  );
}

/**
 * What our team prepares once the order is paid, for the customer to sign and upload: due from
 * payment on, so "Everything is in" would promise an Order pending the payment does not bring.
 */
function PreparedAfterPayment({ order }: { order: ApplicationOrder }) {
  if (order.preparedAfterPayment.length === 0) return null;
  return (
    <HeadedList
      id="checkout-prepared"
      heading={COMPLETION_TEXT.preparedAfterPayment}
      items={order.preparedAfterPayment}
    />
  );
}

function StillNeeded({ order }: { order: ApplicationOrder }) {
  if (order.missing.length === 0 && order.preparedAfterPayment.length > 0)
    return (
      <div className="space-y-2 text-sm text-slate-700">
        <PreparedAfterPayment order={order} />
        <p>{COMPLETION_TEXT.allInThenPrepared}</p>
      </div>
    );
  if (order.missing.length === 0) return <p className="text-sm text-slate-700">{CHECKOUT_TEXT.afterAllDone}</p>;
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <HeadedList
        id="checkout-still-needed"
        heading={CHECKOUT_TEXT.stillNeeded}
        items={order.missing.slice(0, STILL_NEEDED_SHOWN)}
      />
      {/* A family's order can miss a dozen things: the rest on request, so Pay stays in sight on a phone. */}
      {order.missing.length > STILL_NEEDED_SHOWN ? (
        <details className="group">
          <summary className="cursor-pointer font-semibold text-brand-700 underline">
            {CHECKOUT_TEXT.moreNeeded(order.missing.length - STILL_NEEDED_SHOWN)}
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {order.missing.slice(STILL_NEEDED_SHOWN).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <PreparedAfterPayment order={order} />
      <p>
        {CHECKOUT_TEXT.payFirst}{' '}
        <Link to={applicationFormHref(order.displayId)} className="font-semibold text-brand-700 underline">
          {CHECKOUT_TEXT.finishForms}
        </Link>
      </p>
    </div>
  );
}

function Checkout({ order }: { order: ApplicationOrder }) {
  const ref = order.displayId;
  // On a phone it covered an add-on's label and the coupon's Apply (walk G): it steps aside on the way down.
  useEffect(chatButtonAsideWhileScrollingDown, []);
  const queryClient = useQueryClient();
  const addOns = useQuery({ queryKey: applicationKeys.addOns(ref), queryFn: async () => (await getAddOns(ref)).data });
  const summary = useQuery({
    queryKey: applicationKeys.costSummary(ref),
    queryFn: async () => (await getCostSummary(ref)).data,
  });

  return (
    <div className="mt-8 grid gap-8 desk:grid-cols-[minmax(0,1fr)_24rem] desk:items-start">
      <div className="min-w-0 space-y-8">
        {summary.data ? (
          <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-2xl border border-slate-200 bg-white px-4 py-3 desk:hidden">
            <span className="text-slate-700">
              {CHECKOUT_TEXT.totalUpFront}{' '}
              <strong className="text-lg text-slate-900">
                {formatMoney({ amountCents: summary.data.totalCents, currency: summary.data.currency })}
              </strong>
            </span>
            <a
              href="#checkout-summary"
              className={`${TAP_TARGET} font-semibold text-brand-700 underline underline-offset-4`}
            >
              {CHECKOUT_TEXT.toSummary}
            </a>
          </p>
        ) : null}
        {addOns.isError ? <LoadError what="the add-ons" onRetry={() => void addOns.refetch()} /> : null}
        {addOns.data ? (
          <AddOnsSection orderRef={ref} addOns={addOns.data.addOns} members={order.members} />
        ) : addOns.isPending ? (
          <p role="status" className="text-slate-700">
            Loading the add-ons…
          </p>
        ) : null}
      </div>
      <aside aria-label="Order total" className="desk:sticky desk:top-24">
        {summary.isError ? <LoadError what="the cost summary" onRetry={() => void summary.refetch()} /> : null}
        {summary.data ? (
          <CheckoutSummary
            orderRef={ref}
            kind="service"
            summary={summary.data}
            appliedCoupon={summary.data.appliedCoupon}
            onCouponChange={async (code) => {
              const { data } = await (code === null ? removeCoupon(ref) : applyCoupon(ref, code));
              await putAnswer(queryClient, applicationKeys.costSummary(ref), data);
            }}
            afterPayment={<AfterPayment order={order} />}
          />
        ) : summary.isPending ? (
          <p role="status" className="text-slate-700">
            Loading the cost summary…
          </p>
        ) : null}
      </aside>
    </div>
  );
}

/**
 * The order's checkout (/checkout?orderId=…, decision 0056): add-ons, coupon, the
 * server's cost summary and Pay, for an order waiting in Payment pending. Any other status says
 * why nothing is due (paid, cancelled or refunded: back from a result page, "not waiting" alone
 * leaves a customer unsure they paid) and leads back to the order page.
 */
export function CheckoutPage({ orderRef }: { orderRef: string | null }) {
  const order = useQuery({
    queryKey: applicationKeys.order(orderRef ?? ''),
    queryFn: async () => (await getApplication(orderRef ?? '')).data,
    enabled: orderRef !== null,
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
  if (orderRef === null || (order.isError && isNotFound(order.error))) return <OrderNotFound />;

  return (
    <div className="bg-slate-50/60">
      <div className="page-x py-8 desk:py-12">
        <Link
          to={serviceOrderHref(orderRef)}
          className={`${TAP_TARGET} gap-1.5 text-sm font-semibold text-brand-700 hover:underline`}
        >
          <Icon name="arrow-left" className="size-4" />
          {CHECKOUT_TEXT.back}
        </Link>
        <header className="mt-4">
          <p className="eyebrow">Application {order.data?.displayId ?? orderRef}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{CHECKOUT_TEXT.title}</h1>
          {order.data ? <p className="mt-2 text-slate-700">{order.data.title}</p> : null}
        </header>
        {order.isError ? (
          <div className="mt-8">
            <LoadError what="this order" onRetry={() => void order.refetch()} />
          </div>
        ) : !order.data ? (
          <p role="status" className="mt-8 text-slate-700">
            {CHECKOUT_TEXT.loading}
          </p>
        ) : order.data.status === 'Payment pending' ? (
          <Checkout order={order.data} />
        ) : (
          <div className="card mt-8 max-w-2xl">
            <p className="text-slate-800">{PAYMENT_MESSAGES.notPayableNow(order.data.status)}</p>
            <Link to={serviceOrderHref(orderRef)} className="btn-primary mt-4">
              Go to your order
              <Icon name="arrow-right" />
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
