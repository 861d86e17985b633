import { formatMoney } from '../../../../domain/catalog/money.ts';
import { priceFor } from '../../../../domain/catalog/pricing.ts';
import type { ServiceDetail } from '../../../../domain/catalog/service-detail.ts';

/** A photo plan's price as the /photos page shows it (formatted on the server) and JSON-LD states it. */
export interface PhotoPlanPrice {
  name: string;
  processingTime: string;
  /** '$8.99'. */
  price: string;
  /** '8.99', for structured data. */
  amount: string;
  currency: string;
}

/**
 * The plans and prices of the Photo Enhancement service in the catalog, so that /photos, the home
 * card and the service page never disagree: the catalog prices those packages as the photo orders
 * they are (src/domain/photos/catalog-prices.ts), with the one pricing the order is charged by.
 */
export function photoPlanPrices(service: ServiceDetail | null): PhotoPlanPrice[] {
  if (!service) return [];
  return service.packages.flatMap((pkg) => {
    const price = priceFor(pkg.prices, {});
    if (!price) return [];
    return [
      {
        name: pkg.name,
        processingTime: pkg.processingTime,
        price: formatMoney({ amountCents: price.totalCents, currency: price.currency }),
        amount: (price.totalCents / 100).toFixed(2),
        currency: price.currency,
      },
    ];
  });
}
