import { z } from 'zod';
import { nextStatuses } from '../orders/status.ts';
import { type PhotoSizeId, printCounts } from './sizes.ts';

/**
 * Prints delivered to home: the carrier and tracking number staff record when they post them, which
 * the customer is e-mailed and sees on the order page with a link to the carrier's tracking page.
 */

/** The carriers a print envelope goes by from the USA or Canada. */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Canada Post', 'Purolator'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Each carrier's public tracking page for one number. */
const TRACKING_PAGES: Record<Carrier, (number: string) => string> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  'Canada Post': (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  Purolator: (n) => `https://www.purolator.com/en/shipping/tracker?pins=${n}`,
};

export function trackingUrl(shipment: { carrier: Carrier; trackingNumber: string }): string {
  return TRACKING_PAGES[shipment.carrier](encodeURIComponent(shipment.trackingNumber));
}

/**
 * The statuses a photo order's prints may be handed over in (posted or ready at the studio): paid,
 * and neither cancelled nor refunded. The desk offers the forms, and the order page shows what was
 * recorded, only in these.
 */
export const HANDOVER_STATUSES: readonly string[] = [
  'Order pending',
  'In review',
  'Submitted',
  'Approved',
  'Completed',
];
export const mayHandOver = (status: string) => HANDOVER_STATUSES.includes(status);

/**
 * The statuses whose e-mail tells the customer their prints are on their way or ready at the studio
 * (the photo order's Approved and Completed, status-descriptions.ts): staff move an order with
 * prints there only once the shipment or the studio's order number is recorded.
 */
export const PRINTS_OUT_STATUSES: readonly string[] = ['Approved', 'Completed'];

export const PRINTS_OUT_MESSAGES = {
  home: 'Record the shipment (carrier and tracking number) first: this status tells the customer their prints are on their way.',
  pickup: "Record the studio's order number first: this status tells the customer their prints are ready for pickup.",
} as const;

/**
 * Why a photo order cannot move to `to` yet: its prints are said to be out there, and their hand-over
 * is not recorded; null when it can (no prints, or recorded).
 */
export function printsNotOutYet(
  to: string,
  order: { deliveryMethod: 'home' | 'pickup' | null; shipment: unknown; pickupReady: unknown },
): string | null {
  if (!PRINTS_OUT_STATUSES.includes(to)) return null;
  if (order.deliveryMethod === 'home' && !order.shipment) return PRINTS_OUT_MESSAGES.home;
  if (order.deliveryMethod === 'pickup' && !order.pickupReady) return PRINTS_OUT_MESSAGES.pickup;
  return null;
}

/** The desk's line beside the status control: which status waits for what to be recorded, and why. */
export const PRINTS_OUT_DESK_LINE = {
  home: (status: string) =>
    `${status} is offered once the shipment is recorded under Plan and delivery: it tells the customer their prints are on their way.`,
  pickup: (status: string) =>
    `${status} is offered once the studio’s order number is recorded under Plan and delivery: it tells the customer their prints are ready for pickup.`,
} as const;

/**
 * Why the desk's status list leaves out a status the transition table offers from `status`
 * (printsNotOutYet: Approved after Submitted, until the hand-over is recorded), or null: staff see
 * what to do rather than a status that is simply missing.
 */
export function printsOutDeskLine(
  status: string,
  order: { deliveryMethod: 'home' | 'pickup' | null; shipment: unknown; pickupReady: unknown },
): string | null {
  const waiting = nextStatuses(status, 'staff', 'photo').find((to) => printsNotOutYet(to, order) !== null);
  if (!waiting || order.deliveryMethod === null) return null;
  return PRINTS_OUT_DESK_LINE[order.deliveryMethod](waiting);
}

export const SHIPMENT_MESSAGES = {
  recorded: 'Shipment recorded: the customer is e-mailed the tracking number.',
  carrier: 'Choose the carrier',
  trackingNumber: 'Enter the tracking number: 8 to 40 letters and digits',
  notHome: 'Only prints delivered to home are shipped: this order has no home delivery.',
  notPaid: 'Record the shipment of a paid order that is not cancelled or refunded.',
  changedMeanwhile: 'Someone recorded another number meanwhile. Reload the order to see it before you replace it.',
} as const;

/**
 * The number a desk form replaces, as its page showed it (null: none yet): a form loaded before
 * another member of staff recorded one is refused instead of overwriting theirs unseen. Left out,
 * nothing is compared.
 */
export const replacesField = z.string().nullable().optional();

/** Letters and digits only: the spaces a label prints between groups are dropped, letters upper-cased. */
export const recordShipmentSchema = z.object({
  carrier: z.enum(CARRIERS, { error: SHIPMENT_MESSAGES.carrier }),
  trackingNumber: z
    .string({ error: SHIPMENT_MESSAGES.trackingNumber })
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{8,40}$/, SHIPMENT_MESSAGES.trackingNumber)),
  replaces: replacesField,
});
export type RecordShipment = z.infer<typeof recordShipmentSchema>;

export const storedShipmentSchema = z.object({
  carrier: z.enum(CARRIERS),
  trackingNumber: z.string(),
  /** When staff recorded it (ISO). */
  shippedAt: z.string(),
});
export type StoredShipment = z.infer<typeof storedShipmentSchema>;

/** What the customer reads of it, on the order page and in the e-mail. */
export const SHIPMENT_TEXT = {
  shipped: (carrier: Carrier, number: string) => `Posted with ${carrier}, tracking number ${number}`,
  track: 'Track your prints',
  mailSubject: (displayId: string) => `Your prints are on their way (order ${displayId})`,
  /** A number staff corrected: the parcel is the same, only the number we gave was wrong. */
  corrected: (carrier: Carrier, number: string) => `The tracking number was corrected: ${carrier}, ${number}`,
  correctedIntro: 'The tracking number we sent you before was wrong, and this is the right one. It is the same parcel.',
  correctedHeading: 'Your tracking number was corrected',
  correctedSubject: (displayId: string) => `Corrected tracking number for your prints (order ${displayId})`,
} as const;

/**
 * What goes in the envelope: one 4 × 6 in print sheet per item of a printed size (a set of prints
 * per item, pricing.ts); an item of a size used as a file only (a signature, an e-Visa photo, the Indian passport's online-form photo) has
 * none. The desk says it above the shipment form.
 */
export function sheetsToMail(items: readonly { photoSize: PhotoSizeId }[]): { sheets: number; filesOnly: number } {
  const { printed, filesOnly } = printCounts(items.map((item) => item.photoSize));
  return { sheets: printed, filesOnly };
}

/** "To mail: one 4 × 6 in print sheet, one per printed item; 1 item is a file only, not printed." */
const sheetsLine = (lead: string, { sheets, filesOnly }: { sheets: number; filesOnly: number }) =>
  `${[
    `${lead}: ${sheets === 1 ? 'one 4 × 6 in print sheet' : `${sheets} print sheets (4 × 6 in)`}, one per printed item`,
    ...(filesOnly > 0 ? [`${filesOnly === 1 ? '1 item is' : `${filesOnly} items are`} a file only, not printed`] : []),
  ].join('; ')}.`;

export const MAILING_TEXT = {
  /** Above the shipment form of prints delivered to home. */
  sheets: (counts: { sheets: number; filesOnly: number }) => sheetsLine('To mail', counts),
  /** Above the pickup form: the same sheets, printed by the studio the customer chose. */
  studio: (counts: { sheets: number; filesOnly: number }) => sheetsLine('To place with the studio', counts),
} as const;
