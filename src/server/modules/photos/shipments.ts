import type { StaffActor } from '../../../domain/admin/audit.ts';
import { parseDeskOrderRef } from '../../../domain/admin/orders.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { DEFAULT_CONTACT } from '../../../domain/config/site.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { printsHeld } from '../../../domain/photos/failed-rules.ts';
import { deliveryMethodFor, PHOTO_ORDER_MESSAGES as M } from '../../../domain/photos/orders.ts';
import { SECOND_LOOK_MESSAGES } from '../../../domain/photos/second-look.ts';
import {
  type RecordShipment,
  SHIPMENT_MESSAGES as S,
  SHIPMENT_TEXT,
  type StoredShipment,
  trackingUrl,
} from '../../../domain/photos/shipment.ts';
import type { Database } from '../../db/client.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { AuditLog } from '../audit/service.ts';
import type { OrdersService } from '../orders/service.ts';
import { createPhotosRepository } from './repository.ts';

export interface ShipmentsDeps {
  orders: Pick<OrdersService, 'findForStaff' | 'lockOrder' | 'siteUrlOf'>;
  mail: Pick<MailOutbox, 'enqueue'>;
  audit: Pick<AuditLog, 'record'>;
  now: () => Date;
}

/** Statuses an order's prints may be posted in: paid, and neither cancelled nor refunded. */
const POSTABLE = new Set(['Order pending', 'In review', 'Submitted', 'Approved', 'Completed']);

/**
 * Prints delivered to home (decision 0164): staff record the carrier and tracking number when they
 * post them; the customer is e-mailed them with the carrier's tracking link, and the order page
 * shows them. Recording another number (a mistyped one) replaces the record and e-mails the new one;
 * the same number again changes nothing.
 */
export function createShipments(db: Database, deps: ShipmentsDeps) {
  return {
    async record(actor: StaffActor, orderRef: string, input: RecordShipment): Promise<FormResult<StoredShipment>> {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (found?.order.kind !== 'photo') return formFailure(404, M.notFound);
      return db.transaction(async (tx): Promise<FormResult<StoredShipment>> => {
        const order = await deps.orders.lockOrder(tx, found.order.id);
        const repository = createPhotosRepository(tx);
        const details = order && (await repository.findOrder(order.id));
        if (!order || !details) return formFailure(404, M.notFound);
        if (deliveryMethodFor(details.pricingPlanId, details.options) !== 'home') return formFailure(409, S.notHome);
        if (!POSTABLE.has(order.status)) return formFailure(409, S.notPaid);
        const items = await repository.listItems(order.id);
        const photos = await repository.listPhotos(items.map((i) => i.id));
        if (printsHeld(true, photos)) return formFailure(409, SECOND_LOOK_MESSAGES.orderHeld);

        // The same carrier and number again (a double submit): already recorded and e-mailed.
        const current = details.shipment;
        if (current?.carrier === input.carrier && current.trackingNumber === input.trackingNumber) {
          return { ok: true, value: current };
        }
        const shipment: StoredShipment = { ...input, shippedAt: deps.now().toISOString() };
        await repository.updateOrder(order.id, { shipment });
        const link = trackingUrl(shipment);
        const siteUrl = await deps.orders.siteUrlOf(order.id, tx);
        const orderPage = `${siteUrl}${ROUTES.PHOTO_ENHANCEMENT_ORDER}?${new URLSearchParams({ orderId: order.displayId })}`;
        await deps.mail.enqueue(tx, {
          ...simpleMail({
            to: order.email,
            subject: SHIPMENT_TEXT.mailSubject(order.displayId),
            heading: 'Your prints are in the post',
            intro: [`${SHIPMENT_TEXT.shipped(shipment.carrier, shipment.trackingNumber)}.`],
            details: [
              ['Order', order.displayId],
              ['Carrier', shipment.carrier],
              ['Tracking number', shipment.trackingNumber],
            ],
            outro: [`${SHIPMENT_TEXT.track}: ${link}`, `Your order: ${orderPage}`],
            signature: `The ${DEFAULT_CONTACT.photoBrandName} team`,
          }),
          purpose: 'photo-shipment',
          // Each change is e-mailed, a return to an earlier number too (A, B, then A again).
          key: `photo-shipment:${order.id}:${shipment.shippedAt}:${shipment.carrier}:${shipment.trackingNumber}`,
        });
        await deps.audit.record(tx, {
          actor,
          action: 'photo.shipment.record',
          subject: { type: 'order', id: order.displayId },
          before: details.shipment ? { ...details.shipment } : null,
          after: { ...shipment },
        });
        return { ok: true, value: shipment };
      });
    },
  };
}
export type Shipments = ReturnType<typeof createShipments>;
