import { sql } from 'drizzle-orm';
import { boolean, customType, date, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MemberKind } from '../../../domain/applications/member-kinds.ts';
import type { AddonType } from '../../../domain/catalog/addons.ts';
import type { Currency } from '../../../domain/catalog/money.ts';
import { choicesInUrlOrder, type ParameterChoices, type ServiceParameter } from '../../../domain/catalog/parameters.ts';
import type { Brand } from '../../../domain/config/site.ts';
import { timestamps } from '../../db/columns.ts';

/**
 * A jsonb column of parameter choices, read with its parameters in URL order: jsonb hands keys
 * back shortest first, so without this an unchanged two-country choice would compare unequal to
 * the same choice as sent (decision 0080).
 */
const choicesColumn = customType<{ data: ParameterChoices; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (choices) => JSON.stringify(choices),
  fromDriver: (value) => choicesInUrlOrder((typeof value === 'string' ? JSON.parse(value) : value) as ParameterChoices),
});

export const services = pgTable('services', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  brand: text('brand').$type<Brand>().notNull().default('SEVADOCS'),
  summary: text('summary').notNull(),
  description: text('description').notNull(),
  /** Lucide icon name shown on cards. */
  icon: text('icon').notNull().default('file-text'),
  parameters: jsonb('parameters').$type<ServiceParameter[]>().notNull().default(sql`'[]'::jsonb`),
  /** ISO country codes a customer may pick, per parameter. */
  parameterOptions: jsonb('parameter_options')
    .$type<Partial<Record<ServiceParameter, string[]>>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const packages = pgTable(
  'packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /**
     * The package's general text: description, features, processing time, documents and fee
     * note true for every choice. Text true for one country only lives in `package_texts`.
     */
    description: text('description').notNull(),
    /** What the customer gets, one line each. */
    features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    processingTime: text('processing_time').notNull(),
    /** Documents the customer must supply. */
    documents: jsonb('documents').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** A sentence about the fees shown under the price (e.g. a fee some applicants pay on top). */
    feeNote: text('fee_note'),
    /** The price is for one person: the total reads "per applicant". */
    perApplicant: boolean('per_applicant').notNull().default(false),
    /** The member kinds the price is for (a passport's fee depends on age); null: anyone. */
    applicantKinds: jsonb('applicant_kinds').$type<MemberKind[]>(),
    addons: jsonb('addons').$type<AddonType[]>().notNull().default(sql`'[]'::jsonb`),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('packages_service_slug_idx').on(t.serviceId, t.slug)],
);

/**
 * A package's text for one choice of countries (`appliesTo`, e.g. `{ "applyingFrom": "CA" }`):
 * each field set here replaces the package's general one on pages for that choice; null keeps
 * it. The more parameters `appliesTo` names, the later it applies.
 */
export const packageTexts = pgTable(
  'package_texts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    appliesTo: choicesColumn('applies_to').notNull(),
    description: text('description'),
    features: jsonb('features').$type<string[]>(),
    processingTime: text('processing_time'),
    documents: jsonb('documents').$type<string[]>(),
    feeNote: text('fee_note'),
    ...timestamps,
  },
  (t) => [uniqueIndex('package_texts_package_applies_to_idx').on(t.packageId, t.appliesTo)],
);

/** The choices a row of text is true for: `{}` for every choice, `{ "applyingFrom": "US" }` for one country. */
const appliesTo = () => choicesColumn('applies_to').notNull().default(sql`'{}'::jsonb`);

export interface FeeLine {
  label: string;
  amountCents: number;
}

/**
 * One price per package, parameter combination and effective date. A null parameter matches any
 * choice. Government fee, mandatory third-party fees and our service fee stay apart so the
 * customer sees each; `isEstimate` marks figures staff must confirm (shared/catalog-facts.md).
 * A fee that changes on a date is a second row with that `effectiveFrom`: on day D the row with
 * the latest `effectiveFrom` on or before D applies (domain/catalog/fee-schedule.ts).
 */
export const packagePrices = pgTable('package_prices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  packageId: integer('package_id')
    .notNull()
    .references(() => packages.id, { onDelete: 'cascade' }),
  applyingFrom: text('applying_from'),
  citizenship: text('citizenship'),
  destination: text('destination'),
  currency: text('currency').$type<Currency>().notNull(),
  governmentFeeCents: integer('government_fee_cents').notNull(),
  mandatoryFees: jsonb('mandatory_fees').$type<FeeLine[]>().notNull().default(sql`'[]'::jsonb`),
  serviceFeeCents: integer('service_fee_cents').notNull(),
  /** The former service fee, shown struck through when higher. */
  compareAtServiceFeeCents: integer('compare_at_service_fee_cents'),
  isEstimate: boolean('is_estimate').notNull().default(false),
  /** The customer pays the government and mandatory fees on the official portal (the e-Visa's): not in our total. */
  feesPaidOnPortal: boolean('fees_paid_on_portal').notNull().default(false),
  /** The applicant is younger than this on the day of ordering (Canada's minor passport: 15); null: no limit. */
  applicantUnderAge: integer('applicant_under_age'),
  /**
   * The applicant is at least this old on the day of ordering, whatever the package's member kinds
   * (Canada's adult passport: 15, decision 0150); null: the package's kinds decide.
   */
  applicantFromAge: integer('applicant_from_age'),
  sources: text('sources').notNull().default(''),
  /** The first UTC day the row applies; null: since always (until a later row takes over). */
  effectiveFrom: date('effective_from', { mode: 'string' }),
  ...timestamps,
});

export const addonPrices = pgTable(
  'addon_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    addon: text('addon').$type<AddonType>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    compareAtCents: integer('compare_at_cents'),
    ...timestamps,
  },
  (t) => [uniqueIndex('addon_prices_addon_currency_idx').on(t.addon, t.currency)],
);

export type ProcessStepKind = 'step' | 'detail';

/**
 * How a service (or one package of it) is carried out: numbered `step`s for the process-steps
 * calls and longer `detail` sections for the process calls (SPEC.md §7).
 */
export const processSteps = pgTable('process_steps', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  serviceId: integer('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  /** Null: the step belongs to every package of the service. */
  packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<ProcessStepKind>().notNull().default('step'),
  position: integer('position').notNull().default(0),
  title: text('title').notNull(),
  description: text('description').notNull(),
  icon: text('icon'),
  appliesTo: appliesTo(),
  ...timestamps,
});

/** What happens when, after the customer pays (package timeline). */
export const packageTimeline = pgTable('package_timeline', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  packageId: integer('package_id')
    .notNull()
    .references(() => packages.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** e.g. 'Day 1', 'Weeks 2–6'. */
  duration: text('duration').notNull(),
  appliesTo: appliesTo(),
  ...timestamps,
});

export const faqs = pgTable('faqs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Null: a general question shown on the FAQ page outside any service. */
  serviceId: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  /** A question true for one country says so in its wording: the FAQ page lists every question. */
  appliesTo: appliesTo(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});
