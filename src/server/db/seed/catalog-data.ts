import type { AddonType } from '../../../domain/catalog/addons.ts';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { ServiceParameter } from '../../../domain/catalog/parameters.ts';
import type { Brand } from '../../../domain/config/site.ts';
import type { FeeLine } from '../schema.ts';

export interface SeedPrice {
  applyingFrom?: string | null;
  citizenship?: string | null;
  destination?: string | null;
  currency: Currency;
  governmentFeeCents: number;
  mandatoryFees: FeeLine[];
  serviceFeeCents: number;
  compareAtServiceFeeCents?: number | null;
  isEstimate?: boolean;
  sources: string;
}

export interface SeedPackage {
  name: string;
  slug: string;
  description: string;
  features: string[];
  processingTime: string;
  documents: string[];
  addons: AddonType[];
  prices: SeedPrice[];
}

export interface SeedService {
  name: string;
  slug: string;
  brand: Brand;
  summary: string;
  description: string;
  icon: string;
  parameters: ServiceParameter[];
  parameterOptions: Partial<Record<ServiceParameter, string[]>>;
  packages: SeedPackage[];
}

/** Fees from shared/catalog-facts.md (source keys in `sources`); our service fees per SPEC.md §9. */
export const CATALOG: readonly SeedService[] = [
  {
    name: 'OCI Card',
    slug: 'oci-card',
    brand: 'SEVADOCS',
    summary: 'New, minor, re-issue and lost Overseas Citizen of India cards from the USA and Canada.',
    description:
      'We prepare your Overseas Citizenship of India application end to end: the government form, photo and signature to the portal specifications, the VFS Global or BLS International file, and a document check before anything is submitted.',
    icon: 'id-card',
    parameters: ['applyingFrom'],
    parameterOptions: { applyingFrom: ['US', 'CA'] },
    packages: [
      {
        name: 'New OCI Card',
        slug: 'new-oci-card',
        description: 'First OCI card for an adult who has acquired foreign citizenship.',
        features: [
          'Government form filled and reviewed',
          'Photo and signature resized to portal rules',
          'Outsourcer appointment and checklist',
        ],
        processingTime: '6 to 8 weeks after the consulate receives the file',
        documents: [
          'Current foreign passport',
          'Surrender or renunciation certificate, or cancelled Indian passport',
          'Proof of Indian origin',
          'Proof of current address',
        ],
        addons: ['Photo Enhancement', 'Expedite'],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 27500,
            mandatoryFees: [
              { label: 'ICWF', amountCents: 300 },
              { label: 'VFS Global service fee', amountCents: 1590 },
            ],
            serviceFeeCents: 7900,
            compareAtServiceFeeCents: 9900,
            sources: 'K1,K2,K3,K5',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 42100,
            mandatoryFees: [
              { label: 'ICWF', amountCents: 400 },
              { label: 'BLS International service fee', amountCents: 740 },
            ],
            serviceFeeCents: 9900,
            compareAtServiceFeeCents: 12900,
            sources: 'K9,K10,K11',
          },
        ],
      },
    ],
  },
];

/** Add-on prices (SPEC.md §9 sample prices in USD; CAD set at a comparable level). */
export const ADDON_PRICES: readonly {
  addon: AddonType;
  currency: Currency;
  amountCents: number;
  compareAtCents: number | null;
}[] = [
  { addon: 'Photo Enhancement', currency: 'USD', amountCents: 1000, compareAtCents: null },
  { addon: 'Expedite', currency: 'USD', amountCents: 6200, compareAtCents: null },
  { addon: 'Apostilled', currency: 'USD', amountCents: 6000, compareAtCents: null },
  { addon: 'Photo Enhancement', currency: 'CAD', amountCents: 1400, compareAtCents: null },
  { addon: 'Expedite', currency: 'CAD', amountCents: 8500, compareAtCents: null },
  { addon: 'Apostilled', currency: 'CAD', amountCents: 8200, compareAtCents: null },
];
