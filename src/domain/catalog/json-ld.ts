import type { Faq } from './catalog-content.ts';
import type { Money } from './money.ts';
import type { ParameterChoices } from './parameters.ts';
import { priceFor } from './pricing.ts';
import type { ServiceDetail } from './service-detail.ts';

export interface ServiceJsonLdInput {
  siteUrl: string;
  /** The page's canonical path (codec form). */
  canonicalPath: string;
  service: ServiceDetail;
  choices: ParameterChoices;
  /** The package the page is about, if any. */
  packageSlug: string | null;
  faqs: readonly Pick<Faq, 'question' | 'answer'>[];
  companyName: string;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * schema.org structured data of a service page: the Service with one Offer per package priced
 * for the choices, its FAQPage and the BreadcrumbList (Home › service › package).
 */
export function serviceJsonLd(input: ServiceJsonLdInput): Record<string, unknown>[] {
  const { siteUrl, canonicalPath, service, choices, packageSlug, faqs, companyName } = input;
  const url = `${siteUrl}${canonicalPath}`;
  const focused = service.packages.find((p) => p.slug === packageSlug) ?? null;
  const packages = focused ? [focused] : service.packages;
  const offers = packages.flatMap((pkg) => {
    const price = priceFor(pkg.prices, choices);
    return price
      ? [
          {
            '@type': 'Offer',
            name: pkg.name,
            url: `${siteUrl}/${service.slug}/${pkg.slug}`,
            price: money(price.totalCents),
            priceCurrency: price.currency,
            availability: 'https://schema.org/InStock',
          },
        ]
      : [];
  });
  const breadcrumbs = [
    { name: 'Home', item: `${siteUrl}/` },
    { name: service.name, item: `${siteUrl}/${service.slug}` },
    ...(focused ? [{ name: focused.name, item: `${siteUrl}/${service.slug}/${focused.slug}` }] : []),
  ];
  const data: Record<string, unknown>[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: focused ? `${focused.name} (${service.name})` : service.name,
      description: focused ? focused.description : service.description,
      url,
      serviceType: service.name,
      provider: { '@type': 'Organization', name: companyName, url: `${siteUrl}/` },
      areaServed: [
        { '@type': 'Country', name: 'United States' },
        { '@type': 'Country', name: 'Canada' },
      ],
      ...(offers.length ? { offers } : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: breadcrumbs.map((b, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: b.name,
        item: b.item,
      })),
    },
  ];
  if (faqs.length) {
    data.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: faqs.map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    });
  }
  return data;
}

export interface ServicesItemListInput {
  siteUrl: string;
  /** The list page's path ('/services'). */
  path: string;
  companyName: string;
  services: readonly { name: string; slug: string; summary: string; fromPrice: Money | null }[];
}

/**
 * schema.org structured data of the services list: an ItemList with one ListItem per service,
 * in the page's order, each a Service with its page and, when priced, an AggregateOffer whose
 * lowPrice is the service's "from" price (fees included).
 */
export function servicesItemListJsonLd({
  siteUrl,
  path,
  companyName,
  services,
}: ServicesItemListInput): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${companyName} services`,
    url: `${siteUrl}${path}`,
    numberOfItems: services.length,
    itemListElement: services.map((service, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Service',
        name: service.name,
        description: service.summary,
        url: `${siteUrl}/${service.slug}`,
        provider: { '@type': 'Organization', name: companyName, url: `${siteUrl}/` },
        ...(service.fromPrice
          ? {
              offers: {
                '@type': 'AggregateOffer',
                lowPrice: money(service.fromPrice.amountCents),
                priceCurrency: service.fromPrice.currency,
              },
            }
          : {}),
      },
    })),
  };
}

/** JSON for an inline `<script type="application/ld+json">`: `<` escaped so no tag can close it. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
