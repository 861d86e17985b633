import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { MemberKind, MemberRelationship } from '../../../domain/applications/members.ts';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import { timestamps } from '../../db/columns.ts';
import { orders } from '../orders/tables.ts';

export interface FeeLineSnapshot {
  label: string;
  amountCents: number;
}

/**
 * What a service order (DOC-…) was started with: the package and its country choices, the price
 * per member as the catalog had it then (government fee, mandatory third-party fees and our
 * service fee apart), and the form definition version. Later catalog edits change none of it.
 * Service and package are copied by id, slug and name, not referenced: the snapshot outlives them.
 */
export const applicationOrders = pgTable('application_orders', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  serviceId: integer('service_id').notNull(),
  serviceSlug: text('service_slug').notNull(),
  serviceName: text('service_name').notNull(),
  packageId: integer('package_id').notNull(),
  packageSlug: text('package_slug').notNull(),
  packageName: text('package_name').notNull(),
  /** The catalog price row the snapshot was taken from. */
  packagePriceId: integer('package_price_id').notNull(),
  choices: jsonb('choices').$type<ParameterChoices>().notNull().default(sql`'{}'::jsonb`),
  currency: text('currency').$type<Currency>().notNull(),
  governmentFeeCents: integer('government_fee_cents').notNull(),
  mandatoryFees: jsonb('mandatory_fees').$type<FeeLineSnapshot[]>().notNull().default(sql`'[]'::jsonb`),
  serviceFeeCents: integer('service_fee_cents').notNull(),
  compareAtServiceFeeCents: integer('compare_at_service_fee_cents'),
  isEstimate: boolean('is_estimate').notNull().default(false),
  /**
   * The form definition (one version of the package's form) the order was started with; null
   * while the package has none. The form-definitions table lands with the form engine.
   */
  formDefinitionId: integer('form_definition_id'),
  ...timestamps,
});

/**
 * The people an application is for (1 to 10), each with their own form progress (SPEC.md §3
 * applicationFormData: currentStepper, memberFormData, reviewOrderDetails).
 */
export const applicationMembers = pgTable(
  'application_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => applicationOrders.orderId, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    /** Derived from the date of birth when saved (Minor under 18). */
    kind: text('kind').$type<MemberKind>().notNull(),
    relationship: text('relationship').$type<MemberRelationship>().notNull(),
    /** The step of the member's form the customer is on (starts at 1). */
    currentStep: integer('current_step').notNull().default(1),
    /** The member's answers, keyed by field; filled by autosave. */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** What the review step stored (SPEC.md §4); null until the member's form is reviewed. */
    reviewDetails: jsonb('review_details').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [index('application_members_order_idx').on(t.orderId, t.id)],
);
