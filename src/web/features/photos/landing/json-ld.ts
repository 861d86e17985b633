import type { PhotoPlanPrice } from './plans.ts';

export interface PhotosJsonLdInput {
  siteUrl: string;
  path: string;
  brandName: string;
  companyName: string;
  description: string;
  plans: readonly PhotoPlanPrice[];
}

/** schema.org structured data of /photos: the SevaPhotos Service with one Offer per plan. */
export function photosServiceJsonLd(input: PhotosJsonLdInput): { url: string } & Record<string, unknown> {
  const { siteUrl, path, brandName, companyName, description, plans } = input;
  const url = `${siteUrl}${path}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: `${brandName}: passport, OCI and visa photos`,
    serviceType: 'Passport and visa photos',
    description,
    url,
    brand: { '@type': 'Brand', name: brandName },
    provider: { '@type': 'Organization', name: companyName, url: `${siteUrl}/` },
    areaServed: [
      { '@type': 'Country', name: 'United States' },
      { '@type': 'Country', name: 'Canada' },
    ],
    ...(plans.length > 0
      ? {
          offers: plans.map((plan) => ({
            '@type': 'Offer',
            name: plan.name,
            url,
            price: plan.amount,
            priceCurrency: plan.currency,
            availability: 'https://schema.org/InStock',
          })),
        }
      : {}),
  };
}
