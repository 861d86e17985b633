import { z } from 'zod';
import type { Filing } from '../catalog/filing.ts';
import { packagePriceSchema, parameterChoicesSchema } from '../catalog/service-detail.ts';
import { premiumSupportSchema } from '../checkout/premium-support.ts';
import { jurisdictionSchema } from '../jurisdiction/jurisdiction.ts';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '../orders/idempotency-key.ts';
import { orderFilesRetentionSchema } from '../orders/retention.ts';
import { staffMessageSchema } from '../orders/staff-messages.ts';
import { INITIAL_ORDER_STATUS, type OrderStatus, statusChangeSchema, toOrderStatus } from '../orders/status.ts';
import { strayChargeSchema } from '../payments/payment.ts';
import { missingDocumentsSchema } from './documents.ts';
import { memberListSchema, memberSchema } from './members.ts';
import { photoToRedoSchema } from './photos-to-redo.ts';
import { postingAddressViewSchema } from './posting-address.ts';

/**
 * An application: a service order (DOC-…) started from a chosen package and its country
 * choices (SPEC.md §2 /package-form, §7 application calls; docs/decisions/0048).
 */

export const APPLICATION_MESSAGES = {
  started: 'Your application is started',
  alreadyStarted: 'This application was already started; here it is',
  loaded: 'Order loaded',
  listLoaded: 'Applications loaded',
  cancelled: 'Your application has been cancelled.',
  idempotencyKeyInvalid: IDEMPOTENCY_KEY_MESSAGE,
  idempotencyKeyReused:
    'This page already started an application for a different package or countries. Please reload the page to start a new one.',
  packageRequired: 'Choose a package to start an application',
  packageNotFound: 'This package is not available any more. Please choose another package.',
  notAnApplication: 'Photo enhancement is ordered from the Photos page, not as an application.',
  countryInvalid: 'Choose a country from the list',
  orderNotFound: 'We could not find this order.',
  orderRefInvalid: 'Enter the order ID, for example DOC-48213907',
  notCancellable: 'This application can no longer be cancelled here. To stop a paid order, please request a refund.',
  /** Timeline remarks of the system's moves between Forms incomplete and Order pending. */
  allItemsIn: 'Every form is reviewed and every required document is in. Our team will start on your application.',
  /** …the same move after our team had the application In review and sent it back: the work had started. */
  askedForItemsIn: 'Everything our team asked for is in. Our team will pick up your application again.',
  itemMissingAgain: 'A form review was removed or a required document is missing. Please complete the application.',
} as const;

const countryCode = z
  .string({ error: APPLICATION_MESSAGES.countryInvalid })
  .trim()
  .regex(/^[A-Za-z]{2}$/, APPLICATION_MESSAGES.countryInvalid)
  .transform((code) => code.toUpperCase());

/** SPEC.md §3 service parameters as the customer chose them (ISO country codes). */
export const applicationChoicesSchema = z.object({
  applyingFrom: countryCode.optional(),
  citizenship: countryCode.optional(),
  destination: countryCode.optional(),
});

/**
 * POST /application/order. The client names the package, its choices and the members; the
 * server prices it. Anything else in the body (a price, a status, a total) is dropped unread.
 */
export const startApplicationSchema = z.object({
  idempotencyKey: idempotencyKeySchema,
  packageId: z
    .number({ error: APPLICATION_MESSAGES.packageRequired })
    .int(APPLICATION_MESSAGES.packageRequired)
    .positive(APPLICATION_MESSAGES.packageRequired)
    .max(2_147_483_647, APPLICATION_MESSAGES.packageRequired),
  choices: applicationChoicesSchema.default({}),
  members: memberListSchema,
});
export type StartApplicationInput = z.input<typeof startApplicationSchema>;
export type StartApplication = z.output<typeof startApplicationSchema>;

/** POST /application/order/{orderRef}/cancel: an optional reason. */
export const cancelApplicationSchema = z.object({
  remark: z.string().trim().max(1000, 'The reason should not exceed 1000 characters').optional(),
});

/**
 * An order named in a path: its customer-facing id ('DOC-48213907') or its number (the
 * notification link's ?orderId=, SPEC.md §2).
 */
export const orderRefParams = z.object({
  orderRef: z
    .string()
    .regex(/^(?:DOC-\d{1,12}|[1-9]\d{0,9})$/, APPLICATION_MESSAGES.orderRefInvalid)
    .refine((ref) => ref.startsWith('DOC-') || Number(ref) <= 2_147_483_647, APPLICATION_MESSAGES.orderRefInvalid),
});
export type OrderRef = { displayId: string } | { id: number };

export function parseOrderRef(ref: string): OrderRef {
  return ref.startsWith('DOC-') ? { displayId: ref } : { id: Number(ref) };
}

/**
 * The price kept with the order when it started (later catalog edits do not change it): per
 * member, the government fee, the mandatory third-party fees and our service fee, apart.
 */
export const priceSnapshotSchema = packagePriceSchema
  .pick({
    currency: true,
    governmentFeeCents: true,
    mandatoryFees: true,
    serviceFeeCents: true,
    compareAtServiceFeeCents: true,
    isEstimate: true,
    feesPaidOnPortal: true,
  })
  .extend({
    /** What we charge for one member (priceTotalCents): without the fees paid on the portal. */
    perMemberCents: z.number().int(),
    memberCount: z.number().int(),
    /** perMemberCents × memberCount (add-ons and coupons come with checkout). */
    totalCents: z.number().int(),
  });
export type PriceSnapshot = z.infer<typeof priceSnapshotSchema>;

/** Members may be added or removed only before payment: the price counts them. */
const MEMBER_LIST_OPEN: readonly OrderStatus[] = ['Payment pending'];
/** Their details may be corrected until the forms are all in. */
const MEMBER_DETAILS_OPEN: readonly OrderStatus[] = ['Payment pending', 'Forms incomplete'];

export function canChangeMemberList(status: string): boolean {
  const s = toOrderStatus(status);
  return s !== null && MEMBER_LIST_OPEN.includes(s);
}

export function canEditMembers(status: string): boolean {
  const s = toOrderStatus(status);
  return s !== null && MEMBER_DETAILS_OPEN.includes(s);
}

/**
 * Documents may be uploaded, replaced and deleted while the customer is still completing the
 * application: before payment and while forms or documents are missing (also after staff send an
 * application back). From `Order pending` on, the order is in staff's hands (docs/decisions/0050).
 */
const DOCUMENTS_OPEN: readonly OrderStatus[] = ['Payment pending', 'Forms incomplete'];

export function canChangeDocuments(status: string): boolean {
  const s = toOrderStatus(status);
  return s !== null && DOCUMENTS_OPEN.includes(s);
}

/** The order was paid for: past Payment pending (what our team prepares is due from then on). */
export function isPaidStatus(status: string): boolean {
  return status !== INITIAL_ORDER_STATUS;
}

/**
 * A member's answers may be saved, and their form reviewed, while the customer is still completing
 * the application: before payment and while anything is missing after it (also after staff send it
 * back). The same statuses as documents (docs/decisions/0051).
 */
export const ANSWERS_OPEN: readonly OrderStatus[] = ['Payment pending', 'Forms incomplete'];

export function canChangeAnswers(status: string): boolean {
  const s = toOrderStatus(status);
  return s !== null && ANSWERS_OPEN.includes(s);
}

/**
 * Removing a member's review (SPEC.md §4) reopens their form. Also allowed in `Order pending`, while
 * the order waits for staff and nobody has started on it: the order goes back to `Forms incomplete`
 * and the customer corrects what they noticed without writing to support (docs/decisions/0051).
 */
const REVIEW_REMOVABLE: readonly OrderStatus[] = [...ANSWERS_OPEN, 'Order pending'];

export function canRemoveReview(status: string): boolean {
  const s = toOrderStatus(status);
  return s !== null && REVIEW_REMOVABLE.includes(s);
}

/** The order's title in the order history: 'OCI Card: New OCI Card'. */
export function applicationTitle(serviceName: string, packageName: string): string {
  return `${serviceName}: ${packageName}`;
}

/** GET /application/order/{orderRef}: the order page (SERVICE_ORDER). */
export const applicationOrderSchema = z.object({
  id: z.number(),
  displayId: z.string(),
  title: z.string(),
  status: z.string(),
  service: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  package: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  choices: parameterChoicesSchema,
  price: priceSnapshotSchema,
  /** Premium support's priority line and contact, from the order's stored total (SPEC.md §9); null below it. */
  premiumSupport: premiumSupportSchema.nullable(),
  /** The form definition version the order was started with (GET …/form); null when its package has no form. */
  formDefinitionId: z.number().nullable(),
  /** Where the file goes, from the deciding member's saved address (issue 32 §1); null while none resolves. */
  mission: jurisdictionSchema.nullable(),
  /**
   * How its file is filed (filingOf): with a mission, online only (the e-Visa: no mission, nothing
   * posted) or not at all. Decided here, so the form page's first load carries none of the rule.
   */
  filing: z.enum(['mission', 'online', 'none'] as const satisfies readonly Filing[]),
  /**
   * Where the customer posts a mission's file, as our team confirmed it, and when (decision 0179);
   * null until then (the order page says to wait for it).
   */
  postingAddress: postingAddressViewSchema.nullable(),
  members: z.array(memberSchema),
  /** Every status change, oldest first. */
  timeline: z.array(statusChangeSchema),
  /** What the customer may do now (the page shows only these). */
  actions: z.object({
    canCancel: z.boolean(),
    canChangeMemberList: z.boolean(),
    canEditMembers: z.boolean(),
    canChangeDocuments: z.boolean(),
    /** Members' answers may be saved and reviewed. */
    canChangeAnswers: z.boolean(),
  }),
  /**
   * What the customer must still do: each member's required documents not uploaded yet, and the
   * members whose form is not reviewed yet, in member order (members with nothing missing left
   * out). Both empty once documents or answers can no longer change.
   */
  toDo: z.object({
    missingDocuments: z.array(missingDocumentsSchema),
    incompleteForms: z.array(z.object({ memberId: z.number(), fullName: z.string() })),
    /** Files in that fail one of SevaPhotos' rules: worth replacing, but holding nothing back. */
    photosToRedo: z.array(photoToRedoSchema),
  }),
  /**
   * What the completeness rule that moves the order's status (src/domain/applications/completion.ts)
   * finds missing, in words: "Priya’s application form", "Arjun’s passport copy". Empty when all is
   * in, and once forms and documents can no longer change.
   */
  missing: z.array(z.string()),
  /**
   * Before payment, the documents our team prepares once the order is paid, which the customer then
   * signs and uploads ("Anaya’s Parental Authorization Form"), named as `missing` names them: due
   * from payment on, so an order with nothing `missing` still waits for them. Empty once paid.
   */
  preparedAfterPayment: z.array(z.string()),
  /** Its files under the retention policy (issue 34 §4): kept until a day once closed, then deleted. */
  files: orderFilesRetentionSchema,
  /**
   * Payments the order could not take (a superseded link paid, a charge after cancellation), each
   * refunded in full automatically, oldest first: listed beside what was paid, so money the
   * customer saw leave their account is on the order. Empty when there were none.
   */
  strayCharges: z.array(strayChargeSchema),
  /** The messages staff sent the customer about the order (by e-mail and notification too), newest first. */
  messages: z.array(staffMessageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationOrder = z.infer<typeof applicationOrderSchema>;
