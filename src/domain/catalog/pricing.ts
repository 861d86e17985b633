import type { ParameterChoices, ServiceParameter } from './parameters.ts';
import type { PackagePrice } from './service-detail.ts';

/** A price applies when each of its non-null parameters equals the customer's choice. */
export function priceMatches(price: Pick<PackagePrice, ServiceParameter>, choices: ParameterChoices): boolean {
  return (['applyingFrom', 'citizenship', 'destination'] as const).every(
    (parameter) => price[parameter] === null || price[parameter] === choices[parameter],
  );
}

/** The price of a package for these choices, or null when the package is not offered for them. */
export function priceFor<T extends Pick<PackagePrice, ServiceParameter>>(
  prices: readonly T[],
  choices: ParameterChoices,
): T | null {
  return prices.find((p) => priceMatches(p, choices)) ?? null;
}

/**
 * The choices to show: each parameter of the service takes the requested value when it is one
 * of the service's options, otherwise the first option.
 */
export function resolveChoices(
  parameters: readonly ServiceParameter[],
  options: Partial<Record<ServiceParameter, string[]>>,
  requested: ParameterChoices,
): ParameterChoices {
  const choices: ParameterChoices = {};
  for (const parameter of parameters) {
    const allowed = options[parameter] ?? [];
    const wanted = requested[parameter]?.toUpperCase();
    const value = wanted && allowed.includes(wanted) ? wanted : allowed[0];
    if (value) choices[parameter] = value;
  }
  return choices;
}
