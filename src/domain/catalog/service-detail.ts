import { z } from 'zod';
import { MEMBER_KINDS, type MemberKind } from '../applications/member-kinds.ts';
import type { ApplicantRule } from '../applications/package-applicants.ts';
import { ADDON_TYPES } from './addons.ts';
import { CURRENCIES, type Money } from './money.ts';
import { SERVICE_PARAMETERS } from './parameters.ts';
import { serviceSummarySchema } from './service-summary.ts';

export const feeLineSchema = z.object({ label: z.string(), amountCents: z.number().int() });

/** The next price of the same package and countries, from its date on (fee-schedule.ts). */
export const scheduledChangeSchema = z.object({
  /** The catalog price row that takes over. */
  id: z.number(),
  effectiveFrom: z.string(),
  governmentFeeCents: z.number().int(),
  mandatoryFees: z.array(feeLineSchema),
  totalCents: z.number().int(),
});
export type ScheduledChange = z.infer<typeof scheduledChangeSchema>;

/** One price of a package for one combination of parameter choices (null = any). */
export const packagePriceSchema = z.object({
  id: z.number(),
  applyingFrom: z.string().nullable(),
  citizenship: z.string().nullable(),
  destination: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  governmentFeeCents: z.number().int(),
  mandatoryFees: z.array(feeLineSchema),
  serviceFeeCents: z.number().int(),
  compareAtServiceFeeCents: z.number().int().nullable(),
  totalCents: z.number().int(),
  isEstimate: z.boolean(),
  /**
   * The government fee and the mandatory fees are paid by the customer on the official portal when
   * they submit (the e-Visa's): shown, never in our total, which is our service fee alone.
   */
  feesPaidOnPortal: z.boolean(),
  /** The first UTC day this price applies; null (or absent) since always. */
  effectiveFrom: z.string().nullable().optional(),
  /**
   * The next change of its government or outsourcer fees, shown before it takes effect; null (or
   * absent, as in prices made by hand) when none is dated.
   */
  scheduledChange: scheduledChangeSchema.nullable().optional(),
  /**
   * For this price's country, the applicant's age on the day of ordering (ApplicantRule's
   * `underAge` and `fromAge`: from Canada a minor's passport fee is for a child under 15); absent
   * when age does not matter. The start page says so as a member's date of birth is typed.
   */
  applicantUnderAge: z.number().int().optional(),
  applicantFromAge: z.number().int().optional(),
});
export type PackagePrice = z.infer<typeof packagePriceSchema>;

/** Who a price of `pkg` is for: its kinds, and the ages its country sets (the server's own rule). */
export function applicantRuleOf(
  pkg: { applicantKinds: readonly MemberKind[] | null },
  price: Pick<PackagePrice, 'applicantUnderAge' | 'applicantFromAge'>,
): ApplicantRule {
  return {
    kinds: pkg.applicantKinds,
    underAge: price.applicantUnderAge ?? null,
    fromAge: price.applicantFromAge ?? null,
  };
}

/** Choices of countries, by parameter: what a page shows, or what a text is true for (`{}`: any). */
export const parameterChoicesSchema = z.partialRecord(z.enum(SERVICE_PARAMETERS), z.string());

/** A package's text for one choice of countries: each field set replaces the package's general one. */
export const packageTextSchema = z.object({
  appliesTo: parameterChoicesSchema,
  description: z.string().nullable(),
  features: z.array(z.string()).nullable(),
  processingTime: z.string().nullable(),
  documents: z.array(z.string()).nullable(),
  feeNote: z.string().nullable(),
});
export type PackageText = z.infer<typeof packageTextSchema>;

export const packageDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** The general text, true for every choice; `texts` hold what differs per country. */
  description: z.string(),
  features: z.array(z.string()),
  processingTime: z.string(),
  documents: z.array(z.string()),
  /** A sentence about the fees, shown under the price; null when there is nothing to add. */
  feeNote: z.string().nullable(),
  /** The price is for one person ("per applicant"). */
  perApplicant: z.boolean(),
  /**
   * Who the package is for (a minor's passport renewal: minors), or null for anyone. A member of
   * another kind is refused when the application starts (`applicantRefusal`); the start page
   * offers a child, not the account holder, as the first member of a package for minors.
   */
  applicantKinds: z.array(z.enum(MEMBER_KINDS)).nullable(),
  addons: z.array(z.enum(ADDON_TYPES)),
  prices: z.array(packagePriceSchema),
  texts: z.array(packageTextSchema),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

export const serviceDetailSchema = serviceSummarySchema.extend({
  description: z.string(),
  parameterOptions: z.partialRecord(z.enum(SERVICE_PARAMETERS), z.array(z.string())),
  packages: z.array(packageDetailSchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

/** The government fee and the mandatory third-party fees of a price: what others set. */
export function outsideFeeCents(price: {
  governmentFeeCents: number;
  mandatoryFees: readonly { amountCents: number }[];
}): number {
  return price.governmentFeeCents + price.mandatoryFees.reduce((sum, f) => sum + f.amountCents, 0);
}

/**
 * What we charge: government fee + mandatory third-party fees + our service fee, or our service fee
 * alone when the customer pays the others on the official portal.
 */
export function priceTotalCents(price: {
  governmentFeeCents: number;
  mandatoryFees: readonly { amountCents: number }[];
  serviceFeeCents: number;
  feesPaidOnPortal: boolean;
}): number {
  return (price.feesPaidOnPortal ? 0 : outsideFeeCents(price)) + price.serviceFeeCents;
}

export function priceTotal(price: PackagePrice): Money {
  return { amountCents: price.totalCents, currency: price.currency };
}
