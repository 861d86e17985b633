import { z } from 'zod';
import { CURRENCIES } from '../catalog/money.ts';
import { costLineSchema } from '../checkout/api.ts';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '../orders/idempotency-key.ts';
import { orderFilesRetentionSchema } from '../orders/retention.ts';
import { staffMessageSchema } from '../orders/staff-messages.ts';
import { statusChangeSchema } from '../orders/status.ts';
import { strayChargeSchema } from '../payments/payment.ts';
import { describeUploadTypes, IMAGE_UPLOAD_TYPES, PHOTO_UPLOAD, type UploadRule } from '../uploads/file-types.ts';
import { addressSchema } from '../users/address.ts';
import { complianceReportSchema } from './compliance.ts';
import {
  FAILED_RULE_MESSAGES,
  failedRuleChoiceSchema,
  type PhotoForPayment,
  paymentStanding,
  SECOND_LOOK_STATES,
} from './failed-rules.ts';
import { storedPickupReadySchema } from './pickup-ready.ts';
import {
  DIGITAL_PLAN_ID,
  PHOTO_CURRENCIES,
  PHOTO_OPTIONS,
  PHOTO_PLAN_IDS,
  type PhotoOption,
  type PhotoPlanId,
  PRINT_PLAN_ID,
} from './pricing.ts';
import { storedShipmentSchema } from './shipment.ts';
import { isPrintedSize, PHOTO_SIZE_IDS, PHOTO_SIZES, type PhotoSizeId } from './sizes.ts';

/**
 * A SevaPhotos order (SPEC.md §3 "Photo enhancement order state", §4 photo flow) as the API and
 * the browser see it: the items (a size and document, up to four photos each), the pricing plan
 * and options, the delivery, the step the customer is on, and the messages of the photo calls.
 * docs/decisions/0063-photo-orders.md maps SPEC.md §7's photo calls to these routes.
 */

/** Photos a customer may upload per item (SPEC.md §3: "four photos"). */
export const MAX_PHOTOS_PER_ITEM = 4;
/** Items per order: a family's photos and signatures fit; more is a runaway client. */
export const MAX_ITEMS_PER_ORDER = 10;
/** SPEC.md §4: steps 1 (items) to 4 (review and pay). */
export const PHOTO_STEPS = [1, 2, 3, 4] as const;
export type PhotoStep = (typeof PHOTO_STEPS)[number];

/** Whether `value` (a ?step= read as a number) is one of the flow's steps. */
export function isPhotoStep(value: number): value is PhotoStep {
  return (PHOTO_STEPS as readonly number[]).includes(value);
}

/**
 * What a photo upload takes: JPEG, PNG or HEIC up to 15 MB, at most 25 megapixels (a 40-megapixel
 * decompression bomb is refused from its header; phones take 12 or 24 MP by default) and at least
 * 100 px on its shorter side (a 1 × 1 image is not a photo).
 */
export const PHOTO_ORDER_UPLOAD: UploadRule = {
  // PHOTO_UPLOAD's types and size: the check on /photos refuses by them before sending, without this module's weight.
  ...PHOTO_UPLOAD,
  maxPixels: 25_000_000,
  minSidePx: 100,
};

/** SPEC.md §3 photo service types: one value per retail photo chain (the pickup counter). */
export const PHOTO_SERVICE_TYPES = ['WALGREENS', 'CVS'] as const;
export type PhotoServiceType = (typeof PHOTO_SERVICE_TYPES)[number];
export const PHOTO_SERVICE_TYPE_LABELS: Record<PhotoServiceType, string> = {
  WALGREENS: 'Walgreens Photo',
  CVS: 'CVS Photo',
};

/** SPEC.md §5: "Pin code: exactly 5 digits" (the pickup store's area). */
export const PIN_CODE_PATTERN = /^\d{5}$/;

/** Whose photo an item is, at most this long (a first name, a child's name). */
export const PERSON_NAME_MAX_LENGTH = 60;

export const PHOTO_ORDER_MESSAGES = {
  created: 'Photo order created',
  alreadyCreated: 'This photo order was already created',
  /** The page's idempotency key started an application order, not a photo order. */
  keyUsedElsewhere: 'This page already started another order. Please reload the page to start a photo order.',
  loaded: 'Photo order loaded',
  listLoaded: 'Photo orders loaded',
  notFound: 'Photo order not found',
  orderRefInvalid: 'Order id must be a PHO- id or an order number',
  idInvalid: 'id must be a positive whole number',
  locked: 'This photo order is paid and can no longer be changed.',
  itemAdded: 'Item added',
  itemNamed: 'Saved whose photo it is',
  personNameTooLong: `A name should not exceed ${PERSON_NAME_MAX_LENGTH} characters`,
  itemRemoved: 'Item removed',
  itemNotFound: 'Item not found',
  tooManyItems: `An order can have at most ${MAX_ITEMS_PER_ORDER} items.`,
  sizeRequired: 'Choose a photo size',
  documentTypeMismatch: 'This document type does not match the photo size. Choose the size again.',
  photoUploaded: 'Photo uploaded. We are checking it now.',
  photoRemoved: 'Photo removed',
  photoNotFound: 'Photo not found',
  photoLoaded: 'Photo loaded',
  tooManyPhotos: `You can upload up to ${MAX_PHOTOS_PER_ITEM} photos per item. Remove one to add another.`,
  photoNotReady: 'This photo is not fitted yet. Please wait for its check to finish.',
  notPrinted: 'This size is used as a file only: it has no print sheet.',
  /** The customer's print sheet is what the plans sell: theirs once paid, as the print pack is. */
  sheetNotPaid: 'The print sheet is ready once the order is paid.',
  sheetOrderClosed: 'This order was cancelled or refunded, so it has no print sheet.',
  /** The customer's own downloads of a photo a person checks or could not approve (issue 31 §4). */
  heldForCheck: 'A person checks this photo before it is used: you can download it once they approve it.',
  heldForRetake: 'A person could not approve this photo. Upload a new one (free) to download its replacement.',
  photoFailed: 'We could not check this photo. Please upload it again, or another photo.',
  plansLoaded: 'Plans loaded',
  planChosen: 'Plan saved',
  currencyChosen: (currency: string) => `Prices are now in ${currency}`,
  currencyInvalid: 'Choose US dollars (USD) or Canadian dollars (CAD)',
  planInvalid: 'Choose Digital Copy (1) or Print copies (2)',
  optionInvalid: 'Choose Photo Optimize, Background Change or Pickup From Nearest Photo studio',
  optionTwice: 'Choose each option once',
  backgroundChangeNotAllowed:
    'Background Change is not offered for this order: at least one of its sizes must not be altered (the authority that takes it refuses edited photos).',
  pickupWithPrint: 'Choose either print copies delivered to home or pickup from a photo studio, not both.',
  nothingPrinted:
    'None of the sizes in this order is printed: a signature, an e-Visa photo or the Indian passport’s online-form photo is used as a file only. Choose Digital Copy, without pickup.',
  /** Step 2, for an order with printed sizes and others: which are files only, and what they cost. */
  filesOnly: (labels: readonly string[]) =>
    `Used as a file only, not printed: ${labels.join('; ')}. Print copies and pickup are for your other sizes; ${labels.length === 1 ? 'this one costs' : 'these cost'} the Digital Copy price.`,
  /** Step 2, for a file-only size whose document also takes prints of another size (`printedAs`). */
  printedAs: (documentType: string, printLabel: string) =>
    `Prints for ${documentType}: add the size “${printLabel}” at step 1.`,
  pickupUsOnly:
    'Pickup is at Walgreens and CVS photo counters in the US only. In Canada, choose print copies delivered to home.',
  /** The answer to the change of currency that took pickup (and its studio details) off the order. */
  pickupDropped: 'We took Pickup off your order, with its photo studio details: pickup is offered in US dollars only.',
  /** The answer to the change that added a size refusing Background Change to an order that had it. */
  backgroundChangeDropped: (labels: readonly string[]) =>
    `We took Background Change off your order: ${labels.join('; ')} must not be altered (the authorities that take them refuse edited photos). Your photos are checked again without it.`,
  deliverySaved: 'Delivery saved',
  deliveryNotNeeded: 'A Digital Copy order has nothing to deliver. Choose print copies or pickup first.',
  deliveryMethodMismatch: (expected: 'pickup' | 'home') =>
    expected === 'pickup'
      ? 'This order is picked up from a photo studio: enter the pickup details.'
      : 'This order is delivered to home: choose a delivery address.',
  serviceTypeInvalid: 'Choose Walgreens Photo or CVS Photo',
  pinCodeInvalid: 'Pin code must be exactly 5 digits',
  addressLineRequired: 'Address is required',
  addressLineTooLong: 'Address should not exceed 300 characters',
  messageTooLong: 'The message should not exceed 500 characters',
  addressRequired: 'Choose a delivery address',
  addressNotFound: 'Address not found',
  stepSaved: 'Step saved',
  /** What a photo order still needs before it can be paid (the payment's "Before paying, please add: …"). */
  needsItem: 'a photo size and its photo',
  needsPhoto: (label: string) => `a photo for ${label}`,
  needsAddress: 'a delivery address',
  needsPickup: 'the photo studio pickup details',
  stepInvalid: 'Step must be 1, 2, 3 or 4',
  stepNotReady: (step: PhotoStep) =>
    step === 2
      ? 'Add at least one item with a photo before choosing a plan.'
      : step === 3
        ? 'Choose a plan before the delivery step.'
        : 'Complete the delivery step before paying.',
  reset: 'Your photo order was reset. Start again from step 1.',
  sizesLoaded: 'Photo sizes loaded',
  fileTypesLoaded: 'File types loaded',
  postalFound: 'Postal code found',
  postalUnknown: 'We do not know this code. Please enter the city and state or province yourself.',
  postalCountryInvalid: 'Country must be US or CA',
  postalCodeInvalid: 'Enter the first digits of a ZIP code or the first three characters of a postal code',
  idempotencyKeyInvalid: IDEMPOTENCY_KEY_MESSAGE,
} as const;
const M = PHOTO_ORDER_MESSAGES;

/** `{orderRef}`: the PHO-… id or the order number (the notification link carries the number). */
export const photoOrderRefParams = z.object({
  orderRef: z
    .string()
    .regex(/^(?:PHO-\d{1,12}|[1-9]\d{0,9})$/, M.orderRefInvalid)
    .refine((ref) => ref.startsWith('PHO-') || Number(ref) <= 2_147_483_647, M.orderRefInvalid),
});
export type PhotoOrderRef = { displayId: string } | { id: number };
export function parsePhotoOrderRef(ref: string): PhotoOrderRef {
  return ref.startsWith('PHO-') ? { displayId: ref } : { id: Number(ref) };
}

// Said in words for any value: zod's own for a path's "abc" is "expected number, received NaN".
const positiveId = z.coerce
  .number({ error: M.idInvalid })
  .int(M.idInvalid)
  .min(1, M.idInvalid)
  .max(2_147_483_647, M.idInvalid);
export const photoItemParams = photoOrderRefParams.extend({ itemId: positiveId });
export const photoParams = photoItemParams.extend({ photoId: positiveId });

/** POST /photo-orders (SPEC.md §7 `/photo-orders`): a key made once per visit, as for applications. */
export const createPhotoOrderSchema = z.object({
  idempotencyKey: idempotencyKeySchema,
  /**
   * USD for US customers, CAD for Canadian ones (prices in PHOTO_PRICES); without it, the currency
   * the customer last ordered in, else USD (`photoCurrencyOf`).
   */
  currency: z.enum(PHOTO_CURRENCIES).optional(),
});

/** Whose photo an item is: optional, blank for none. */
const personNameField = z
  .string()
  .trim()
  .max(PERSON_NAME_MAX_LENGTH, M.personNameTooLong)
  .transform((v) => (v ? v : null));

/** PATCH …/items/{itemId}: whose photo it is ("Asha"), so a family's items are told apart; blank clears it. */
export const namePhotoItemSchema = z.object({ personName: personNameField });
export type NamePhotoItem = z.infer<typeof namePhotoItemSchema>;

/** An item as the customer reads it: whose photo, then the document ("Asha · US passport"). */
export const itemTitle = (item: { personName: string | null; documentType: string }) =>
  item.personName ? `${item.personName} · ${item.documentType}` : item.documentType;

/** The start of a download's file name from whose photo it is ("asha-"), or nothing. */
export function fileNamePrefix(personName: string | null): string {
  const slug = (personName ?? '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return slug ? `${slug}-` : '';
}

/** POST …/items (SPEC.md §3 step1 item: photoSize and documentType). */
export const addPhotoItemSchema = z
  .object({
    photoSize: z.enum(PHOTO_SIZE_IDS, { error: M.sizeRequired }),
    /** The document the size is for; when sent it must be the size's own (the picker shows both). */
    documentType: z.string().trim().max(100).optional(),
    /**
     * One per item the customer adds, sent again with a retry: an add whose answer was lost
     * (a phone's line), tapped again, is the item already added, not a second one to pay for.
     */
    idempotencyKey: z.string().trim().min(16).max(100).optional(),
  })
  .superRefine((item, ctx) => {
    if (item.documentType && item.documentType !== PHOTO_SIZES[item.photoSize].documentType) {
      ctx.addIssue({ code: 'custom', path: ['documentType'], message: M.documentTypeMismatch });
    }
  });

/** PUT …/plan (SPEC.md §3 step2: pricingPlanId, default Digital Copy; and the options). */
/** PUT /photo-orders/:ref/currency: the currency an unpaid order is priced and paid in. */
export const chooseCurrencySchema = z.object({
  currency: z.enum(PHOTO_CURRENCIES, { error: M.currencyInvalid }),
});
export type ChooseCurrency = z.infer<typeof chooseCurrencySchema>;

export const choosePlanSchema = z.object({
  pricingPlanId: z
    .union(
      PHOTO_PLAN_IDS.map((id) => z.literal(id)),
      { error: M.planInvalid },
    )
    .default(DIGITAL_PLAN_ID),
  options: z
    .array(z.enum(PHOTO_OPTIONS, { error: M.optionInvalid }))
    .max(PHOTO_OPTIONS.length, M.optionTwice)
    .refine((options) => new Set(options).size === options.length, M.optionTwice)
    .default([]),
});
export type ChoosePlan = z.infer<typeof choosePlanSchema>;

/** Whether print copies and pickup may be chosen for these sizes: one of them must be printed. */
export const printsOffered = (sizeIds: readonly PhotoSizeId[]) => sizeIds.some(isPrintedSize);

/**
 * Whether the plan and options ask for pickup, home delivery or nothing physical: nothing when no
 * size of the order is printed (a signature or an e-Visa photo alone is a file, sent nowhere).
 */
export function deliveryMethodFor(
  planId: PhotoPlanId,
  options: readonly PhotoOption[],
  sizeIds: readonly PhotoSizeId[],
): 'pickup' | 'home' | null {
  if (!printsOffered(sizeIds)) return null;
  if (options.includes('pickup')) return 'pickup';
  return planId === PRINT_PLAN_ID ? 'home' : null;
}

/** What a photo order holds, as its payment reads it: each item's size label and photos, and its delivery. */
export interface OrderForPayment {
  items: readonly { label: string; photos: readonly (PhotoForPayment & { name: string })[] }[];
  deliveryMethod: 'pickup' | 'home' | null;
  delivery: { method: 'pickup' | 'home' } | null;
}

/** One thing a photo order still needs before it is paid: what kind, and the words of "Before paying, please add: …". */
export interface StillNeeded {
  need: 'item' | 'photo' | 'choice' | 'check' | 'delivery';
  text: string;
}

/**
 * What a photo order still needs before payment (issue 31 §3): a photo it can deliver for each item,
 * a retake or the customer's choice for a fitted photo that failed a rule, the result of a check
 * still running, and the delivery its prints need. The server refuses payment with these; the page
 * says them beside a Pay it keeps disabled, before it is pressed.
 */
export function stillNeededBeforePayment(order: OrderForPayment): StillNeeded[] {
  if (order.items.length === 0) return [{ need: 'item', text: M.needsItem }];
  const missing: StillNeeded[] = [];
  for (const item of order.items) {
    const own = item.photos.map((photo) => ({ photo, standing: paymentStanding(photo) }));
    // A photo the engine could not check or fit is delivered as nothing: it is not the item's photo.
    if (own.every(({ standing }) => standing === 'unusable')) {
      missing.push({ need: 'photo', text: M.needsPhoto(item.label) });
    }
    for (const { photo, standing } of own) {
      if (standing === 'needs-choice') {
        missing.push({ need: 'choice', text: FAILED_RULE_MESSAGES.needsChoice(item.label, photo.name) });
      }
      if (standing === 'checking') {
        missing.push({ need: 'check', text: FAILED_RULE_MESSAGES.needsCheck(item.label, photo.name) });
      }
    }
  }
  if (order.deliveryMethod && order.delivery?.method !== order.deliveryMethod) {
    missing.push({ need: 'delivery', text: order.deliveryMethod === 'home' ? M.needsAddress : M.needsPickup });
  }
  return missing;
}

const addressLine = z
  .string({ error: M.addressLineRequired })
  .trim()
  .min(1, M.addressLineRequired)
  .max(300, M.addressLineTooLong);

/** SPEC.md §3 step3 / pickupAddress: serviceType, pinCode, addressLine, message. */
export const pickupSchema = z.object({
  method: z.literal('pickup'),
  serviceType: z.enum(PHOTO_SERVICE_TYPES, { error: M.serviceTypeInvalid }),
  pinCode: z.string({ error: M.pinCodeInvalid }).trim().regex(PIN_CODE_PATTERN, M.pinCodeInvalid),
  addressLine,
  message: z
    .string()
    .trim()
    .max(500, M.messageTooLong)
    .nullish()
    .transform((v) => v || null),
});

/** Home delivery to one of the customer's saved addresses (GET/POST /photo-orders/addresses). */
export const homeDeliverySchema = z.object({
  method: z.literal('home'),
  addressId: positiveId.or(z.undefined()).refine((v) => v !== undefined, M.addressRequired),
});

export const chooseDeliverySchema = z.discriminatedUnion('method', [pickupSchema, homeDeliverySchema], {
  error: 'Choose pickup or home delivery',
});
export type ChooseDelivery = z.infer<typeof chooseDeliverySchema>;

export const setStepSchema = z.object({
  step: z.union(
    PHOTO_STEPS.map((s) => z.literal(s)),
    { error: M.stepInvalid },
  ),
});

/** The address sub-stepper's saved delivery: a copy of the address, so a later edit of the book changes no order. */
export const deliveryAddressSchema = addressSchema.pick({
  fullName: true,
  addressLine: true,
  city: true,
  state: true,
  postalCode: true,
  country: true,
  type: true,
  additionalInfo: true,
  phone: true,
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const storedDeliverySchema = z.discriminatedUnion('method', [
  // Without the input's trimming and defaults: an answer is written as stored.
  z.object({
    method: z.literal('pickup'),
    serviceType: z.enum(PHOTO_SERVICE_TYPES),
    pinCode: z.string(),
    addressLine: z.string(),
    message: z.string().nullable(),
  }),
  z.object({ method: z.literal('home'), addressId: z.number(), address: deliveryAddressSchema }),
]);
export type StoredDelivery = z.infer<typeof storedDeliverySchema>;

/** A photo's compliance check: pending until the job runs, then done (with its report) or failed. */
export const PHOTO_STATES = ['pending', 'done', 'failed'] as const;
export type PhotoState = (typeof PHOTO_STATES)[number];

export const photoLinksSchema = z.object({
  original: z.string(),
  /** Null until the photo is fitted (or when it could not be); its `?v=` changes whenever the image does. */
  fitted: z.string().nullable(),
  /**
   * The 4×6 in print sheet of the fitted photo; null until fitted and the order paid, once it is
   * cancelled or refunded, or for a size that is not printed.
   */
  printSheet: z.string().nullable(),
});

/** One uploaded photo (SPEC.md §3: id, name, size, url), with its check. */
export const orderPhotoSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  state: z.enum(PHOTO_STATES),
  report: complianceReportSchema.nullable(),
  /** Why the check failed (state failed), in the customer's words. */
  error: z.string().nullable(),
  url: z.string(),
  links: photoLinksSchema,
  uploadedAt: z.string(),
  /** For a photo that failed a rule: the customer's choice instead of a retake, or null. */
  failedRuleChoice: failedRuleChoiceSchema.nullable(),
  /**
   * A person's second look (asked for by "have a person check it", a borderline result or a
   * retake; issue 31 §4), or null.
   */
  secondLook: z.enum(SECOND_LOOK_STATES).nullable(),
  /** Why a person rejected the photo (the customer may replace it at no charge), or null. */
  secondLookReason: z.string().nullable(),
  /** The retake's upload (multipart) for a photo a person rejected; null otherwise. */
  retakeUrl: z.string().nullable(),
});
export type OrderPhoto = z.infer<typeof orderPhotoSchema>;

export const photoItemSchema = z.object({
  id: z.number(),
  photoSize: z.enum(PHOTO_SIZE_IDS),
  documentType: z.string(),
  /** Whose photo it is, when the customer said. */
  personName: z.string().nullable(),
  label: z.string(),
  photos: z.array(orderPhotoSchema),
});
export type PhotoItem = z.infer<typeof photoItemSchema>;

/** Checkout's cost line, without the refundable mark (a photo order has no government fee). */
export const photoCostLineSchema = costLineSchema.omit({ refundable: true });

/** The order page and every step's answer: SPEC.md §3's orderDetail plus status, total and timeline. */
export const photoOrderSchema = z.object({
  id: z.number(),
  displayId: z.string(),
  status: z.string(),
  step: z.union(PHOTO_STEPS.map((s) => z.literal(s))),
  currency: z.enum(CURRENCIES),
  totalCents: z.number(),
  items: z.array(photoItemSchema),
  pricingPlanId: z.union(PHOTO_PLAN_IDS.map((id) => z.literal(id))),
  options: z.array(z.enum(PHOTO_OPTIONS)),
  /** Which kind of delivery the plan needs: pickup, home, or null for digital only. */
  deliveryMethod: z.enum(['pickup', 'home']).nullable(),
  delivery: storedDeliverySchema.nullable(),
  /** Prints delivered to home, once staff posted them; null before (and for every other delivery). */
  shipment: storedShipmentSchema.nullable(),
  /** Prints picked up from a studio, once staff recorded them ready there; null before (and for every other delivery). */
  pickupReady: storedPickupReadySchema.nullable(),
  costSummary: z.array(photoCostLineSchema),
  /** The applied coupon's code (platform `sevaphotos`), or null. */
  appliedCoupon: z.string().nullable(),
  /**
   * Only in the answer to the change that removed the coupon (the order no longer reaches its
   * minimum order): the sentence telling the customer so, and why.
   */
  couponRemoved: z.string().optional(),
  /**
   * Only in the answer to the change that took a chosen option off the order because the order no
   * longer allows it (pickup when it turned to CAD, Background Change when a size refusing it
   * joined): which options, and the sentence telling the customer so.
   */
  choicesDropped: z.object({ options: z.array(z.enum(PHOTO_OPTIONS)), message: z.string() }).optional(),
  /** Whether Background Change may be chosen: every item's size allows it. */
  backgroundChangeOffered: z.boolean(),
  /** The order has prints and a photo waits for a person's second look: nothing is printed until approved. */
  printsHeld: z.boolean(),
  timeline: z.array(statusChangeSchema),
  /** Its photos under the retention policy (issue 34 §4): kept until a day once closed, then deleted. */
  files: orderFilesRetentionSchema,
  /** Payments the order could not take (a superseded link paid, a charge after a cancellation), each refunded in full. */
  strayCharges: z.array(strayChargeSchema),
  /** The messages staff sent the customer about the order (by e-mail and notification too), newest first. */
  messages: z.array(staffMessageSchema),
  createdAt: z.string(),
});
export type PhotoOrder = z.infer<typeof photoOrderSchema>;

/** GET /photo-store/photo-size: the sizes the customer picks from. */
export const photoSizeSchema = z.object({
  id: z.enum(PHOTO_SIZE_IDS),
  documentType: z.string(),
  label: z.string(),
  kind: z.enum(['photo', 'signature']),
  widthPx: z.number(),
  heightPx: z.number(),
  maxBytes: z.number(),
  background: z.enum(['white', 'light']),
  backgroundChangeAllowed: z.boolean(),
  note: z.string(),
});

/** GET /photo-store/file-type: what the upload takes (JPEG, PNG, HEIC). */
export const photoFileTypeSchema = z.object({
  id: z.enum(['jpeg', 'png', 'heic']),
  label: z.string(),
  mimeTypes: z.array(z.string()),
  extensions: z.array(z.string()),
});

/** GET /photo-orders/plans: the plans and options with their prices in the asked currency. */
export const photoPlansSchema = z.object({
  currency: z.enum(CURRENCIES),
  plans: z.array(
    z.object({
      id: z.union(PHOTO_PLAN_IDS.map((id) => z.literal(id))),
      label: z.string(),
      description: z.string(),
      unitCents: z.number(),
      unit: z.literal('item'),
      isDefault: z.boolean(),
    }),
  ),
  options: z.array(
    z.object({
      id: z.enum(PHOTO_OPTIONS),
      label: z.string(),
      description: z.string(),
      unitCents: z.number(),
      unit: z.enum(['item', 'order']),
    }),
  ),
});
export const plansQuery = z.object({ currency: z.enum(PHOTO_CURRENCIES).default('USD') });

/** Whether Background Change may be offered for these sizes: every one must allow it (and there is one). */
export function backgroundChangeOffered(sizeIds: readonly PhotoSizeId[]): boolean {
  return sizeIds.length > 0 && sizeIds.every((id) => PHOTO_SIZES[id].backgroundChangeAllowed);
}

/** "JPEG, PNG or HEIC": the photo upload's types as the customer reads them. */
export const PHOTO_UPLOAD_TYPES_TEXT = describeUploadTypes(IMAGE_UPLOAD_TYPES);

/**
 * A fitted photo's file path named by its version (`?v=`, which the file routes ignore): the server
 * changes the version with what the image depends on (a new fitting after Background Change, stripes
 * on or off), so a page never keeps showing a cached old picture beside a new report, as the
 * visitor's check does with its `?v=`. The customer's links and the staff's name the same version.
 */
export function versionedFittedPath(path: string, fittedVersion: string): string {
  return `${path}?v=${encodeURIComponent(fittedVersion)}`;
}

/** The version a fitted link names (null if none): the staff desk's link to the same file takes it. */
export function fittedVersionOf(link: string): string | null {
  return new URL(link, 'http://link.invalid').searchParams.get('v');
}

/**
 * The API paths of a photo's files (owner only). `fittedVersion` names the fitted image as it is
 * served now (null until it is fitted): see versionedFittedPath.
 */
export function photoLinks(
  orderDisplayId: string,
  itemId: number,
  photoId: number,
  {
    fittedVersion,
    printed,
    held,
    sold,
  }: { fittedVersion: string | null; printed: boolean; held: boolean; sold: boolean },
) {
  const base = `/api/v1/photo-orders/${orderDisplayId}/items/${itemId}/photos/${photoId}`;
  const fitted = fittedVersion !== null;
  return {
    original: `${base}/original`,
    fitted: fitted ? versionedFittedPath(`${base}/fitted`, fittedVersion) : null,
    // A photo waiting for a person's check, or for its retake, is not printed by anyone yet; and
    // the sheet is sold: listed only while the order is paid and neither cancelled nor refunded.
    printSheet: fitted && printed && !held && sold ? `${base}/print-sheet` : null,
  };
}
