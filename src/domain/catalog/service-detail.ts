import { z } from 'zod';
import { ADDON_TYPES } from './addons.ts';
import { CURRENCIES, type Money } from './money.ts';
import { SERVICE_PARAMETERS } from './parameters.ts';
import { serviceSummarySchema } from './service-summary.ts';

export const feeLineSchema = z.object({ label: z.string(), amountCents: z.number().int() });

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
});
export type PackagePrice = z.infer<typeof packagePriceSchema>;

export const packageDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  processingTime: z.string(),
  documents: z.array(z.string()),
  addons: z.array(z.enum(ADDON_TYPES)),
  prices: z.array(packagePriceSchema),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

export const serviceDetailSchema = serviceSummarySchema.extend({
  description: z.string(),
  parameterOptions: z.partialRecord(z.enum(SERVICE_PARAMETERS), z.array(z.string())),
  packages: z.array(packageDetailSchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

/** Government fee + mandatory third-party fees + our service fee. */
export function priceTotalCents(price: {
  governmentFeeCents: number;
  mandatoryFees: readonly { amountCents: number }[];
  serviceFeeCents: number;
}): number {
  return (
    price.governmentFeeCents + price.mandatoryFees.reduce((sum, f) => sum + f.amountCents, 0) + price.serviceFeeCents
  );
}

export function priceTotal(price: PackagePrice): Money {
  return { amountCents: price.totalCents, currency: price.currency };
}
