import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ComplianceReport } from '../../../domain/photos/compliance.ts';
import type { FailedRuleChoice, SecondLook } from '../../../domain/photos/failed-rules.ts';
import type { PhotoState, StoredDelivery } from '../../../domain/photos/orders.ts';
import type { StoredPickupReady } from '../../../domain/photos/pickup-ready.ts';
import type { PhotoOption, PhotoPlanId } from '../../../domain/photos/pricing.ts';
import type { SecondLookCause } from '../../../domain/photos/second-look.ts';
import type { StoredShipment } from '../../../domain/photos/shipment.ts';
import type { PhotoSizeId } from '../../../domain/photos/sizes.ts';
import type { StoredFileType } from '../../../domain/uploads/file-types.ts';
import { timestamps } from '../../db/columns.ts';
import { orders } from '../orders/tables.ts';

/**
 * A SevaPhotos order's own details (docs/decisions/0063), keyed by its `orders` row (kind photo,
 * PHO-…): the step the customer is on, the plan and options, and the delivery (what the order is
 * charged is the order core's, `order_charged_summaries`).
 */
export const photoOrders = pgTable(
  'photo_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    step: integer('step').notNull().default(1),
    pricingPlanId: integer('pricing_plan_id').$type<PhotoPlanId>().notNull().default(1),
    options: jsonb('options').$type<PhotoOption[]>().notNull().default([]),
    /** Pickup details or a copy of the delivery address; null until step 3 is saved. */
    delivery: jsonb('delivery').$type<StoredDelivery>(),
    /** Prints delivered to home: the carrier and tracking number staff recorded when they posted them. */
    shipment: jsonb('shipment').$type<StoredShipment>(),
    /** Prints picked up from a studio: the studio's order number staff recorded once they were ready. */
    pickupReady: jsonb('pickup_ready').$type<StoredPickupReady>(),
    ...timestamps,
  },
  (t) => [
    check('photo_orders_step_check', sql`${t.step} between 1 and 4`),
    check('photo_orders_plan_check', sql`${t.pricingPlanId} in (1, 2)`),
  ],
);

/** An item of step 1: a photo size and the document it is for (SPEC.md §3 step1). */
export const photoOrderItems = pgTable(
  'photo_order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => photoOrders.orderId, { onDelete: 'cascade' }),
    sizeId: text('size_id').$type<PhotoSizeId>().notNull(),
    documentType: text('document_type').notNull(),
    /** Whose photo it is ("Asha"), as the customer names it: a family's items told apart. */
    personName: text('person_name'),
    /** The add's key (addPhotoItemSchema): the same add again is this item (decision 0171). */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photo_order_items_order_idx').on(t.orderId),
    uniqueIndex('photo_order_items_order_key_idx').on(t.orderId, t.idempotencyKey),
  ],
);

/**
 * An uploaded photo of an item (up to four), its compliance check (`pending` until the job ran,
 * then `done` with the report, or `failed`) and the fitted file the check produced.
 */
export const photoOrderPhotos = pgTable(
  'photo_order_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => photoOrderItems.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    displayName: text('display_name').notNull(),
    contentType: text('content_type').$type<StoredFileType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    state: text('state').$type<PhotoState>().notNull().default('pending'),
    report: jsonb('report').$type<ComplianceReport>(),
    fittedKey: text('fitted_key'),
    error: text('error'),
    /**
     * For a photo that failed a rule: the customer's choice instead of a retake (issue 31 §3), who
     * made it and when. Cleared when the photo is checked again (its report may change).
     */
    failedRuleChoice: text('failed_rule_choice').$type<FailedRuleChoice>(),
    failedRuleChosenBy: integer('failed_rule_chosen_by'),
    failedRuleChosenAt: timestamp('failed_rule_chosen_at', { withTimezone: true }),
    /**
     * A person's second look (issue 31 §4): `requested` (the staff queue reads it), then `approved`
     * or `rejected` by a staff member, with why it was asked, when (the SLA's start once the order
     * is paid), who decided, when, and a rejection's reason (e-mailed to the customer).
     */
    secondLook: text('second_look').$type<SecondLook>(),
    secondLookCause: text('second_look_cause').$type<SecondLookCause>(),
    secondLookRequestedAt: timestamp('second_look_requested_at', { withTimezone: true }),
    secondLookDecidedBy: integer('second_look_decided_by'),
    secondLookDecidedAt: timestamp('second_look_decided_at', { withTimezone: true }),
    secondLookReason: text('second_look_reason'),
    ...timestamps,
  },
  (t) => [
    index('photo_order_photos_item_idx').on(t.itemId),
    index('photo_order_photos_second_look_idx').on(t.secondLook).where(sql`${t.secondLook} = 'requested'`),
    check('photo_order_photos_state_check', sql`${t.state} in ('pending', 'done', 'failed')`),
    check(
      'photo_order_photos_choice_check',
      sql`${t.failedRuleChoice} is null or (${t.failedRuleChoice} in ('person-check', 'accept-risk') and ${t.failedRuleChosenBy} is not null and ${t.failedRuleChosenAt} is not null)`,
    ),
    check(
      'photo_order_photos_second_look_check',
      sql`${t.secondLook} is null or ${t.secondLook} in ('requested', 'approved', 'rejected')`,
    ),
    check(
      'photo_order_photos_second_look_cause_check',
      sql`${t.secondLook} is null or (${t.secondLookCause} in ('asked', 'borderline', 'retake') and ${t.secondLookRequestedAt} is not null)`,
    ),
  ],
);

/**
 * A visitor's photo check before any account (docs/decisions/0102-photo-check-first.md): the
 * re-encoded upload, the engine's report and fitted file, for the browser holding the token
 * whose SHA-256 is `token_hash`. Deleted (files too) after `expires_at`, or when an order claims it.
 */
export const photoChecks = pgTable(
  'photo_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    sizeId: text('size_id').$type<PhotoSizeId>().notNull(),
    storageKey: text('storage_key').notNull(),
    displayName: text('display_name').notNull(),
    contentType: text('content_type').$type<StoredFileType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    report: jsonb('report').$type<ComplianceReport>().notNull(),
    fittedKey: text('fitted_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_checks_expires_idx').on(t.expiresAt)],
);
