import { z } from 'zod';
import { MEMBER_KINDS } from '../applications/member-kinds.ts';
import { ADDON_TYPES } from '../catalog/addons.ts';
import { CURRENCIES, ungroupedAmount } from '../catalog/money.ts';
import { SERVICE_PARAMETERS } from '../catalog/parameters.ts';
import { packageTextSchema, parameterChoicesSchema } from '../catalog/service-detail.ts';
import { appliesToSchema } from './catalog-choices.ts';
import { positionSchema } from './content.ts';

/**
 * The back office's catalog edits (issue 13, decision 0070): one schema per record, shared by the
 * API (`/api/v1/admin/catalog/…`) and the page forms. Every field is optional: a PATCH changes
 * what it names, and the audit log keeps only what changed. Money is integer cents.
 */

/** The largest amount a catalog price may hold: $100,000 (far above any consular fee). */
export const MAX_PRICE_CENTS = 10_000_000;

export const CATALOG_MESSAGES = {
  nothingToChange: 'Nothing to change: send at least one field.',
  notFound: (what: string, id: number) => `No ${what} found with id ${id}`,
  saved: 'Saved',
  compareAtTooLow: 'The former fee must be higher than the service fee to be shown struck through.',
  /** Photo Enhancement packages are priced as the photo orders they are (src/domain/photos/catalog-prices.ts). */
  photoPricesFromOrders:
    'Photo Enhancement prices are the photo order prices (Digital Copy, prints, pickup) and are changed with them, not here.',
  /** A price for applicants from one age and under another: the first must be the lower. */
  ageRangeEmpty: 'The lower age must be below the upper age: no applicant would fit this price.',
} as const;

/** An applicant's age limit on a price (decisions 0149, 0150): whole years, 1 to 120. */
function ageLimitSchema(label: string) {
  return z
    .number({ error: `${label} must be a number of years` })
    .int(`${label} must be in whole years`)
    .min(1, `${label} must be at least 1`)
    .max(120, `${label} must be at most 120`);
}

/** Whether a price's age limits leave nobody: from one age and under one no higher. */
export function ageRangeProblem(fromAge: number | null, underAge: number | null): string | null {
  return fromAge !== null && underAge !== null && fromAge >= underAge ? CATALOG_MESSAGES.ageRangeEmpty : null;
}

/** A price in cents: a whole number from 0 to MAX_PRICE_CENTS. */
export function centsSchema(label: string) {
  return z
    .number({ error: `${label} must be an amount` })
    .int(`${label} must be in whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_PRICE_CENTS, `${label} must be at most $100,000`);
}

/**
 * An amount typed in a form ('275', '15.90', '1,250.5') as cents, or null when it is not an
 * amount with at most two decimals. The form converts, then validates the cents with the schema.
 */
export function amountToCents(text: string): number | null {
  const clean = ungroupedAmount(text.trim());
  if (clean === null || !/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a form shows them: 27500 → '275.00'. */
export function centsToAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A required text field: trimmed, not empty, at most `max` characters. */
export function text(label: string, max: number) {
  return z
    .string({ error: `Enter the ${label.toLowerCase()}` })
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}`)
    .max(max, `${label} must be at most ${max} characters`);
}

function atLeastOne<T extends z.ZodObject>(schema: T) {
  return schema.refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: CATALOG_MESSAGES.nothingToChange,
  });
}

export const serviceEditFields = z.object({
  name: text('Name', 120).optional(),
  summary: text('Summary', 500).optional(),
  description: text('Details', 20_000).optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export const serviceEditSchema = atLeastOne(serviceEditFields);
export type ServiceEdit = z.infer<typeof serviceEditSchema>;

export const packageEditFields = z.object({
  name: text('Name', 120).optional(),
  description: text('Description', 20_000).optional(),
  processingTime: text('Processing time', 200).optional(),
  feeNote: z.string().trim().max(500, 'Fee note must be at most 500 characters').nullable().optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  /** Who the package's price is for (decision 0149): null, or both kinds, for anyone. */
  applicantKinds: z
    .array(z.enum(MEMBER_KINDS, { error: 'Choose Adult or Minor' }))
    .min(1, 'Choose who the package is for, or leave it for anyone')
    .nullable()
    .optional(),
});
export const packageEditSchema = atLeastOne(packageEditFields);
export type PackageEdit = z.infer<typeof packageEditSchema>;

export const feeLineEditSchema = z.object({
  label: text('Fee name', 80),
  amountCents: centsSchema('Fee'),
});

export const packagePriceEditFields = z.object({
  governmentFeeCents: centsSchema('Government fee').optional(),
  /** Mandatory third-party fees (outsourcer, ICWF…), each with its name. */
  mandatoryFees: z.array(feeLineEditSchema).max(10, 'At most 10 other fees').optional(),
  serviceFeeCents: centsSchema('Our fee').optional(),
  compareAtServiceFeeCents: centsSchema('Former fee').nullable().optional(),
  isEstimate: z.boolean({ error: 'isEstimate must be true or false' }).optional(),
  feesPaidOnPortal: z.boolean({ error: 'feesPaidOnPortal must be true or false' }).optional(),
  /** For the price's country: the applicant is younger than this (Canada's minor renewal: 15). */
  applicantUnderAge: ageLimitSchema('The upper age').nullable().optional(),
  /** …or at least this old, whatever the package's kinds (Canada's adult renewal: 15). */
  applicantFromAge: ageLimitSchema('The lower age').nullable().optional(),
});
export const packagePriceEditSchema = atLeastOne(packagePriceEditFields);
export type PackagePriceEdit = z.infer<typeof packagePriceEditSchema>;

/** The former fee is shown struck through only above the fee now: a lower one is a mistake. */
export function compareAtProblem(serviceFeeCents: number, compareAtCents: number | null): string | null {
  return compareAtCents !== null && compareAtCents <= serviceFeeCents ? CATALOG_MESSAGES.compareAtTooLow : null;
}

export const addonPriceEditFields = z.object({
  amountCents: centsSchema('Price').optional(),
  compareAtCents: centsSchema('Former price').nullable().optional(),
});
export const addonPriceEditSchema = atLeastOne(addonPriceEditFields);
export type AddonPriceEdit = z.infer<typeof addonPriceEditSchema>;

export const processStepEditFields = z.object({
  title: text('Title', 200).optional(),
  description: text('Description', 5_000).optional(),
  /** Its place in its list (decision 0076): lower shows first. */
  position: positionSchema.optional(),
  /** The choice of countries it is shown for (decision 0080): `{}` for every one. */
  appliesTo: appliesToSchema.optional(),
});
export const processStepEditSchema = atLeastOne(processStepEditFields);
export type ProcessStepEdit = z.infer<typeof processStepEditSchema>;

export const timelineEntryEditFields = z.object({
  title: text('Title', 200).optional(),
  description: text('Description', 5_000).optional(),
  duration: text('Duration', 80).optional(),
  position: positionSchema.optional(),
  appliesTo: appliesToSchema.optional(),
});
export const timelineEntryEditSchema = atLeastOne(timelineEntryEditFields);
export type TimelineEntryEdit = z.infer<typeof timelineEntryEditSchema>;

export const faqEditFields = z.object({
  question: text('Question', 500).optional(),
  answer: text('Answer', 10_000).optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  position: positionSchema.optional(),
  appliesTo: appliesToSchema.optional(),
});
export const faqEditSchema = atLeastOne(faqEditFields);
export type FaqEdit = z.infer<typeof faqEditSchema>;

/* What the back office reads: every record, active or not. */

/** A FAQ, a service's or general, shown or not, with the choice of countries it is shown for. */
export const adminFaqSchema = z.object({
  id: z.number(),
  position: z.number(),
  question: z.string(),
  answer: z.string(),
  isActive: z.boolean(),
  appliesTo: parameterChoicesSchema,
});
export type AdminFaq = z.infer<typeof adminFaqSchema>;

export const adminServiceRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  summary: z.string(),
  isActive: z.boolean(),
  packageCount: z.number(),
  updatedAt: z.string(),
});
export type AdminServiceRow = z.infer<typeof adminServiceRowSchema>;

const feeLine = z.object({ label: z.string(), amountCents: z.number() });

export const adminPriceSchema = z.object({
  id: z.number(),
  applyingFrom: z.string().nullable(),
  citizenship: z.string().nullable(),
  destination: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  governmentFeeCents: z.number(),
  mandatoryFees: z.array(feeLine),
  serviceFeeCents: z.number(),
  compareAtServiceFeeCents: z.number().nullable(),
  isEstimate: z.boolean(),
  feesPaidOnPortal: z.boolean(),
  /** The first day the row applies; null since always (decision 0109-fee-on-the-day). */
  effectiveFrom: z.string().nullable(),
  applicantUnderAge: z.number().nullable(),
  applicantFromAge: z.number().nullable(),
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;

export const adminPackageSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  processingTime: z.string(),
  feeNote: z.string().nullable(),
  isActive: z.boolean(),
  /** Who its price is for; null for anyone. */
  applicantKinds: z.array(z.enum(MEMBER_KINDS)).nullable(),
  prices: z.array(adminPriceSchema),
  timeline: z.array(
    z.object({
      id: z.number(),
      position: z.number(),
      title: z.string(),
      description: z.string(),
      duration: z.string(),
      appliesTo: parameterChoicesSchema,
    }),
  ),
  /** Its texts for one choice of countries each (decision 0080): a null field keeps the general one. */
  texts: z.array(packageTextSchema.extend({ id: z.number() })),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

export const adminServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  summary: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  parameters: z.array(z.enum(SERVICE_PARAMETERS)),
  /** The countries offered per parameter, in the picker's order (the first is the default). */
  parameterOptions: z.partialRecord(z.enum(SERVICE_PARAMETERS), z.array(z.string())),
  packages: z.array(adminPackageSchema),
  steps: z.array(
    z.object({
      id: z.number(),
      packageId: z.number().nullable(),
      kind: z.enum(['step', 'detail']),
      position: z.number(),
      title: z.string(),
      description: z.string(),
      appliesTo: parameterChoicesSchema,
    }),
  ),
  faqs: z.array(adminFaqSchema),
});
export type AdminService = z.infer<typeof adminServiceSchema>;

export const adminAddonPriceSchema = z.object({
  id: z.number(),
  addon: z.enum(ADDON_TYPES),
  currency: z.enum(CURRENCIES),
  amountCents: z.number(),
  compareAtCents: z.number().nullable(),
});
export type AdminAddonPrice = z.infer<typeof adminAddonPriceSchema>;
