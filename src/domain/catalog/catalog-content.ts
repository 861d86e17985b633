import { z } from 'zod';
import { parameterLabel } from './parameter-labels.ts';
import { type ParameterChoices, SERVICE_PARAMETERS, type ServiceParameter } from './parameters.ts';
import {
  packageDetailSchema,
  packagePriceSchema,
  parameterChoicesSchema,
  serviceDetailSchema,
} from './service-detail.ts';

/** One numbered step (`kind: 'step'`) or one longer section (`kind: 'detail'`) of a process. */
export const processStepSchema = z.object({
  id: z.number(),
  position: z.number(),
  title: z.string(),
  description: z.string(),
  /** A sprite icon name, or null. */
  icon: z.string().nullable(),
  /** Null when the step belongs to every package of the service. */
  packageId: z.number().nullable(),
  /** The choices the step is true for: `{}` for every choice, `{ applyingFrom: 'CA' }` for one country. */
  appliesTo: parameterChoicesSchema,
});
export type ProcessStep = z.infer<typeof processStepSchema>;

/** What happens when after payment, for one package. */
export const timelineEntrySchema = z.object({
  id: z.number(),
  position: z.number(),
  title: z.string(),
  description: z.string(),
  /** e.g. 'Day 1', 'Weeks 2–6'. */
  duration: z.string(),
  /** The choices the entry is true for (`{}`: every choice). */
  appliesTo: parameterChoicesSchema,
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const faqSchema = z.object({
  id: z.number(),
  /** Null for a general question that belongs to no service. */
  serviceId: z.number().nullable(),
  serviceSlug: z.string().nullable(),
  serviceName: z.string().nullable(),
  position: z.number(),
  question: z.string(),
  answer: z.string(),
  /** The choices the answer is true for (`{}`: every choice); such a question names its country. */
  appliesTo: parameterChoicesSchema,
});
export type Faq = z.infer<typeof faqSchema>;

/**
 * A package priced for one set of parameter choices (POST /packages/{serviceId}), its text worded
 * for them (the country's text over the general one).
 */
export const pricedPackageSchema = packageDetailSchema.omit({ prices: true, texts: true }).extend({
  serviceId: z.number(),
  /** The choices the price is for: the requested ones, defaults for the rest. */
  choices: parameterChoicesSchema,
  price: packagePriceSchema,
});
export type PricedPackage = z.infer<typeof pricedPackageSchema>;

export const countryOptionSchema = z.object({ isoCode: z.string(), name: z.string() });
export type CountryOption = z.infer<typeof countryOptionSchema>;

/** GET /packages/parameters: each parameter with its label and the countries a customer may pick. */
export const parameterSetSchema = z.object({
  serviceId: z.number().nullable(),
  parameters: z.array(
    z.object({ name: z.enum(SERVICE_PARAMETERS), label: z.string(), options: z.array(countryOptionSchema) }),
  ),
});
export type ParameterSet = z.infer<typeof parameterSetSchema>;

/** A query value of citizenship, applyingFrom or destination: a two-letter code, any case. */
export function countryCodeQuery(parameter: ServiceParameter) {
  return z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, `${parameterLabel(parameter)} must be a two-letter country code`)
    .transform((v) => v.toUpperCase())
    .optional();
}

export const parameterChoicesQuery = z.object({
  applyingFrom: countryCodeQuery('applyingFrom'),
  citizenship: countryCodeQuery('citizenship'),
  destination: countryCodeQuery('destination'),
});

/** Everything a service page shows, read in one go from the catalog cache. */
export const servicePageContentSchema = z.object({
  service: serviceDetailSchema,
  /** Steps and sections shared by all packages. */
  steps: z.array(processStepSchema),
  details: z.array(processStepSchema),
  /** Per package id: its own steps (replacing the service's) and its extra sections. */
  packageSteps: z.record(z.string(), z.array(processStepSchema)),
  packageDetails: z.record(z.string(), z.array(processStepSchema)),
  /** Per package id: what happens when after payment. */
  timelines: z.record(z.string(), z.array(timelineEntrySchema)),
  faqs: z.array(faqSchema),
});
export type ServicePageContent = z.infer<typeof servicePageContentSchema>;

/** Drops empty values; keeps URL order. */
export function compactChoices(choices: ParameterChoices): ParameterChoices {
  const out: ParameterChoices = {};
  for (const parameter of SERVICE_PARAMETERS) {
    const value = choices[parameter];
    if (value) out[parameter] = value;
  }
  return out;
}
