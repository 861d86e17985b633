import { z } from 'zod';

/**
 * The kinds of order the order core serves (issue 28): a service application (DOC-…) and a photo
 * order (PHO-…). Each is defined once in its module and registered with the orders service.
 */
export const ORDER_KINDS = ['service', 'photo'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_REF_MESSAGES = {
  invalid: 'Enter the order ID, for example DOC-48213907 or PHO-48213907',
  notFound: 'We could not find this order.',
} as const;

/**
 * Any order, whatever its kind, as the order core's own paths name it (/orders/{orderRef}/…): its
 * display id (DOC-… or PHO-…) or its number. The kinds' own paths keep their own prefixes.
 */
export const anyOrderRefParams = z.object({
  orderRef: z
    .string()
    .regex(/^(?:(?:DOC|PHO)-\d{1,12}|[1-9]\d{0,9})$/, ORDER_REF_MESSAGES.invalid)
    .refine((ref) => /^(?:DOC|PHO)-/.test(ref) || Number(ref) <= 2_147_483_647, ORDER_REF_MESSAGES.invalid),
});

export type AnyOrderRef = { displayId: string } | { id: number };

/** The kind of order a display id names: PHO-… a photo order, anything else a service application. */
export const orderKindOfDisplayId = (displayId: string): OrderKind =>
  displayId.startsWith('PHO-') ? 'photo' : 'service';

export function parseAnyOrderRef(ref: string): AnyOrderRef {
  return /^(?:DOC|PHO)-/.test(ref) ? { displayId: ref } : { id: Number(ref) };
}
