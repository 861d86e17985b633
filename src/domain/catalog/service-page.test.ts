import { describe, expect, it } from 'vitest';
import { locateServicePage, type ServicePageService } from './service-page.ts';

const pkg = (slug: string, name: string, description: string) => ({
  slug,
  name,
  description,
  features: [],
  processingTime: '6–8 weeks',
  documents: [],
  feeNote: null,
  texts: [],
});

const OCI: ServicePageService = {
  name: 'OCI Card',
  slug: 'oci-card',
  summary: 'Overseas Citizen of India cards for adults and minors.',
  parameters: ['applyingFrom'],
  parameterOptions: { applyingFrom: ['US', 'CA'] },
  packages: [
    pkg('new-oci-card', 'New OCI Card', 'A first OCI card.'),
    pkg('oci-reissue', 'OCI Re-issue', 'A new OCI card for a new passport.'),
  ],
};

const VISA: ServicePageService = {
  name: 'Indian Visa',
  slug: 'indian-visa',
  summary: 'Indian e-visas for tourism and business.',
  parameters: ['citizenship', 'destination'],
  parameterOptions: { citizenship: ['US', 'CA'], destination: ['IN'] },
  packages: [pkg('e-tourist-30-days', 'e-Tourist 30 days', 'A 30-day e-Tourist visa.')],
};

const none = new URLSearchParams();

describe('locateServicePage (SPEC.md §2 service URLs)', () => {
  it('shows a bare service page for its first options, with the bare path as canonical', () => {
    expect(locateServicePage(OCI, ['oci-card'], none)).toEqual({
      packageSlug: null,
      choices: { applyingFrom: 'US' },
      selected: {},
      canonicalPath: '/oci-card',
      notice: null,
      title: 'OCI Card | SevaDocs',
      description: OCI.summary,
    });
  });

  it('reads countries from the path, as codes or as country names', () => {
    for (const segment of ['ca', 'CA', 'canada']) {
      const place = locateServicePage(OCI, ['oci-card', segment], none);
      expect(place, segment).toMatchObject({
        packageSlug: null,
        choices: { applyingFrom: 'CA' },
        selected: { applyingFrom: 'CA' },
        canonicalPath: '/oci-card/ca',
        notice: null,
      });
    }
  });

  it('reads a package and query choices, and writes the codec form as canonical (other query keys dropped)', () => {
    const query = new URLSearchParams('citizenship=ca&destination=IN&utm_source=x');
    expect(locateServicePage(VISA, ['indian-visa', 'e-tourist-30-days'], query)).toEqual({
      packageSlug: 'e-tourist-30-days',
      choices: { citizenship: 'CA', destination: 'IN' },
      selected: { citizenship: 'CA', destination: 'IN' },
      canonicalPath: '/indian-visa/e-tourist-30-days/ca-in',
      notice: null,
      title: 'e-Tourist 30 days | Indian Visa | SevaDocs',
      description: 'A 30-day e-Tourist visa.',
    });
    expect(locateServicePage(VISA, ['indian-visa', 'e-tourist-30-days', 'ca-in'], none)?.canonicalPath).toBe(
      '/indian-visa/e-tourist-30-days/ca-in',
    );
  });

  it('shows prices for the first options when a choice is not offered, says so, and keeps it out of the canonical path', () => {
    expect(locateServicePage(OCI, ['oci-card', 'fr'], none)).toMatchObject({
      choices: { applyingFrom: 'US' },
      selected: {},
      canonicalPath: '/oci-card',
      notice:
        "We don't offer OCI Card for applications from France yet. Showing prices for applications from United States.",
    });
    expect(locateServicePage(VISA, ['indian-visa', 'fr-in'], none)).toMatchObject({
      choices: { citizenship: 'US', destination: 'IN' },
      selected: { destination: 'IN' },
      canonicalPath: '/indian-visa/in',
      notice:
        "We don't offer Indian Visa for France citizens yet. Showing prices for United States citizens, travel to India.",
    });
  });

  it('is a 404 (null) for a package the service does not have, or a countries segment naming no country', () => {
    expect(locateServicePage(OCI, ['oci-card', 'no-such-package'], none)).toBeNull();
    expect(locateServicePage(OCI, ['oci-card', 'no-such-package', 'ca'], none)).toBeNull();
    expect(locateServicePage(OCI, ['oci-card', 'new-oci-card', 'nowhere-land'], none)).toBeNull();
    expect(locateServicePage(OCI, ['oci-card', 'new-oci-card', 'ca', 'extra'], none)).toBeNull();
  });

  it('takes a package page with countries, and its canonical path is a fixed point', () => {
    const place = locateServicePage(OCI, ['oci-card', 'oci-reissue', 'canada'], none);
    expect(place).toMatchObject({ packageSlug: 'oci-reissue', canonicalPath: '/oci-card/oci-reissue/ca' });
    const again = locateServicePage(OCI, place?.canonicalPath.split('/').slice(1) ?? [], none);
    expect(again?.canonicalPath).toBe('/oci-card/oci-reissue/ca');
  });

  it("describes a package page with the package's text for the countries shown", () => {
    const withTexts: ServicePageService = {
      ...OCI,
      packages: [
        {
          ...pkg('new-oci-card', 'New OCI Card', 'A first OCI card.'),
          texts: [
            {
              appliesTo: { applyingFrom: 'CA' },
              description: 'A first OCI card, filed through BLS International.',
              features: null,
              processingTime: null,
              documents: null,
              feeNote: null,
            },
          ],
        },
      ],
    };
    expect(locateServicePage(withTexts, ['oci-card', 'new-oci-card', 'ca'], none)?.description).toBe(
      'A first OCI card, filed through BLS International.',
    );
    expect(locateServicePage(withTexts, ['oci-card', 'new-oci-card', 'us'], none)?.description).toBe(
      'A first OCI card.',
    );
  });
});
