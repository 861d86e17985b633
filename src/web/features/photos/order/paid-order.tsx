import { useQuery } from '@tanstack/react-query';
import { PAID_LINES_TEXT, refundAskable, wasPaid } from '../../../../domain/checkout/receipt.ts';
import { photoHeld } from '../../../../domain/photos/failed-rules.ts';
import {
  itemTitle,
  PHOTO_ORDER_MESSAGES,
  PHOTO_SERVICE_TYPE_LABELS,
  type PhotoOrder,
} from '../../../../domain/photos/orders.ts';
import { PICKUP_READY_TEXT } from '../../../../domain/photos/pickup-ready.ts';
import { mayHandOver, SHIPMENT_TEXT, trackingUrl } from '../../../../domain/photos/shipment.ts';
import { FilesRetentionNote } from '../../../components/files-retention-note.tsx';
import { StatusBadge } from '../../../components/order-list.tsx';
import { OrderRefundRequests } from '../../../components/order-refund-requests.tsx';
import { Timeline } from '../../../components/order-timeline.tsx';
import { PaidLinesPanel } from '../../../components/paid-lines-panel.tsx';
import { StaffMessages } from '../../../components/staff-messages.tsx';
import { StrayCharges } from '../../../components/stray-charges.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { getCostSummary } from '../../../lib/order-api.ts';
import { shortDate } from '../../../lib/order-format.ts';
import { photoKeys } from '../../../lib/photo-api.ts';
import { deliveryWords, fittedFigures, planWords, summaryOf } from './order-words.ts';
import { SecondLookPanel } from './second-look.tsx';
import { FLOW_TEXT, PAID_TEXT, REVIEW_TEXT } from './text.ts';

/**
 * What the order was charged, as the receipt lists it; for an order cancelled before it was paid
 * (it leaves Payment pending too), that it was not, rather than a "Total paid" nobody paid. Either
 * way, the payments it could not take: their money left the customer's account, and comes back.
 */
function ChargedPanel({ order }: { order: PhotoOrder }) {
  const paid = wasPaid(order.timeline);
  // What was refunded of the payment comes with the order's cost summary (the core's own path).
  const summary = useQuery({
    queryKey: photoKeys.costSummary(order.displayId),
    queryFn: async () => (await getCostSummary(order.displayId)).data,
    enabled: paid,
  });
  const stray = <StrayCharges charges={order.strayCharges} />;
  if (!paid) {
    return (
      <div className="card p-5 text-slate-700">
        <p>{order.strayCharges.length > 0 ? PAID_LINES_TEXT.cancelledUnpaid : PAID_LINES_TEXT.notCharged}</p>
        {stray}
      </div>
    );
  }
  return (
    <PaidLinesPanel summary={{ ...summaryOf(order), refundedCents: summary.data?.refundedCents }}>
      {stray}
      <OrderRefundRequests orderRef={order.displayId} askable={refundAskable(order.status)} />
    </PaidLinesPanel>
  );
}

/**
 * A photo order's page once it left Payment pending (PHOTO_ENHANCEMENT_ORDER, ?orderId=): status,
 * plan and delivery, the downloads of each fitted photo at its exact size, what was charged (as the
 * receipt) and the timeline.
 */
export function PaidPhotoOrder({ order }: { order: PhotoOrder }) {
  const fitted = order.items.flatMap((item) =>
    item.photos
      .filter((photo) => photo.links.fitted)
      .map((photo) => ({ item, photo, href: photo.links.fitted as string })),
  );
  return (
    <div className="bg-slate-50/60">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 desk:py-12">
        <p className="eyebrow">{FLOW_TEXT.eyebrow(order.displayId)}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{FLOW_TEXT.title}</h1>
        <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div className="flex items-center gap-2">
            <dt className="text-slate-600">{PAID_TEXT.status}</dt>
            <dd>
              <StatusBadge status={order.status} />
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-slate-600">{PAID_TEXT.placed}</dt>
            <dd className="font-medium text-slate-900">{shortDate(order.createdAt)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-slate-600">{REVIEW_TEXT.plan}</dt>
            <dd className="font-medium text-slate-900">{planWords(order)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-slate-600">{REVIEW_TEXT.delivery}</dt>
            <dd className="font-medium text-slate-900">{deliveryWords(order)}</dd>
          </div>
        </dl>
        {order.shipment && mayHandOver(order.status) ? (
          <p
            data-testid="photo-shipment"
            className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-900"
          >
            <Icon name="package" className="size-4 text-brand-700" />
            <span>{SHIPMENT_TEXT.shipped(order.shipment.carrier, order.shipment.trackingNumber)}</span>
            <a
              href={trackingUrl(order.shipment)}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline"
            >
              {SHIPMENT_TEXT.track}
              <span className="sr-only"> (opens the carrier’s site)</span>
            </a>
          </p>
        ) : null}
        <PickupReadyNote order={order} />
        <div className="mt-8 grid gap-6 desk:grid-cols-[1fr_22rem]">
          <div className="space-y-6">
            <StaffMessages messages={order.messages} />
            <SecondLookPanel order={order} />
            <Panel id="photo-downloads" title={PAID_TEXT.downloads}>
              <p className="mt-1 text-sm text-slate-600">{PAID_TEXT.downloadsLead}</p>
              <div className="mt-4 empty:hidden">
                <FilesRetentionNote files={order.files} />
              </div>
              {order.files.deletedAt ? null : fitted.length === 0 ? (
                <p className="mt-4 text-slate-700">{PAID_TEXT.noDownloads}</p>
              ) : (
                <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                  {fitted.map(({ item, photo, href }) => {
                    const whose = item.personName ? `${item.personName}: ${item.label}` : item.label;
                    return (
                      <li key={photo.id} className="rounded-xl border border-slate-200 p-3">
                        <img
                          src={href}
                          alt={`${itemTitle(item)}: ${photo.name}, fitted${photoHeld(photo) ? PAID_TEXT.stripedAlt : ''}`}
                          className="aspect-square w-full rounded-lg bg-slate-100 object-contain"
                          loading="lazy"
                        />
                        <p className="mt-2 font-medium text-slate-900">{itemTitle(item)}</p>
                        <p className="text-sm text-slate-600">{fittedFigures(photo.report?.fitted ?? null)}</p>
                        {photoHeld(photo) ? (
                          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                            {photo.secondLook === 'rejected'
                              ? PHOTO_ORDER_MESSAGES.heldForRetake
                              : PHOTO_ORDER_MESSAGES.heldForCheck}
                          </p>
                        ) : (
                          <a href={href} download className="btn-primary mt-3 w-full px-4 py-2 text-sm">
                            <Icon name="arrow-up-right" className="size-4" />
                            {PAID_TEXT.download(whose)}
                          </a>
                        )}
                        {photo.links.printSheet ? (
                          <a
                            href={photo.links.printSheet}
                            download
                            className="btn-outline mt-2 w-full px-4 py-2 text-sm"
                          >
                            {PAID_TEXT.printSheet}
                            {/* One link per photo: a screen reader's list of links tells them apart. */}
                            <span className="sr-only">{`: ${whose}`}</span>
                          </a>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              )}
            </Panel>
            <Timeline entries={order.timeline} startedLabel={PAID_TEXT.timeline} />
          </div>
          <div>
            <ChargedPanel order={order} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Prints ready at the photo studio the customer chose: where, the number to give, what to bring. */
function PickupReadyNote({ order }: { order: PhotoOrder }) {
  const ready = order.pickupReady;
  if (!ready || order.delivery?.method !== 'pickup' || !mayHandOver(order.status)) return null;
  return (
    <div data-testid="photo-pickup-ready" className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-900">
      <p className="flex items-center gap-2 font-semibold">
        <Icon name="package" className="size-4 text-brand-700" />
        {PICKUP_READY_TEXT.ready(PHOTO_SERVICE_TYPE_LABELS[order.delivery.serviceType], order.delivery.addressLine)}
      </p>
      <p className="mt-1">
        {PICKUP_READY_TEXT.number(ready.storeOrderNumber)}. {PICKUP_READY_TEXT.bring}
      </p>
    </div>
  );
}
