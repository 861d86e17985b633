import { z } from 'zod';
import { replacesField } from './shipment.ts';

/**
 * Prints picked up from a photo studio (decision 0165): staff place the prints with the studio the
 * customer chose (Walgreens or CVS, at the address they gave) and record the studio's order number
 * once it is ready; the customer is e-mailed where to collect the prints and the number to give at
 * the counter, and the order page shows them. The pickup twin of a home delivery's shipment.
 */

export const PICKUP_READY_MESSAGES = {
  recorded: 'Pickup recorded: the customer is e-mailed where to collect the prints.',
  storeOrderNumber: "Enter the studio's order number: 4 to 30 letters and digits",
  notPickup: 'Only prints picked up from a photo studio are made ready there: this order has no pickup.',
  notPaid: 'Record the pickup of a paid order that is not cancelled or refunded.',
} as const;

/** Letters and digits only, as a receipt prints them: spaces and hyphens dropped, letters upper-cased. */
export const recordPickupReadySchema = z.object({
  storeOrderNumber: z
    .string({ error: PICKUP_READY_MESSAGES.storeOrderNumber })
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,30}$/, PICKUP_READY_MESSAGES.storeOrderNumber)),
  replaces: replacesField,
});
export type RecordPickupReady = z.infer<typeof recordPickupReadySchema>;

export const storedPickupReadySchema = z.object({
  storeOrderNumber: z.string(),
  /** When staff recorded it (ISO). */
  readyAt: z.string(),
});
export type StoredPickupReady = z.infer<typeof storedPickupReadySchema>;

/** What the customer reads of it, on the order page and in the e-mail. */
export const PICKUP_READY_TEXT = {
  /** `studio` by its label (PHOTO_SERVICE_TYPE_LABELS): "CVS Photo". */
  ready: (studio: string, addressLine: string) => `Ready for pickup at ${studio}, ${addressLine}`,
  number: (storeOrderNumber: string) => `Studio order number ${storeOrderNumber}`,
  /** The bell's remark: where (`ready`'s words) and the number. */
  bell: (where: string, storeOrderNumber: string) => `${where}: studio order number ${storeOrderNumber}.`,
  bring: 'At the photo counter, give your name and this order number, and bring a photo ID.',
  mailSubject: (displayId: string) => `Your prints are ready for pickup (order ${displayId})`,
  /** A number staff corrected: the prints are where they were, only the number we gave was wrong. */
  corrected: (storeOrderNumber: string) => `The studio order number was corrected: ${storeOrderNumber}`,
  correctedIntro: 'The studio order number we sent you before was wrong, and this is the right one.',
  correctedHeading: 'Your studio order number was corrected',
  correctedSubject: (displayId: string) => `Corrected studio order number for your prints (order ${displayId})`,
} as const;
