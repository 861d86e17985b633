import { describe, expect, it } from 'vitest';
import { jsonLdScript, serviceJsonLd, servicesItemListJsonLd } from './json-ld.ts';
import type { ServiceDetail } from './service-detail.ts';

const price = {
  id: 1,
  applyingFrom: 'US',
  citizenship: null,
  destination: null,
  currency: 'USD' as const,
  governmentFeeCents: 27500,
  mandatoryFees: [],
  serviceFeeCents: 7900,
  compareAtServiceFeeCents: null,
  totalCents: 35400,
  isEstimate: false,
  feesPaidOnPortal: false,
};
const service: ServiceDetail = {
  id: 1,
  name: 'OCI Card',
  slug: 'oci-card',
  brand: 'SEVADOCS',
  summary: 's',
  description: 'd',
  icon: 'id-card',
  parameters: ['applyingFrom'],
  parameterOptions: { applyingFrom: ['US', 'CA'] },
  fromPrice: null,
  packages: [
    {
      id: 7,
      name: 'New OCI Card',
      slug: 'new-oci-card',
      description: 'First card',
      features: [],
      processingTime: '6 weeks',
      documents: [],
      feeNote: null,
      perApplicant: true,
      applicantKinds: null,
      addons: [],
      prices: [price],
      texts: [],
    },
  ],
};

describe('service structured data', () => {
  it('describes the Service with an Offer per package, the FAQPage and the BreadcrumbList', () => {
    const [svc, breadcrumbs, faq] = serviceJsonLd({
      siteUrl: 'https://x.example',
      canonicalPath: '/oci-card/new-oci-card/us',
      service,
      choices: { applyingFrom: 'US' },
      packageSlug: 'new-oci-card',
      faqs: [{ question: 'Q?', answer: 'A.' }],
      companyName: 'SevaDocs',
    });
    expect(svc).toMatchObject({
      '@type': 'Service',
      url: 'https://x.example/oci-card/new-oci-card/us',
      offers: [{ '@type': 'Offer', price: '354.00', priceCurrency: 'USD', name: 'New OCI Card' }],
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://x.example/' },
        { position: 2, name: 'OCI Card', item: 'https://x.example/oci-card' },
        { position: 3, name: 'New OCI Card', item: 'https://x.example/oci-card/new-oci-card' },
      ],
    });
    expect(faq).toMatchObject({ '@type': 'FAQPage', mainEntity: [{ name: 'Q?', acceptedAnswer: { text: 'A.' } }] });
  });

  it('escapes < so the script cannot be closed from the data', () => {
    expect(jsonLdScript({ a: '</script><b>' })).toBe('{"a":"\\u003c/script>\\u003cb>"}');
  });
});

describe('servicesItemListJsonLd', () => {
  it('lists each service in order as a Service with its page and its "from" price', () => {
    const data = servicesItemListJsonLd({
      siteUrl: 'https://sevadocs.example',
      path: '/services',
      companyName: 'SevaDocs',
      services: [
        {
          name: 'OCI Card',
          slug: 'oci-card',
          summary: 'New and re-issued OCI cards',
          fromPrice: { amountCents: 10290, currency: 'USD' },
        },
        { name: 'Photo Enhancement', slug: 'photo-enhancement', summary: 'Photos fixed', fromPrice: null },
      ],
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      url: 'https://sevadocs.example/services',
      numberOfItems: 2,
    });
    const items = data.itemListElement as Record<string, unknown>[];
    expect(items[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      item: {
        '@type': 'Service',
        name: 'OCI Card',
        description: 'New and re-issued OCI cards',
        url: 'https://sevadocs.example/oci-card',
        provider: { '@type': 'Organization', name: 'SevaDocs', url: 'https://sevadocs.example/' },
        offers: { '@type': 'AggregateOffer', lowPrice: '102.90', priceCurrency: 'USD' },
      },
    });
    expect(items[1]).toMatchObject({ position: 2, item: { name: 'Photo Enhancement' } });
    // No price, no offer.
    expect(items[1]).not.toHaveProperty('item.offers');
  });
});
