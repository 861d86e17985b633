import { describe, expect, it } from 'vitest';
import type { ServiceDetail } from '../../../../domain/catalog/service-detail.ts';
import { photosServiceJsonLd } from './json-ld.ts';
import { photoPlanPrices } from './plans.ts';

const price = (totalCents: number) => ({
  id: totalCents,
  applyingFrom: null,
  citizenship: null,
  destination: null,
  currency: 'USD' as const,
  governmentFeeCents: 0,
  mandatoryFees: [],
  serviceFeeCents: totalCents,
  compareAtServiceFeeCents: null,
  totalCents,
  isEstimate: false,
});

const pkg = (name: string, prices: ReturnType<typeof price>[]) => ({
  id: prices[0]?.id ?? 0,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  description: '',
  features: [],
  processingTime: `${name} time`,
  documents: [],
  feeNote: null,
  perApplicant: false,
  addons: [],
  prices,
  texts: [],
});

const service = {
  packages: [pkg('Digital Copy', [price(899)]), pkg('Unpriced', []), pkg('Print Copies Delivered', [price(1500)])],
} as unknown as ServiceDetail;

describe('/photos prices and structured data', () => {
  it('lists each priced plan of the catalog service, formatted on the server; none without the service', () => {
    expect(photoPlanPrices(service)).toEqual([
      { name: 'Digital Copy', processingTime: 'Digital Copy time', price: '$8.99', amount: '8.99', currency: 'USD' },
      {
        name: 'Print Copies Delivered',
        processingTime: 'Print Copies Delivered time',
        price: '$15',
        amount: '15.00',
        currency: 'USD',
      },
    ]);
    expect(photoPlanPrices(null)).toEqual([]);
  });

  it('describes a Service with one Offer per plan, at the page URL', () => {
    const data = photosServiceJsonLd({
      siteUrl: 'https://sevadocs.example',
      path: '/photos',
      brandName: 'SevaPhotos',
      companyName: 'SevaDocs',
      description: 'd',
      plans: photoPlanPrices(service),
    });
    expect(data).toMatchObject({
      '@type': 'Service',
      url: 'https://sevadocs.example/photos',
      brand: { name: 'SevaPhotos' },
      provider: { name: 'SevaDocs' },
      offers: [
        { '@type': 'Offer', name: 'Digital Copy', price: '8.99', priceCurrency: 'USD' },
        { '@type': 'Offer', name: 'Print Copies Delivered', price: '15.00', priceCurrency: 'USD' },
      ],
    });
    const none = photosServiceJsonLd({
      siteUrl: '',
      path: '/photos',
      brandName: 'B',
      companyName: 'C',
      description: '',
      plans: [],
    });
    expect(none).not.toHaveProperty('offers');
  });
});
