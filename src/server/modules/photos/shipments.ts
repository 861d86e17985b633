import type { StaffActor } from '../../../domain/admin/audit.ts';
import { parseDeskOrderRef } from '../../../domain/admin/orders.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { DEFAULT_CONTACT } from '../../../domain/config/site.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { printsHeld } from '../../../domain/photos/failed-rules.ts';
import {
  deliveryMethodFor,
  PHOTO_ORDER_MESSAGES as M,
  PHOTO_SERVICE_TYPE_LABELS,
} from '../../../domain/photos/orders.ts';
import {
  PICKUP_READY_MESSAGES as P,
  PICKUP_READY_TEXT,
  type RecordPickupReady,
  type StoredPickupReady,
} from '../../../domain/photos/pickup-ready.ts';
import { SECOND_LOOK_MESSAGES } from '../../../domain/photos/second-look.ts';
import {
  mayHandOver,
  type RecordShipment,
  SHIPMENT_MESSAGES as S,
  SHIPMENT_TEXT,
  type StoredShipment,
  trackingUrl,
} from '../../../domain/photos/shipment.ts';
import type { Database } from '../../db/client.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { AuditLog } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import { createPhotosRepository, type PhotoOrderRow } from './repository.ts';

export interface ShipmentsDeps {
  orders: Pick<OrdersService, 'findForStaff' | 'lockOrder' | 'siteUrlOf'>;
  mail: Pick<MailOutbox, 'enqueue'>;
  audit: Pick<AuditLog, 'record'>;
  notifications: Pick<NotificationsService, 'notify'>;
  now: () => Date;
}

/**
 * How a photo order's prints reach the customer, once staff have them out (decision 0164, 0165):
 * prints delivered to home are posted, and staff record the carrier and tracking number; prints
 * picked up are placed with the studio the customer chose, and staff record its order number once
 * ready. Either way the customer is e-mailed it and the order page shows it. Recording a different
 * value (a mistyped number) replaces the record and e-mails the new one as a correction, keeping
 * when the prints went out; the same again changes nothing.
 */
export function createShipments(db: Database, deps: ShipmentsDeps) {
  /**
   * Runs `hand` on the locked order when its prints may go out by `method`: a paid photo order of
   * that delivery, not cancelled or refunded, with no photo held for a person's check.
   */
  async function handOver<T>(
    orderRef: string,
    method: 'home' | 'pickup',
    hand: (tx: Database, order: Order, details: PhotoOrderRow) => Promise<FormResult<T>>,
  ): Promise<FormResult<T>> {
    const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
    if (found?.order.kind !== 'photo') return formFailure(404, M.notFound);
    return db.transaction(async (tx): Promise<FormResult<T>> => {
      const order = await deps.orders.lockOrder(tx, found.order.id);
      const repository = createPhotosRepository(tx);
      const details = order && (await repository.findOrder(order.id));
      if (!order || !details) return formFailure(404, M.notFound);
      const items = await repository.listItems(order.id);
      // A paid order has its delivery saved (checkout asks for it); both are read to be sure. An
      // order of sizes none of which is printed has nothing to post or pick up, whatever it chose.
      const sizeIds = items.map((i) => i.sizeId);
      if (
        deliveryMethodFor(details.pricingPlanId, details.options, sizeIds) !== method ||
        details.delivery?.method !== method
      ) {
        return formFailure(409, method === 'home' ? S.notHome : P.notPickup);
      }
      if (!mayHandOver(order.status)) return formFailure(409, method === 'home' ? S.notPaid : P.notPaid);
      const photos = await repository.listPhotos(items.map((i) => i.id));
      if (printsHeld(true, photos)) return formFailure(409, SECOND_LOOK_MESSAGES.orderHeld);
      return hand(tx, order, details);
    });
  }

  const orderPageOf = async (tx: Database, order: Order) =>
    `${await deps.orders.siteUrlOf(order.id, tx)}${ROUTES.PHOTO_ENHANCEMENT_ORDER}?${new URLSearchParams({ orderId: order.displayId })}`;
  const signature = `The ${DEFAULT_CONTACT.photoBrandName} team`;
  /** The same news on the customer's bell, linking the order. */
  const tellBell = (tx: Database, order: Order, remark: string) =>
    deps.notifications.notify(
      order.userId,
      { orderId: order.displayId, orderIdDb: order.id, orderStatus: order.status, remark },
      tx,
    );

  return {
    record(actor: StaffActor, orderRef: string, input: RecordShipment): Promise<FormResult<StoredShipment>> {
      return handOver(orderRef, 'home', async (tx, order, details) => {
        // The same carrier and number again (a double submit): already recorded and e-mailed.
        const current = details.shipment;
        const { replaces, ...entered } = input;
        if (current?.carrier === entered.carrier && current.trackingNumber === entered.trackingNumber) {
          return { ok: true, value: current };
        }
        if (replaces !== undefined && replaces !== (current?.trackingNumber ?? null)) {
          return formFailure(409, S.changedMeanwhile);
        }
        // A correction keeps when the parcel was posted; only its number was wrong.
        const shipment: StoredShipment = { ...entered, shippedAt: current?.shippedAt ?? deps.now().toISOString() };
        await createPhotosRepository(tx).updateOrder(order.id, { shipment });
        const shipped = SHIPMENT_TEXT.shipped(shipment.carrier, shipment.trackingNumber);
        await deps.mail.enqueue(tx, {
          ...simpleMail({
            to: order.email,
            subject: current
              ? SHIPMENT_TEXT.correctedSubject(order.displayId)
              : SHIPMENT_TEXT.mailSubject(order.displayId),
            heading: current ? SHIPMENT_TEXT.correctedHeading : 'Your prints are in the post',
            intro: current ? [SHIPMENT_TEXT.correctedIntro, `${shipped}.`] : [`${shipped}.`],
            details: [
              ['Order', order.displayId],
              ['Carrier', shipment.carrier],
              ['Tracking number', shipment.trackingNumber],
            ],
            outro: [`${SHIPMENT_TEXT.track}: ${trackingUrl(shipment)}`, `Your order: ${await orderPageOf(tx, order)}`],
            signature,
            ...orderSender('photo'),
          }),
          purpose: 'photo-shipment',
          // Each change is e-mailed, a return to an earlier number too (A, B, then A again). The key
          // names no parcel number: keys outlive an erasure for the outbox's retention (decision 0173).
          key: `photo-shipment:${order.id}:${deps.now().toISOString()}`,
        });
        await tellBell(
          tx,
          order,
          `${current ? SHIPMENT_TEXT.corrected(shipment.carrier, shipment.trackingNumber) : shipped}.`,
        );
        await deps.audit.record(tx, {
          actor,
          action: 'photo.shipment.record',
          subject: { type: 'order', id: order.displayId },
          before: current ? { ...current } : null,
          after: { ...shipment },
          words: ['trackingNumber'],
        });
        return { ok: true, value: shipment };
      });
    },

    readyForPickup(
      actor: StaffActor,
      orderRef: string,
      input: RecordPickupReady,
    ): Promise<FormResult<StoredPickupReady>> {
      return handOver(orderRef, 'pickup', async (tx, order, details) => {
        // The same number again (a double submit): already recorded and e-mailed.
        const current = details.pickupReady;
        const { replaces, ...entered } = input;
        if (current?.storeOrderNumber === entered.storeOrderNumber) return { ok: true, value: current };
        if (replaces !== undefined && replaces !== (current?.storeOrderNumber ?? null)) {
          return formFailure(409, S.changedMeanwhile);
        }
        // A correction keeps when the prints were ready; only the studio's number was wrong.
        const pickupReady: StoredPickupReady = { ...entered, readyAt: current?.readyAt ?? deps.now().toISOString() };
        await createPhotosRepository(tx).updateOrder(order.id, { pickupReady });
        const studio = details.delivery;
        if (studio?.method !== 'pickup') throw new Error(`photo order ${order.id} has no studio (handOver checks it)`);
        const where = PICKUP_READY_TEXT.ready(PHOTO_SERVICE_TYPE_LABELS[studio.serviceType], studio.addressLine);
        await deps.mail.enqueue(tx, {
          ...simpleMail({
            to: order.email,
            subject: current
              ? PICKUP_READY_TEXT.correctedSubject(order.displayId)
              : PICKUP_READY_TEXT.mailSubject(order.displayId),
            heading: current ? PICKUP_READY_TEXT.correctedHeading : 'Your prints are ready for pickup',
            intro: [...(current ? [PICKUP_READY_TEXT.correctedIntro] : []), `${where}.`, PICKUP_READY_TEXT.bring],
            details: [
              ['Order', order.displayId],
              ['Studio order number', pickupReady.storeOrderNumber],
            ],
            outro: [`Your order: ${await orderPageOf(tx, order)}`],
            signature,
            ...orderSender('photo'),
          }),
          purpose: 'photo-pickup-ready',
          key: `photo-pickup-ready:${order.id}:${deps.now().toISOString()}`,
        });
        await tellBell(
          tx,
          order,
          current
            ? `${PICKUP_READY_TEXT.corrected(pickupReady.storeOrderNumber)}.`
            : PICKUP_READY_TEXT.bell(where, pickupReady.storeOrderNumber),
        );
        await deps.audit.record(tx, {
          actor,
          action: 'photo.pickup.ready',
          subject: { type: 'order', id: order.displayId },
          before: current ? { ...current } : null,
          after: { ...pickupReady },
          words: ['storeOrderNumber'],
        });
        return { ok: true, value: pickupReady };
      });
    },
  };
}
export type Shipments = ReturnType<typeof createShipments>;
