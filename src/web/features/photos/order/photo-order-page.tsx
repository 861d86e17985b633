import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PhotoOrder } from '../../../../domain/photos/orders.ts';
import { OrderNotFound } from '../../../components/order-not-found.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { ORDER_REFRESH_MS } from '../../../lib/order-refresh.ts';
import {
  claimPhotoCheck,
  createPhotoOrder,
  getPhotoOrder,
  listPhotoOrders,
  photoKeys,
  photoOrderHref,
} from '../../../lib/photo-api.ts';
import { forgetStartKey, markStarted, startKeyFor } from '../../../lib/start-key.ts';
import { PhotoFlow } from './flow.tsx';
import { PaidPhotoOrder } from './paid-order.tsx';
import type { CheckoutSlot } from './step-parts.tsx';
import { FLOW_TEXT } from './text.ts';

/** The sessionStorage name of "start a photo order"'s idempotency key. */
const START_KEY = 'sevaphotos-start';
const UNPAID = 'Payment pending';

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** How often the order is read again while a photo's check is under way. */
export const ORDER_POLL_MS = 3000;

/** The order has left the 4-step flow: its page shows what happens to it from then on. */
const pastFlow = (order: PhotoOrder) => order.status.toLowerCase() !== UNPAID.toLowerCase();

/**
 * While a photo of the order is still being checked after step 1 (options changed at step 2 check
 * every photo again; a retake on the paid page), the order is read again until its checks end, so
 * step 4 and the paid page show them (step 1's photo cards poll their own photos). Past the flow,
 * the page asks for news as the application's order page does (staff move it, ship it, refund it);
 * the flow's steps are not read again under the customer's hands.
 */
export function orderPollMs(order: PhotoOrder | undefined): number | false {
  if (!order) return false;
  const checking = order.step !== 1 && order.items.some((item) => item.photos.some((p) => p.state === 'pending'));
  if (checking) return ORDER_POLL_MS;
  return pastFlow(order) ? ORDER_REFRESH_MS : false;
}

/**
 * No order in the address: the photo this browser checked on /photos (`heldCheck`, issue 31;
 * claimed once, a 404 when it ended) taken into the customer's open (unpaid) photo order, or a new
 * one (the server decides, under the order's lock); else the customer's open photo order if there
 * is one, else a new one (its idempotency key kept in sessionStorage, so a reload or a double start
 * makes one order). Either way the address becomes ?orderId=PHO-….
 */
function StartPhotoOrder({ heldCheck }: { heldCheck: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const running = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    if (running.current) return;
    running.current = true;
    (async () => {
      if (heldCheck) {
        try {
          const { data } = await claimPhotoCheck();
          // The claim's answer is the order as it now is, with what the photo joining took off it
          // (`choicesDropped`), said once: the page starts from it rather than a read without it.
          queryClient.setQueryData(photoKeys.order(data.displayId), data);
          return data.displayId;
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      const open = (await listPhotoOrders()).data.results.find((o) => o.status.toLowerCase() === UNPAID.toLowerCase());
      if (open) return open.displayId;
      const key = startKeyFor(START_KEY);
      try {
        const { data } = await createPhotoOrder(key);
        markStarted(START_KEY, key, data.displayId);
        return data.displayId;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) forgetStartKey(START_KEY);
        throw error;
      }
    })().then(
      (ref) => void navigate(photoOrderHref(ref), { replace: true }),
      (error) => {
        running.current = false;
        setFailure(errorMessage(error, FLOW_TEXT.startFailed));
      },
    );
  }, [attempt, navigate, heldCheck, queryClient]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{FLOW_TEXT.title}</h1>
      {failure ? (
        <div role="alert" className="mt-6 space-y-4">
          <p className="text-slate-800">{failure}</p>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              setFailure(null);
              setAttempt((n) => n + 1);
            }}
          >
            <Icon name="refresh-cw" className="size-4" />
            {FLOW_TEXT.tryAgain}
          </button>
        </div>
      ) : (
        <LoadingStatus className="mt-6">{FLOW_TEXT.opening}</LoadingStatus>
      )}
    </div>
  );
}

/**
 * PHOTO_ENHANCEMENT_ORDER (decision 0065): the 4-step flow while the order waits for payment, its
 * order page once paid; an unknown or another customer's order is "not found".
 */
export function PhotoOrderPage({
  orderRef,
  invalid,
  heldCheck = false,
  Checkout,
}: {
  orderRef: string | null;
  invalid: boolean;
  /** The browser holds a photo check's cookie (the route's loader saw it). */
  heldCheck?: boolean;
  Checkout: CheckoutSlot;
}) {
  const order = useQuery({
    queryKey: photoKeys.order(orderRef ?? ''),
    queryFn: async () => (await getPhotoOrder(orderRef ?? '')).data,
    enabled: orderRef !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
    refetchInterval: (query) => orderPollMs(query.state.data),
    refetchOnWindowFocus: (query) => query.state.data !== undefined && pastFlow(query.state.data),
  });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const displayId = order.data?.displayId;
  // Notifications and e-mails link an order by its number (?orderId=12), while every step saves
  // into and refreshes the order by its reference (PHO-…): the address takes the reference, or the
  // page would never show a change (a retake's new photo appeared only on reload).
  useEffect(() => {
    if (!displayId || displayId === orderRef) return;
    queryClient.setQueryData(photoKeys.order(displayId), order.data);
    const params = new URLSearchParams(search);
    params.set('orderId', displayId);
    void navigate({ search: `?${params}`, hash }, { replace: true, preventScrollReset: true });
  }, [displayId, orderRef, order.data, queryClient, navigate, search, hash]);
  if (invalid || (order.isError && isNotFound(order.error))) return <OrderNotFound />;
  if (orderRef === null) return <StartPhotoOrder heldCheck={heldCheck} />;
  if (order.isError) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6">
        <LoadError what="your photo order" onRetry={() => void order.refetch()} />
      </div>
    );
  }
  if (!order.data) {
    return <LoadingStatus className="page-x py-10">{FLOW_TEXT.opening}</LoadingStatus>;
  }
  if (pastFlow(order.data)) return <PaidPhotoOrder order={order.data} />;
  return <PhotoFlow order={order.data} Checkout={Checkout} />;
}
