import { z } from 'zod';
import { parameterLabel } from '../catalog/parameter-labels.ts';
import {
  choicesInUrlOrder,
  type ParameterChoices,
  SERVICE_PARAMETERS,
  type ServiceParameter,
} from '../catalog/parameters.ts';
import { isIsoCountryCode } from '../countries/iso-codes.ts';
import { countryName } from '../countries/names.ts';

/**
 * Which choice of countries a row of catalog text applies to (decision 0080): a step, a timeline
 * entry, a FAQ or a package's per-country text says so in `appliesTo` (`{}`: every choice). Shared
 * by the API, which also checks the countries against the service's options, and the page forms.
 */

export const CHOICE_MESSAGES = {
  notAParameter: (parameter: ServiceParameter) => `This service does not ask for ${parameterLabel(parameter)}`,
  notAnOption: (parameter: ServiceParameter, code: string) =>
    `${countryName(code)} is not among the service's ${parameterLabel(parameter)} countries`,
  unknownParameter: 'Choose countries for applyingFrom, citizenship or destination only',
  unknownCountry: (code: string) => `${code} is not a country code`,
  everyCountry: 'Every country',
} as const;
const M = CHOICE_MESSAGES;

/** An ISO country code as sent: trimmed and upper-cased, refused (with its code) when not one. */
export const countryCodeSchema = z
  .string({ error: 'Enter a country code' })
  .trim()
  .toUpperCase()
  .superRefine((code, ctx) => {
    if (!isIsoCountryCode(code)) ctx.addIssue({ code: 'custom', message: M.unknownCountry(code) });
  });

/** `appliesTo` as sent: a country code per parameter it is limited to; none for every choice. */
export const appliesToSchema = z
  .strictObject(
    {
      applyingFrom: countryCodeSchema.optional(),
      citizenship: countryCodeSchema.optional(),
      destination: countryCodeSchema.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownParameter : 'Choose the countries') },
  )
  .transform((choices) => choicesInUrlOrder(choices));

/** A service's parameters and the countries it offers for each (what a choice may name). */
export interface ServiceChoices {
  parameters: readonly ServiceParameter[];
  parameterOptions: Partial<Record<ServiceParameter, readonly string[]>>;
}

/**
 * The first parameter of `choices` the service cannot be chosen by (it does not ask for it, or
 * does not offer that country), with its message; null when the service offers them all.
 */
export function choiceProblem(
  service: ServiceChoices,
  choices: Partial<Record<ServiceParameter, string | null>>,
): { parameter: ServiceParameter; message: string } | null {
  for (const parameter of SERVICE_PARAMETERS) {
    const code = choices[parameter];
    if (code === null || code === undefined) continue;
    if (!service.parameters.includes(parameter)) return { parameter, message: M.notAParameter(parameter) };
    if (!service.parameterOptions[parameter]?.includes(code)) {
      return { parameter, message: M.notAnOption(parameter, code) };
    }
  }
  return null;
}

/** A choice as the back office words it: "Every country", "Applying From: Canada, Destination: India". */
export function appliesToLabel(choices: ParameterChoices): string {
  const parts = SERVICE_PARAMETERS.flatMap((p) => {
    const code = choices[p];
    return code ? [`${parameterLabel(p)}: ${countryName(code)}`] : [];
  });
  return parts.length ? parts.join(', ') : M.everyCountry;
}
