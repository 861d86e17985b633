import type { Money } from './money.ts';
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

/**
 * A service's "from" price: the lowest full price (fees included) among its packages' prices,
 * in US dollars when any price is in US dollars (the storefront's main currency), otherwise in
 * the currency of its first price. Null when nothing is priced.
 */
export function startingPrice(
  packages: readonly { prices: readonly Pick<PackagePrice, 'currency' | 'totalCents'>[] }[],
): Money | null {
  let lowest: Money | null = null;
  for (const pkg of packages) {
    for (const price of pkg.prices) {
      const better =
        !lowest ||
        (price.currency === 'USD' && lowest.currency !== 'USD') ||
        (price.currency === lowest.currency && price.totalCents < lowest.amountCents);
      if (better) lowest = { amountCents: price.totalCents, currency: price.currency };
    }
  }
  return lowest;
}
