import { z } from 'zod';
import { CURRENCIES } from '../catalog/money.ts';
import { parameterLabel } from '../catalog/parameter-labels.ts';
import { SERVICE_PARAMETERS, type ServiceParameter } from '../catalog/parameters.ts';
import { isCountriesSegment } from '../catalog/seo-url.ts';
import { ROUTES } from '../config/routes.ts';
import { BRANDS } from '../config/site.ts';
import { isIsoCountryCode } from '../countries/iso-codes.ts';
import { countryName } from '../countries/names.ts';
import { isCalendarDate } from '../forms/dates.ts';
import { centsSchema, feeLineEditSchema, packageEditFields, serviceEditFields } from './catalog.ts';
import { CHOICE_MESSAGES, countryCodeSchema } from './catalog-choices.ts';

/**
 * What the back office adds to and removes from the catalog (issue 13, decision 0076): services,
 * packages, a service's parameters with their country options, and a package's price rows per
 * country. Shared by the API and the page forms, like the edit schemas of catalog.ts.
 */

export const CATALOG_CREATE_MESSAGES = {
  slugFormat: 'Use lowercase letters, digits and single hyphens, e.g. oci-card',
  slugReserved: 'This address belongs to another page of the site: choose another slug',
  serviceSlugTaken: 'Another service already has this slug',
  packageSlugTaken: 'Another package of this service already has this slug',
  packageSlugLooksLikeCountries:
    'A package slug cannot look like country codes (us, us-in): the address would read as countries',
  created: 'Created',
  deleted: 'Deleted',
  archived: (orders: number) =>
    `Taken off the site and kept: ${orders} ${orders === 1 ? 'order refers' : 'orders refer'} to it`,
  optionNeeded: (parameter: ServiceParameter) => `Give ${parameterLabel(parameter)} at least one country`,
  unknownCountry: CHOICE_MESSAGES.unknownCountry,
  optionTwice: (code: string) => `${code} is listed twice`,
  optionPriced: (parameter: ServiceParameter, code: string, pkg: string) =>
    `${countryName(code)} has a price in ${pkg}: remove that price before removing it from ${parameterLabel(parameter)}`,
  notAParameter: CHOICE_MESSAGES.notAParameter,
  notAnOption: CHOICE_MESSAGES.notAnOption,
  priceTwice: 'This package already has a price for these countries',
  priceTwiceFrom: (date: string) => `This package already has a price for these countries from ${date}`,
  effectiveFromFormat: 'Give the date as YYYY-MM-DD, or leave it empty',
  /** A price row orders were started with: who may join them (adult or child, their age) is read from it. */
  priceInUse: (orders: number) =>
    `This price cannot be deleted: ${orders} ${orders === 1 ? 'order was' : 'orders were'} started with it, and who may be added to them (an adult or a child) is checked against it. Edit its fees instead, or add a price from a date to take over.`,
} as const;
const M = CATALOG_CREATE_MESSAGES;

/** The first path segment of every page that is not a service (a service lives at /{slug}). */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...Object.values(ROUTES).flatMap((path) => path.split('/')[1] || []),
  'api',
  'assets',
  'dev',
  'media',
]);

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A URL slug as SPEC.md §2 writes them: lowercase letters and digits joined by single hyphens. */
export const slugSchema = z
  .string({ error: M.slugFormat })
  .trim()
  .min(1, M.slugFormat)
  .max(80, 'Slug must be at most 80 characters')
  .regex(SLUG, M.slugFormat);

export const serviceCreateSchema = z.object({
  name: serviceEditFields.shape.name.unwrap(),
  slug: slugSchema.refine((slug) => !RESERVED_SLUGS.has(slug), M.slugReserved),
  brand: z.enum([BRANDS.docs, BRANDS.photos], { error: 'Choose SEVADOCS or SEVAPHOTOS' }),
  summary: serviceEditFields.shape.summary.unwrap(),
  description: serviceEditFields.shape.description.unwrap(),
  /** A new service stays off the site until an admin has given it packages and prices. */
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(false),
});
export type ServiceCreate = z.infer<typeof serviceCreateSchema>;

export const packageCreateSchema = z.object({
  name: packageEditFields.shape.name.unwrap(),
  slug: slugSchema.refine((slug) => !isCountriesSegment(slug), M.packageSlugLooksLikeCountries),
  description: packageEditFields.shape.description.unwrap(),
  processingTime: packageEditFields.shape.processingTime.unwrap(),
  feeNote: packageEditFields.shape.feeNote.unwrap().default(null),
  perApplicant: z.boolean({ error: 'perApplicant must be true or false' }).default(false),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(false),
});
export type PackageCreate = z.infer<typeof packageCreateSchema>;

// Codes are checked in the refinement below, so a problem is named on the parameter, not on one entry.
const optionList = z
  .array(z.string({ error: 'Enter a country code' }).trim().toUpperCase())
  .max(250, 'At most 250 countries')
  .optional();

/**
 * A service's parameters (SPEC.md §3: among applyingFrom, citizenship, destination), one key per
 * parameter the service asks, each with the countries a customer may pick in the picker's order
 * (the first is the default). A parameter left out is not asked. Problems are named on its key.
 */
export const serviceParametersSchema = z
  .object({ applyingFrom: optionList, citizenship: optionList, destination: optionList })
  .superRefine((value, ctx) => {
    for (const parameter of SERVICE_PARAMETERS) {
      const codes = value[parameter];
      if (codes === undefined) continue;
      if (codes.length === 0) ctx.addIssue({ code: 'custom', path: [parameter], message: M.optionNeeded(parameter) });
      const unknown = codes.find((code) => !isIsoCountryCode(code));
      if (unknown !== undefined)
        ctx.addIssue({ code: 'custom', path: [parameter], message: M.unknownCountry(unknown) });
      const twice = codes.find((code, i) => codes.indexOf(code) !== i);
      if (twice) ctx.addIssue({ code: 'custom', path: [parameter], message: M.optionTwice(twice) });
    }
  })
  // As the services table keeps them: the parameters in URL order, and their options.
  .transform((value) => {
    const parameters = SERVICE_PARAMETERS.filter((p) => value[p] !== undefined);
    return {
      parameters,
      parameterOptions: Object.fromEntries(parameters.map((p) => [p, value[p] ?? []])) as Partial<
        Record<ServiceParameter, string[]>
      >,
    };
  });
export type ServiceParametersInput = z.input<typeof serviceParametersSchema>;
export type ServiceParameters = z.infer<typeof serviceParametersSchema>;

/** A new price row: the countries it is for (null: any choice), then the fees apart, in cents. */
export const priceCreateSchema = z.object({
  applyingFrom: countryCodeSchema.nullable().default(null),
  citizenship: countryCodeSchema.nullable().default(null),
  destination: countryCodeSchema.nullable().default(null),
  currency: z.enum(CURRENCIES, { error: 'Choose USD, CAD or INR' }),
  governmentFeeCents: centsSchema('Government fee'),
  mandatoryFees: z.array(feeLineEditSchema).max(10, 'At most 10 other fees').default([]),
  serviceFeeCents: centsSchema('Our fee'),
  compareAtServiceFeeCents: centsSchema('Former fee').nullable().default(null),
  isEstimate: z.boolean({ error: 'isEstimate must be true or false' }).default(false),
  /** The customer pays the government and mandatory fees on the official portal: not in our total. */
  feesPaidOnPortal: z.boolean({ error: 'feesPaidOnPortal must be true or false' }).default(false),
  /**
   * The first day the fees apply (decision 0109-fee-on-the-day): a government fee that changes on a
   * date is a new row from that date beside the one in force; null (empty) since always.
   */
  effectiveFrom: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z.string().refine(isCalendarDate, CATALOG_CREATE_MESSAGES.effectiveFromFormat).nullable(),
    )
    .default(null),
});
export type PriceCreate = z.infer<typeof priceCreateSchema>;

/** What removing a service or package did: deleted, or archived because orders refer to it. */
export const removalSchema = z.object({
  outcome: z.enum(['deleted', 'archived']),
  orders: z.number(),
});
export type Removal = z.infer<typeof removalSchema>;
