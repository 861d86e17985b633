import type { MemberKind } from '../../../domain/applications/member-kinds.ts';
import type { AddonType } from '../../../domain/catalog/addons.ts';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { ParameterChoices, ServiceParameter } from '../../../domain/catalog/parameters.ts';
import type { Brand } from '../../../domain/config/site.ts';
import { photoPackagePrice } from '../../../domain/photos/catalog-prices.ts';
import { PHOTO_PROMISE } from '../../../domain/photos/promise.ts';
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
  /** The customer pays the government and mandatory fees on the official portal (the e-Visa's). */
  feesPaidOnPortal?: boolean;
  /** The applicant is younger than this on the day of ordering (Canada's minor passport: 15). */
  applicantUnderAge?: number;
  /** The applicant is at least this old, whatever their kind (Canada's adult passport: 15). */
  applicantFromAge?: number;
  sources: string;
  /** The first day these fees apply (decision 0109-fee-on-the-day); unset: since always. */
  effectiveFrom?: string | null;
  /** The same price's fees on other dates, earlier or later: each is a row of its own. */
  otherDates?: SeedFeeDate[];
}

/** A price's government (and third-party) fees from another date; the rest of the row is the price's. */
export interface SeedFeeDate {
  /** Null: the fees before the price's first dated row. */
  effectiveFrom: string | null;
  governmentFeeCents: number;
  /** Unset: the price's own. */
  mandatoryFees?: FeeLine[];
}

/** The rows a seed price is stored as: itself, then one per other date. */
export function seedPriceRows(price: SeedPrice): Omit<SeedPrice, 'otherDates'>[] {
  const { otherDates = [], ...row } = price;
  return [
    row,
    ...otherDates.map((dated) => ({
      ...row,
      effectiveFrom: dated.effectiveFrom,
      governmentFeeCents: dated.governmentFeeCents,
      mandatoryFees: dated.mandatoryFees ?? row.mandatoryFees,
    })),
  ];
}

/** Passport fees abroad changed on this day (Passports (Amendment) Rules 2026, G.S.R. 516(E); K20, K21). */
const PASSPORT_RULES_2026 = '2026-07-01';
/** The fee before the 2026 rules: the row in force until PASSPORT_RULES_2026. */
const beforeRules2026 = (governmentFeeCents: number, mandatoryFees?: FeeLine[]): SeedFeeDate[] => [
  { effectiveFrom: null, governmentFeeCents, ...(mandatoryFees ? { mandatoryFees } : {}) },
];

/** What a package says for one choice of countries, where it differs from its general text. */
export interface SeedPackageText {
  appliesTo: ParameterChoices;
  description?: string;
  features?: string[];
  processingTime?: string;
  documents?: string[];
  feeNote?: string;
}

export interface SeedPackage {
  name: string;
  slug: string;
  /** The general text: true for every country (a page for one country shows its `texts` over it). */
  description: string;
  features: string[];
  processingTime: string;
  documents: string[];
  feeNote?: string;
  /** The price is for one person: the total reads "per applicant". */
  perApplicant: boolean;
  /** The member kinds the price is for (a passport's fee depends on age); unset: anyone. */
  applicantKinds?: MemberKind[];
  addons: AddonType[];
  prices: SeedPrice[];
  /** One per country the package is offered in, where its text differs from the general one. */
  texts: SeedPackageText[];
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

/** The country choices text is written for (catalog-content-data.ts uses them too). */
export const FROM_US: ParameterChoices = { applyingFrom: 'US' };
export const FROM_CA: ParameterChoices = { applyingFrom: 'CA' };
export const US_CITIZENS: ParameterChoices = { citizenship: 'US' };
export const CA_CITIZENS: ParameterChoices = { citizenship: 'CA' };

/* Fee lines shared by many prices (shared/catalog-facts.md §1, §2, §6). */
const ICWF_US_OCI: FeeLine = { label: 'ICWF', amountCents: 300 };
const ICWF_US_PASSPORT: FeeLine = { label: 'ICWF', amountCents: 200 };
const VFS_FEE: FeeLine = { label: 'VFS Global service fee', amountCents: 1590 };
const BLS_CONSULAR_FEE: FeeLine = { label: 'BLS International service fee', amountCents: 740 };
const BLS_VISA_FEE: FeeLine = { label: 'BLS International service fee', amountCents: 982 };

/** The e-Visa portal adds a 2.5% bank charge to the government fee (catalog-facts §4), rounded to the cent. */
export function bankCharge(governmentFeeCents: number): FeeLine {
  return { label: 'Bank charge (2.5%)', amountCents: Math.round((governmentFeeCents * 25) / 1000) };
}

/**
 * The e-Visa portal charges in US dollars only; Canadian customers pay in CAD, converted at 1.40
 * (a rate that covers the card's exchange spread). Every CAD e-Visa price is therefore an estimate.
 */
function usdToCad(usdCents: number): number {
  return Math.round((usdCents * 140) / 100);
}

/**
 * The 30-day e-Tourist visa costs $25 from July to March and $10 from April to June (K52, K53):
 * the seasons around today as dated rows, the one in force since 1 July 2026 being the price's own.
 * Staff add the next year's seasons in the back office.
 */
const E_TOURIST_HIGH_SEASON = '2026-07-01';
function eTouristSeasons(inCurrency: (usdCents: number) => number): SeedFeeDate[] {
  const season = (effectiveFrom: string | null, usdCents: number): SeedFeeDate => ({
    effectiveFrom,
    governmentFeeCents: inCurrency(usdCents),
    mandatoryFees: [bankCharge(inCurrency(usdCents))],
  });
  return [season(null, 2500), season('2026-04-01', 1000), season('2027-04-01', 1000), season('2027-07-01', 2500)];
}

/** What an adult passport renewal includes, with the appointment where the file goes. */
function adultRenewalFeatures(appointment: string): string[] {
  return [
    'Answers for the Passport Seva form prepared and checked',
    'Annexure E and the document checklist prepared',
    'Indian and local addresses checked for police verification',
    appointment,
  ];
}

/* Documents a surrender certificate asks for, per country of application (catalog-facts §3). */
const US_SURRENDER_DOCUMENTS = [
  'Original last Indian passport, with copies',
  'US naturalisation certificate',
  'Copy of your US passport',
  'Proof of current address',
];
const CA_SURRENDER_DOCUMENTS = [
  'Original last Indian passport, with copies',
  'Canadian citizenship certificate',
  'Copy of your Canadian passport',
  'Record of landing',
  'Proof of current address',
];
const LOST_PASSPORT_PROOF =
  'If the Indian passport is lost: a notarised affidavit, a police report and proof that you held it';

/*
 * A passport file comes back by a courier the customer pays the centre for, outside our price
 * (catalog-facts §2: about $37 for VFS Global's two-way shipping; BLS International's courier
 * CA$20 or CA$30): every passport package's fee note names it. A note naming the centre is
 * printed in the print pack as what the centre adds.
 */
const VFS_RETURN_SHIPPING = 'If you file by post, VFS Global charges for return shipping on top.';
const BLS_RETURN_COURIER = 'If you file by post, BLS International charges from CA$20 for the return courier.';

/**
 * Fees from shared/catalog-facts.md (source keys in `sources`); our service fees per SPEC.md §9.
 * Passport fees are the ones in force since 1 July 2026 (Passports (Amendment) Rules 2026).
 * A package without a price row for a country is not offered there.
 */
export const CATALOG: readonly SeedService[] = [
  {
    name: 'OCI Card',
    slug: 'oci-card',
    brand: 'SEVADOCS',
    summary: 'New, minor, re-issue and lost Overseas Citizen of India cards, every document checked before you file.',
    description:
      'We prepare your Overseas Citizenship of India application with you: every answer of the government form in the portal’s order, ready for you to submit, your photo and signature sized to the portal’s rules, the file for the consulate’s application centre, and a document check before anything is sent. Government, ICWF and application-centre fees are shown apart from our service fee, at the amounts they are charged.',
    icon: 'id-card',
    parameters: ['applyingFrom'],
    parameterOptions: { applyingFrom: ['US', 'CA'] },
    packages: [
      {
        name: 'New OCI Card',
        slug: 'new-oci-card',
        description:
          'First OCI card for anyone of Indian origin who holds the citizenship of another country: adults, and children applying with them.',
        features: [
          'Answers for the online government form prepared and checked line by line',
          'Photo and signature resized to the portal rules',
          'Application-centre appointment and checklist',
          'Final document check before the file is sent',
        ],
        processingTime: 'Usually 6–10 weeks after the application centre receives the file',
        documents: [
          'Current foreign passport',
          'Surrender or renunciation certificate, or cancelled Indian passport',
          'Proof of Indian origin (old Indian passport, or a parent’s or grandparent’s)',
          'Proof of current address',
        ],
        perApplicant: true,
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            description:
              'First OCI card for anyone of Indian origin who holds the citizenship of another country: adults, and children applying with them, filed with the consulate through VFS Global.',
            features: [
              'Answers for the online government form prepared and checked line by line',
              'Photo and signature resized to the portal rules',
              'VFS Global appointment and checklist',
              'Final document check before the file is sent',
            ],
            processingTime: 'Usually 6–10 weeks after VFS Global receives the file',
            feeNote:
              'If you hold a passport other than a US one, or have lived in the USA for less than two years, VFS Global adds a $20 reference fee.',
          },
          {
            appliesTo: FROM_CA,
            description:
              'First OCI card for anyone of Indian origin who holds the citizenship of another country: adults, and children applying with them, filed with the consulate through BLS International. BLS accepts the application only once your Indian passport has been surrendered.',
            features: [
              'Answers for the online government form prepared and checked line by line',
              'Photo and signature resized to the portal rules',
              'BLS International appointment and checklist',
              'Final document check before the file is sent',
            ],
            processingTime: 'Usually 6–8 weeks after BLS International receives the file',
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 27500,
            mandatoryFees: [ICWF_US_OCI, VFS_FEE],
            serviceFeeCents: 7900,
            compareAtServiceFeeCents: 9900,
            sources: 'K1,K2,K3,K5',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 42100,
            mandatoryFees: [{ label: 'ICWF', amountCents: 400 }, BLS_CONSULAR_FEE],
            serviceFeeCents: 9900,
            compareAtServiceFeeCents: 12900,
            sources: 'K9,K10,K11,K12',
          },
        ],
      },
      {
        name: 'OCI Card for a Minor',
        slug: 'oci-card-for-minor',
        description:
          'First OCI card for a child under 18, at the same government fee as an adult card. Both parents sign the application’s declaration and a notarised Parental Authorization Form; in the box under the photo a child of 5 or older signs their own name (never a parent for them), and a younger child gives a thumb impression.',
        features: [
          'Application filed in the child’s name, signed by both parents',
          'Parental Authorization Form prepared for notarisation',
          'Thumb-impression guidance for children under 5',
          'Photo and signature resized to the portal rules',
          'Final document check before the file is sent',
        ],
        processingTime: 'Usually 6–10 weeks after the application centre receives the file',
        documents: [
          'Child’s current foreign passport',
          'Birth certificate naming both parents',
          'Both parents’ passports and the parents’ marriage certificate',
          'Parental Authorization Form, notarised and signed by both parents',
          'Thumb impression if the child is under 5 (left for boys, right for girls)',
        ],
        perApplicant: true,
        applicantKinds: ['Minor'],
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            features: [
              'Application filed in the child’s name, signed by both parents',
              'Parental Authorization Form prepared for notarisation',
              'Thumb-impression guidance for children under 5',
              'Photo and signature resized to the portal rules',
              'VFS Global appointment and checklist',
            ],
            processingTime: 'Usually 6–10 weeks after VFS Global receives the file',
            feeNote:
              'If the child holds a passport other than a US one, or has lived in the USA for less than two years, VFS Global adds a $20 reference fee.',
          },
          {
            appliesTo: FROM_CA,
            features: [
              'Application filed in the child’s name, signed by both parents',
              'Parental Authorization Form prepared for notarisation',
              'Thumb-impression guidance for children under 5',
              'Photo and signature resized to the portal rules',
              'BLS International appointment and checklist',
            ],
            processingTime: 'Usually 6–8 weeks after BLS International receives the file',
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 27500,
            mandatoryFees: [ICWF_US_OCI, VFS_FEE],
            serviceFeeCents: 7900,
            compareAtServiceFeeCents: 9900,
            sources: 'K1,K2,K3,K13,K14,K15',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 42100,
            mandatoryFees: [{ label: 'ICWF', amountCents: 400 }, BLS_CONSULAR_FEE],
            serviceFeeCents: 9900,
            compareAtServiceFeeCents: 12900,
            sources: 'K9,K11,K13,K14,K15',
          },
        ],
      },
      {
        name: 'OCI Re-issue (new passport)',
        slug: 'oci-reissue',
        description:
          'Re-issue of an existing OCI card after you get a new foreign passport or change your name. A re-issue is needed only once, when you get a new passport after turning 20; we check whether your case needs one before you apply.',
        features: [
          'Check of whether your passport change needs a re-issue',
          'Answers for the re-issue form prepared with the new passport details',
          'Name-change affidavit guidance where needed',
          'Application-centre appointment and checklist',
        ],
        processingTime: 'Usually 6–8 weeks after the application centre receives the file',
        documents: [
          'New foreign passport',
          'Existing OCI card',
          'Proof of current address',
          'Name-change affidavit, if your name has changed',
        ],
        perApplicant: true,
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            features: [
              'Check of whether your passport change needs a re-issue',
              'Answers for the re-issue form prepared with the new passport details',
              'Name-change affidavit guidance where needed',
              'VFS Global appointment and checklist',
            ],
            processingTime: 'About 6–7 weeks after VFS Global receives the file',
            feeNote:
              'If you hold a passport other than a US one, or have lived in the USA for less than two years, VFS Global adds a $20 reference fee.',
          },
          {
            appliesTo: FROM_CA,
            features: [
              'Check of whether your passport change needs a re-issue',
              'Answers for the re-issue form prepared with the new passport details',
              'Name-change affidavit guidance where needed',
              'BLS International appointment and checklist',
            ],
            processingTime: 'Usually 6–8 weeks after BLS International receives the file',
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 2500,
            mandatoryFees: [ICWF_US_OCI, VFS_FEE],
            serviceFeeCents: 5900,
            compareAtServiceFeeCents: 7900,
            sources: 'K1,K2,K6,K12,K16',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 3900,
            mandatoryFees: [{ label: 'ICWF', amountCents: 400 }, BLS_CONSULAR_FEE],
            serviceFeeCents: 7900,
            compareAtServiceFeeCents: 9900,
            sources: 'K9,K10,K11',
          },
        ],
      },
      {
        name: 'Lost or Damaged OCI',
        slug: 'lost-or-damaged-oci',
        description:
          'Replacement of an OCI card that was lost, stolen or damaged. The consulate needs a police report and an affidavit describing what happened, which we help you prepare before the file goes to the application centre.',
        features: [
          'Affidavit of loss or damage drafted for notarisation',
          'Guidance on filing the police report',
          'Answers for the replacement form prepared and checked',
          'Application-centre appointment and checklist',
        ],
        processingTime: 'Usually 6–10 weeks after the application centre receives the file',
        documents: [
          'Police report of a loss or theft (not needed for a damaged one)',
          'Notarised affidavit describing the loss or damage',
          'Current foreign passport',
          'Proof of current address',
        ],
        perApplicant: true,
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            features: [
              'Affidavit of loss or damage drafted for notarisation',
              'Guidance on filing the police report',
              'Answers for the replacement form prepared and checked',
              'VFS Global appointment and checklist',
            ],
            processingTime: 'Usually 6–10 weeks after VFS Global receives the file',
            feeNote:
              'If you hold a passport other than a US one, or have lived in the USA for less than two years, VFS Global adds a $20 reference fee.',
          },
          {
            appliesTo: FROM_CA,
            features: [
              'Affidavit of loss or damage drafted for notarisation',
              'Guidance on filing the police report',
              'Answers for the replacement form prepared and checked',
              'BLS International appointment and checklist',
            ],
            processingTime: 'Usually 6–8 weeks after BLS International receives the file',
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 10000,
            mandatoryFees: [ICWF_US_OCI, VFS_FEE],
            serviceFeeCents: 8900,
            compareAtServiceFeeCents: 10900,
            sources: 'K1,K2',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 15300,
            mandatoryFees: [{ label: 'ICWF', amountCents: 400 }, BLS_CONSULAR_FEE],
            serviceFeeCents: 10900,
            compareAtServiceFeeCents: 13900,
            sources: 'K9,K11',
          },
        ],
      },
    ],
  },
  {
    name: 'Indian Passport Renewal',
    slug: 'indian-passport-renewal',
    brand: 'SEVADOCS',
    summary: 'Renew your Indian passport from abroad: adult, minor, Tatkal, lost or damaged.',
    description:
      'We prepare every answer of the Passport Seva form and the annexures your case needs, and check every copy against the application centre’s checklist, so that your file is not sent back for a missing page.',
    icon: 'book-open',
    parameters: ['applyingFrom'],
    parameterOptions: { applyingFrom: ['US', 'CA'] },
    packages: [
      {
        name: 'Adult Renewal (36 Pages)',
        slug: 'adult-36-pages',
        description:
          'Re-issue of an adult passport that has expired, expires within a year or has run out of pages, with a standard 36-page booklet.',
        features: adultRenewalFeatures('Application-centre appointment'),
        processingTime: 'Usually 2–6 weeks after the consulate receives the file',
        documents: [
          'Current Indian passport, with copies of the first five and last two pages',
          'Proof of legal status where you live (visa, green card, PR card or permit)',
          'Proof of current address',
          'Annexure E (declaration of Indian citizenship)',
          'Two 2×2 in photos on a white background',
        ],
        perApplicant: true,
        applicantKinds: ['Adult'],
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            features: adultRenewalFeatures('VFS Global appointment'),
            processingTime: 'About 30 working days after the consulate receives the file',
            documents: [
              'Current Indian passport, with copies of the first five and last two pages',
              'Proof of US status: visa with I-797, or green card',
              'Proof of current address',
              'Annexure E (declaration of Indian citizenship)',
              'Two 2×2 in photos on a white background',
            ],
            feeNote: VFS_RETURN_SHIPPING,
          },
          {
            appliesTo: FROM_CA,
            features: adultRenewalFeatures('BLS International appointment'),
            processingTime: 'Usually 2–4 weeks after the consulate receives the file, up to 2 months at busy times',
            documents: [
              'Current Indian passport, with copies of the first five and last two pages',
              'Proof of Canadian status: PR card and landing paper, or permit',
              'Proof of current address',
              'Annexure E (declaration of Indian citizenship)',
              'Two 2×2 in photos on a white background',
            ],
            feeNote: BLS_RETURN_COURIER,
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 12500,
            mandatoryFees: [ICWF_US_PASSPORT, VFS_FEE],
            serviceFeeCents: 6900,
            compareAtServiceFeeCents: 8900,
            sources: 'K19,K20,K21,K23,K24,K25',
            effectiveFrom: PASSPORT_RULES_2026,
            otherDates: beforeRules2026(7500),
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 10000,
            mandatoryFees: [{ label: 'ICWF', amountCents: 200 }, BLS_CONSULAR_FEE],
            serviceFeeCents: 8900,
            compareAtServiceFeeCents: 11900,
            isEstimate: true,
            // Canada's minor fee is for a child under 15 (catalog-facts §2): 15 to 17 pay the adult's.
            applicantFromAge: 15,
            sources: 'K11,K20,K31,K32,K35',
          },
        ],
      },
      {
        name: 'Adult Renewal (60 Pages)',
        slug: 'adult-60-pages',
        description:
          'The same adult re-issue with a 60-page “jumbo” booklet, for frequent travellers who fill visa pages quickly.',
        features: adultRenewalFeatures('Application-centre appointment'),
        processingTime: 'About 30 working days after the consulate receives the file',
        documents: [
          'Current Indian passport, with copies of the first five and last two pages',
          'Proof of legal status where you live',
          'Proof of current address',
          'Annexure E (declaration of Indian citizenship)',
          'Two 2×2 in photos on a white background',
        ],
        perApplicant: true,
        applicantKinds: ['Adult'],
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            features: adultRenewalFeatures('VFS Global appointment'),
            documents: [
              'Current Indian passport, with copies of the first five and last two pages',
              'Proof of US status: visa with I-797, or green card',
              'Proof of current US address',
              'Annexure E (declaration of Indian citizenship)',
              'Two 2×2 in photos on a white background',
            ],
            feeNote: VFS_RETURN_SHIPPING,
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 17500,
            mandatoryFees: [ICWF_US_PASSPORT, VFS_FEE],
            serviceFeeCents: 6900,
            compareAtServiceFeeCents: 8900,
            sources: 'K19,K20,K21,K22',
            effectiveFrom: PASSPORT_RULES_2026,
            otherDates: beforeRules2026(10000),
          },
        ],
      },
      {
        name: 'Minor Passport Renewal',
        slug: 'minor',
        description:
          'Re-issue of a child’s passport, valid for five years. Both parents sign the application and Annexure D, or one parent signs alone with Annexure C.',
        features: [
          'Answers for the child’s Passport Seva form prepared and checked',
          'Annexure D prepared for both parents to sign (Annexure C for a parent who signs alone)',
          'Thumb-impression and signature guidance for young children',
          'Application-centre appointment',
        ],
        processingTime: 'Usually 2–6 weeks after the consulate receives the file',
        documents: [
          'Child’s current Indian passport',
          'Annexure D signed by both parents (Annexure C if a single parent)',
          'The passports of the parents who sign',
          'Child’s birth certificate',
          'Two 2×2 in photos on a white background',
        ],
        perApplicant: true,
        applicantKinds: ['Minor'],
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            description:
              'Re-issue of the passport of a child under 18, valid for five years. Both parents sign the application and Annexure D, or one parent signs alone with Annexure C.',
            features: [
              'Answers for the child’s Passport Seva form prepared and checked',
              'Annexure D prepared for both parents to sign (Annexure C for a parent who signs alone)',
              'Thumb-impression and signature guidance for young children',
              'VFS Global appointment',
            ],
            processingTime: 'About 30 working days after the consulate receives the file',
            feeNote: VFS_RETURN_SHIPPING,
          },
          {
            appliesTo: FROM_CA,
            description:
              'Re-issue of the passport of a child under 15, valid for five years. Both parents sign the application and Annexure D, or one parent signs alone with Annexure C.',
            features: [
              'Answers for the child’s Passport Seva form prepared and checked',
              'Annexure D prepared for both parents to sign (Annexure C for a parent who signs alone)',
              'Thumb-impression and signature guidance for young children',
              'BLS International appointment',
            ],
            processingTime: 'Usually 2–3 weeks after the consulate receives the file',
            documents: [
              'Child’s current Indian passport',
              'Annexure D signed by both parents (Annexure C if a single parent)',
              'Both parents’ passports and PR cards',
              'Child’s birth certificate',
              'Two 2×2 in photos on a white background',
            ],
            feeNote: BLS_RETURN_COURIER,
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 9000,
            mandatoryFees: [ICWF_US_PASSPORT, VFS_FEE],
            serviceFeeCents: 5900,
            compareAtServiceFeeCents: 7900,
            sources: 'K19,K20,K21,K25,K27',
            effectiveFrom: PASSPORT_RULES_2026,
            otherDates: beforeRules2026(5000),
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 6700,
            applicantUnderAge: 15,
            mandatoryFees: [{ label: 'ICWF', amountCents: 300 }, BLS_CONSULAR_FEE],
            serviceFeeCents: 7900,
            compareAtServiceFeeCents: 9900,
            isEstimate: true,
            sources: 'K11,K20,K33',
          },
        ],
      },
      {
        name: 'Tatkal Renewal (Urgent)',
        slug: 'tatkal',
        description:
          'Urgent re-issue of a valid passport. Tatkal is not available for a lost or damaged passport, or for a change of birth date, birthplace, appearance, signature or a major name change.',
        features: [
          'Eligibility check against the Tatkal exclusions',
          'Same-day form preparation and review',
          'Earliest available application-centre appointment',
        ],
        processingTime:
          'A few working days after the consulate receives the file, once a clear police verification report is on record',
        documents: [
          'Valid current Indian passport',
          'Proof of valid status where you live',
          'Proof of current address',
          'Two 2×2 in photos on a white background',
        ],
        perApplicant: true,
        applicantKinds: ['Adult'],
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            description:
              'Urgent re-issue of a valid adult passport with a 36-page booklet; the price shows the normal fee and the Tatkal fee on separate lines. Tatkal is not available for a lost or damaged passport, or for a change of birth date, birthplace, appearance, signature or a major name change.',
            features: [
              'Eligibility check against the Tatkal exclusions',
              'Same-day form preparation and review',
              'Earliest available VFS Global appointment',
            ],
            processingTime:
              'About 5 working days after the consulate receives the file, once a clear police verification report is on record',
            documents: [
              'Valid current Indian passport',
              'Proof of valid US status',
              'Proof of current address',
              'Two 2×2 in photos on a white background',
            ],
            feeNote: `This price is for an adult 36-page booklet; the government fees for a 60-page booklet come to $300, and for a minor to $215. ${VFS_RETURN_SHIPPING}`,
          },
          {
            appliesTo: FROM_CA,
            description:
              'Urgent re-issue of a valid adult passport, with a letter to the consulate explaining the emergency. Tatkal is not available for a lost or damaged passport, or for a change of birth date, birthplace, appearance, signature or a major name change.',
            features: [
              'Eligibility check against the Tatkal exclusions',
              'Same-day form preparation and review',
              'Earliest available BLS International appointment',
              'Letter explaining the emergency drafted with you',
            ],
            processingTime: '1–3 business days after the consulate receives the file',
            documents: [
              'Valid current Indian passport',
              'Proof of valid Canadian status',
              'Proof of current address',
              'Two 2×2 in photos on a white background',
              'A signed letter explaining the emergency',
            ],
            feeNote: `This price is for an adult; the government fee for a minor is CA$204. ${BLS_RETURN_COURIER}`,
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 12500,
            mandatoryFees: [{ label: 'Tatkal fee', amountCents: 12500 }, ICWF_US_PASSPORT, VFS_FEE],
            serviceFeeCents: 9900,
            compareAtServiceFeeCents: 12900,
            sources: 'K20,K21,K22,K24',
            effectiveFrom: PASSPORT_RULES_2026,
            // Before: the normal $75 and a $150 Tatkal fee on top.
            otherDates: beforeRules2026(7500, [{ label: 'Tatkal fee', amountCents: 15000 }, ICWF_US_PASSPORT, VFS_FEE]),
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            // C$229 is the whole adult Tatkal fee on an old CGI Vancouver page; its split is not published.
            governmentFeeCents: 22900,
            mandatoryFees: [BLS_CONSULAR_FEE],
            serviceFeeCents: 12900,
            compareAtServiceFeeCents: 15900,
            isEstimate: true,
            sources: 'K11,K35,K38',
          },
        ],
      },
      {
        name: 'Lost or Damaged Passport',
        slug: 'lost-or-damaged',
        description:
          'A new passport in place of one that was lost, stolen or damaged, priced for a 36-page booklet. The consulate verifies your nationality first, so this takes longer than a normal renewal and cannot be done under Tatkal.',
        features: [
          'Annexure F and the loss or damage statement prepared',
          'Guidance on filing the police report',
          'Proof-of-nationality documents checked',
          'Application-centre appointment',
        ],
        processingTime: 'At least 2–4 weeks after the consulate receives the file, often about 6 weeks',
        documents: [
          'Police report of a loss or theft (not needed for a damaged one)',
          'Annexure F',
          'Proof of Indian nationality',
          'Copy of the old passport, if you have one',
        ],
        perApplicant: true,
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            features: [
              'Annexure F and the loss or damage statement prepared',
              'Guidance on filing the police report',
              'Proof-of-nationality documents checked',
              'VFS Global appointment',
            ],
            feeNote: `This price is for a 36-page booklet; for a 60-page booklet the government fee is $300. ${VFS_RETURN_SHIPPING}`,
          },
          {
            appliesTo: FROM_CA,
            features: [
              'Annexure F and the loss or damage statement prepared',
              'Guidance on filing the police report',
              'Proof-of-nationality documents checked',
              'BLS International appointment',
            ],
            documents: [
              'Police report of a loss or theft (not needed for a damaged one)',
              'Annexure F',
              'Proof of Indian nationality',
              'Copy of the old passport, if you have one',
              'Three Personal Particulars forms and four photos',
            ],
            feeNote: BLS_RETURN_COURIER,
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 25000,
            mandatoryFees: [ICWF_US_PASSPORT, VFS_FEE],
            serviceFeeCents: 9900,
            compareAtServiceFeeCents: 12900,
            sources: 'K20,K21,K24,K28,K29',
            effectiveFrom: PASSPORT_RULES_2026,
            otherDates: beforeRules2026(15000),
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            // CGI Toronto lists C$255 and CGI Vancouver C$258, which looks like C$255 + C$3 ICWF.
            governmentFeeCents: 25500,
            mandatoryFees: [{ label: 'ICWF', amountCents: 300 }, BLS_CONSULAR_FEE],
            serviceFeeCents: 12900,
            compareAtServiceFeeCents: 15900,
            isEstimate: true,
            sources: 'K11,K20,K34,K37',
          },
        ],
      },
    ],
  },
  {
    name: 'Renunciation of Indian Passport',
    slug: 'renunciation-of-indian-passport',
    brand: 'SEVADOCS',
    summary: 'Surrender your Indian passport and get the surrender certificate you need for an OCI card.',
    description:
      'Once you take the citizenship of another country, Indian law requires you to surrender your Indian passport, and the surrender certificate is the first document an OCI application asks for. We prepare the online form, the declaration and the file for the application centre. If you travelled on your Indian passport after taking the new citizenship, the consulate adds a penalty that it works out itself: Rs 10,000 per trip, up to Rs 50,000, plus Rs 10,000 if you kept the passport for more than three years. Penalties are paid to the consulate and are not part of the price shown.',
    icon: 'file-x',
    parameters: ['applyingFrom'],
    parameterOptions: { applyingFrom: ['US', 'CA'] },
    packages: [
      {
        name: 'Surrender Certificate (naturalised on or after 1 June 2010)',
        slug: 'surrender-certificate-from-june-2010',
        description:
          'Renunciation of Indian citizenship and surrender of the passport for anyone who became a foreign citizen on or after 1 June 2010. Any penalty for late surrender or for travel on the Indian passport is worked out by the consulate after it receives the file and is paid separately.',
        features: [
          'Answers for the online renunciation form prepared and checked',
          'Penalty exposure checked from your travel history before you file',
          'Lost-passport affidavit prepared if your old passport is missing',
          'Application-centre appointment and checklist',
        ],
        processingTime: 'Usually 2–4 weeks after the application centre receives the file',
        documents: [
          'Original last Indian passport, with copies',
          'Naturalisation or citizenship certificate',
          'Copy of your foreign passport',
          'Proof of current address',
          'If the Indian passport is lost: a notarised affidavit, a police report and proof that you held it',
        ],
        perApplicant: true,
        addons: ['Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            features: [
              'Answers for the online renunciation form prepared and checked',
              'Penalty exposure checked from your travel history before you file',
              'Lost-passport affidavit prepared if your old passport is missing',
              'VFS Global appointment and checklist',
            ],
            processingTime: 'About 10–15 working days after VFS Global receives the file',
            documents: [...US_SURRENDER_DOCUMENTS, LOST_PASSPORT_PROOF],
          },
          {
            appliesTo: FROM_CA,
            features: [
              'Answers for the online renunciation form prepared and checked',
              'Penalty exposure checked from your travel history before you file',
              'Lost-passport affidavit prepared if your old passport is missing',
              'BLS International appointment and checklist',
            ],
            processingTime: 'Usually 2–4 weeks after BLS International receives the file',
            documents: [...CA_SURRENDER_DOCUMENTS, `${LOST_PASSPORT_PROOF}, such as your record of landing`],
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 17500,
            mandatoryFees: [ICWF_US_OCI, VFS_FEE],
            serviceFeeCents: 7900,
            compareAtServiceFeeCents: 9900,
            sources: 'K2,K39,K40,K41',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            // HCI Ottawa and CGI Vancouver list C$168; the CGI Toronto FAQ lists C$119 + C$3.
            governmentFeeCents: 16800,
            mandatoryFees: [{ label: 'ICWF', amountCents: 300 }, BLS_CONSULAR_FEE],
            serviceFeeCents: 9900,
            compareAtServiceFeeCents: 12900,
            isEstimate: true,
            sources: 'K11,K42,K43,K47,K48',
          },
        ],
      },
      {
        name: 'Surrender Certificate (naturalised before 1 June 2010)',
        slug: 'surrender-certificate-before-june-2010',
        description:
          'Surrender certificate for anyone who became a foreign citizen on or before 31 May 2010, when the lower surrender fee applies. Penalties for travel on the Indian passport after naturalisation still apply and are worked out by the consulate.',
        features: [
          'Answers for the surrender form prepared and checked',
          'Naturalisation date checked against the 1 June 2010 cut-off',
          'Lost-passport affidavit prepared if your old passport is missing',
          'Application-centre appointment and checklist',
        ],
        processingTime: 'Usually 2–4 weeks after the application centre receives the file',
        documents: [
          'Original last Indian passport, with copies',
          'Naturalisation or citizenship certificate',
          'Copy of your foreign passport',
          'Proof of current address',
        ],
        perApplicant: true,
        addons: ['Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            features: [
              'Answers for the surrender form prepared and checked',
              'Naturalisation date checked against the 1 June 2010 cut-off',
              'Lost-passport affidavit prepared if your old passport is missing',
              'VFS Global appointment and checklist',
            ],
            processingTime: 'About 10–15 working days after VFS Global receives the file',
            documents: US_SURRENDER_DOCUMENTS,
          },
          {
            appliesTo: FROM_CA,
            features: [
              'Answers for the surrender form prepared and checked',
              'Naturalisation date checked against the 1 June 2010 cut-off',
              'Lost-passport affidavit prepared if your old passport is missing',
              'BLS International appointment and checklist',
            ],
            processingTime: 'Usually 2–4 weeks after BLS International receives the file',
            documents: CA_SURRENDER_DOCUMENTS,
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            // CGI New York lists $25 + $3; the July 2026 schedule sets $40 for a surrender certificate.
            governmentFeeCents: 4000,
            mandatoryFees: [ICWF_US_OCI, VFS_FEE],
            serviceFeeCents: 6900,
            compareAtServiceFeeCents: 8900,
            isEstimate: true,
            sources: 'K2,K20,K39',
            effectiveFrom: PASSPORT_RULES_2026,
            otherDates: beforeRules2026(2500),
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 3100,
            mandatoryFees: [{ label: 'ICWF', amountCents: 300 }, BLS_CONSULAR_FEE],
            serviceFeeCents: 8900,
            compareAtServiceFeeCents: 11900,
            isEstimate: true,
            sources: 'K11,K20,K42',
          },
        ],
      },
    ],
  },
  {
    name: 'Power of Attorney',
    slug: 'power-of-attorney',
    brand: 'SEVADOCS',
    summary: 'Get a power of attorney or other document attested by the Indian consulate for use in India.',
    description:
      'A power of attorney signed abroad is accepted by Indian registrars and banks once an Indian mission has attested it or, where an apostille takes the place of that attestation, once it is apostilled. We review your draft, tell you exactly how to notarise and witness it, and prepare the attestation request for the consulate. Foreign nationals need an apostille, which you can add to any package.',
    icon: 'file-signature',
    parameters: ['applyingFrom'],
    parameterOptions: { applyingFrom: ['US', 'CA'] },
    packages: [
      {
        name: 'Property Power of Attorney',
        slug: 'property-power-of-attorney',
        description:
          'Attestation of a power of attorney to buy, sell, rent or manage property in India, with the executant’s photograph attested as Indian sub-registrars require.',
        features: [
          'Draft reviewed for the wording Indian sub-registrars expect',
          'Notarisation and witness instructions',
          'Photograph attestation for each executant',
          'Consular attestation request and return envelope prepared',
        ],
        processingTime: 'Same day in person at the consulate, or a few weeks by mail',
        documents: [
          'Power of attorney, signed before a notary (if you are not an Indian citizen, apostilled first)',
          'Two witnesses with their IDs',
          'Copies of your passport, status and address proof',
          'A passport photo of each executant',
          'Prepaid return envelope for postal applications',
        ],
        feeNote:
          'The price is for one executant; each additional executant is charged the whole package again: the consulate’s fees, the other mandatory fees and our service fee.',
        perApplicant: false,
        addons: ['Apostilled', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            processingTime: 'Same day in person at some consulates; about 15 business days by mail',
            documents: [
              'Power of attorney, signed before a notary (if you are not an Indian citizen, apostilled by your state first)',
              'Two witnesses with their IDs',
              'Copies of your passport, status and address proof',
              'A passport photo of each executant',
              'Prepaid return envelope for postal applications',
            ],
            feeNote:
              'The price is for one executant; each additional executant is charged the whole package again, $81: $20 in attestation and photograph fees, $2 ICWF and our $59 service fee.',
          },
          {
            appliesTo: FROM_CA,
            processingTime: 'Same day in person; 10–12 business days by post',
            documents: [
              'Power of attorney, signed before a notary (if you are not an Indian citizen, apostilled by your province or Global Affairs Canada instead of attested by the consulate)',
              'Two witnesses with their IDs',
              'Copies of your passport, status and address proof',
              'A passport photo of each executant',
              'Prepaid return envelope for postal applications',
            ],
            feeNote:
              'The price is for one executant; each additional executant is charged the whole package again, CA$121.40: the CA$35 attestation fee, CA$7.40 to the application centre and our CA$79 service fee. For an executant who is not an Indian citizen, an apostille takes the place of the consulate’s attestation: we refund their CA$35 attestation fee and CA$7.40 to the application centre when you ask on our Request a refund page.',
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            // $10 per attestation + $10 per photo (CGI San Francisco) = $20; old CGI Chicago lists $22 incl. ICWF.
            governmentFeeCents: 2000,
            mandatoryFees: [ICWF_US_PASSPORT],
            serviceFeeCents: 5900,
            compareAtServiceFeeCents: 7900,
            sources: 'K63,K64,K65,K66',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 3500,
            mandatoryFees: [BLS_CONSULAR_FEE],
            serviceFeeCents: 7900,
            compareAtServiceFeeCents: 9900,
            sources: 'K11,K67,K68,K69',
          },
        ],
      },
      {
        name: 'Other Civil Documents',
        slug: 'civil-document-attestation',
        description:
          'Attestation of a general power of attorney, affidavit, declaration or other civil document for use in India.',
        features: [
          'Document reviewed for what the Indian recipient needs',
          'Notarisation and witness instructions',
          'Consular attestation request prepared',
          'Return envelope and tracking set up',
        ],
        processingTime: 'Same day in person at the consulate, or a few weeks by mail',
        documents: [
          'The document, signed before a notary (if you are not an Indian citizen, apostilled first)',
          'Copies of your passport, status and address proof',
          'Prepaid return envelope for postal applications',
        ],
        perApplicant: false,
        addons: ['Apostilled', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            description:
              'Attestation of a general power of attorney, affidavit, declaration or other civil document for use in India. If you are not an Indian citizen, your state apostilles the document first.',
            processingTime: 'Same day in person at some consulates; about 15 business days by mail',
            documents: [
              'The document, signed before a notary (if you are not an Indian citizen, apostilled by your state first)',
              'Copies of your passport, status and address proof',
              'Prepaid return envelope for postal applications',
            ],
          },
          {
            appliesTo: FROM_CA,
            description:
              'Attestation of a general power of attorney, affidavit, declaration or other civil document for use in India. If you are not an Indian citizen, your province or Global Affairs Canada apostilles the document instead: an apostilled Canadian document needs no attestation by the consulate.',
            processingTime: 'Same day in person; 10–12 business days by post',
            documents: [
              'The document, signed before a notary (if you are not an Indian citizen, apostilled by your province or Global Affairs Canada instead of attested by the consulate)',
              'Copies of your passport, status and address proof',
              'Prepaid return envelope for postal applications',
            ],
            feeNote:
              'If you are not an Indian citizen, an apostille takes the place of the consulate’s attestation: we refund the CA$19 attestation fee and CA$7.40 to the application centre when you ask on our Request a refund page.',
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 1000,
            mandatoryFees: [ICWF_US_PASSPORT],
            serviceFeeCents: 4900,
            compareAtServiceFeeCents: 6900,
            sources: 'K63,K64,K66',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 1900,
            mandatoryFees: [BLS_CONSULAR_FEE],
            serviceFeeCents: 6900,
            compareAtServiceFeeCents: 8900,
            sources: 'K11,K67,K68,K69',
          },
        ],
      },
    ],
  },
  {
    name: 'Indian Visa',
    slug: 'indian-visa',
    brand: 'SEVADOCS',
    summary: 'Indian e-Visa: tourist visas of 30 days, 1 year or 5 years, and business visas.',
    description:
      'We prepare your answers for the e-Visa form on the official Government of India portal, fit your photo to its upload rules and check every answer before you submit. We keep your passport scan as you send it: the portal takes the bio page as a PDF of 10–300 KB, so keep one of that size to upload there. Most e-Visas are decided within 72 hours. You pay the government fee and its 2.5% bank charge on the official portal when you submit: they are not in our price, which is our fee for the preparation and the review.',
    icon: 'plane',
    parameters: ['citizenship', 'destination'],
    parameterOptions: { citizenship: ['US', 'CA'], destination: ['IN'] },
    packages: [
      {
        name: 'e-Tourist Visa (30 Days)',
        slug: 'e-tourist-30-days',
        description: 'Double-entry tourist e-Visa valid for 30 days from arrival, for holidays and family visits.',
        features: [
          'Answers for the official e-Visa portal prepared in its order',
          'Photo fitted to the portal’s upload rules',
          'Answers checked against your passport before you submit',
          'Arrival-date window checked (4–30 days ahead)',
        ],
        processingTime: 'Usually decided within 72 hours; apply 4–30 days before arrival',
        documents: [
          'Passport valid at least 6 months on arrival, with 2 blank pages',
          'Scan of the passport bio page (PDF, 10–300 KB)',
          'Square photo on a plain light background, no glasses (JPEG, 10 KB–1 MB)',
        ],
        perApplicant: true,
        addons: ['Photo Enhancement'],
        texts: [
          {
            appliesTo: US_CITIZENS,
            feeNote:
              'The government fee, paid on the official portal, is $25 from July to March and $10 from April to June.',
          },
          {
            appliesTo: CA_CITIZENS,
            feeNote:
              'The portal charges US$25 from July to March and US$10 from April to June; the fee shown is the season’s in Canadian dollars.',
          },
        ],
        prices: [
          {
            citizenship: 'US',
            destination: 'IN',
            currency: 'USD',
            feesPaidOnPortal: true,
            governmentFeeCents: 2500,
            mandatoryFees: [bankCharge(2500)],
            serviceFeeCents: 1200,
            compareAtServiceFeeCents: 2400,
            sources: 'K52,K53,K54,K55',
            effectiveFrom: E_TOURIST_HIGH_SEASON,
            otherDates: eTouristSeasons((usd) => usd),
          },
          {
            citizenship: 'CA',
            destination: 'IN',
            currency: 'CAD',
            feesPaidOnPortal: true,
            governmentFeeCents: usdToCad(2500),
            mandatoryFees: [bankCharge(usdToCad(2500))],
            serviceFeeCents: 1600,
            compareAtServiceFeeCents: 3200,
            isEstimate: true,
            sources: 'K44,K52,K53,K54,K55,K62',
            effectiveFrom: E_TOURIST_HIGH_SEASON,
            otherDates: eTouristSeasons(usdToCad),
          },
        ],
      },
      {
        name: 'e-Tourist Visa (1 Year)',
        slug: 'e-tourist-1-year',
        description: 'Multiple-entry tourist e-Visa valid for one year; each stay may last up to 180 days.',
        features: [
          'Answers for the official e-Visa portal prepared in its order',
          'Photo fitted to the portal’s upload rules',
          'Answers checked against your passport before you submit',
          'Government fee for your nationality checked before you submit',
        ],
        processingTime: 'Usually decided within 72 hours; apply 4–120 days before arrival',
        documents: [
          'Passport valid at least 6 months on arrival, with 2 blank pages',
          'Scan of the passport bio page (PDF, 10–300 KB)',
          'Square photo on a plain light background, no glasses (JPEG, 10 KB–1 MB)',
        ],
        perApplicant: true,
        addons: ['Photo Enhancement'],
        texts: [],
        prices: [
          {
            citizenship: 'US',
            destination: 'IN',
            currency: 'USD',
            feesPaidOnPortal: true,
            governmentFeeCents: 4000,
            mandatoryFees: [bankCharge(4000)],
            serviceFeeCents: 1900,
            compareAtServiceFeeCents: 2900,
            isEstimate: true,
            sources: 'K52,K56,K57,K58',
          },
          {
            citizenship: 'CA',
            destination: 'IN',
            currency: 'CAD',
            feesPaidOnPortal: true,
            governmentFeeCents: usdToCad(4000),
            mandatoryFees: [bankCharge(usdToCad(4000))],
            serviceFeeCents: 2600,
            compareAtServiceFeeCents: 3900,
            isEstimate: true,
            sources: 'K52,K56',
          },
        ],
      },
      {
        name: 'e-Tourist Visa (5 Years)',
        slug: 'e-tourist-5-years',
        description:
          'Multiple-entry tourist e-Visa valid for five years, the best value for anyone visiting family in India every year. Each stay may last up to 180 days.',
        features: [
          'Answers for the official e-Visa portal prepared in its order',
          'Photo fitted to the portal’s upload rules',
          'Answers checked against your passport before you submit',
          'Government fee for your nationality checked before you submit',
        ],
        processingTime: 'Usually decided within 72 hours; apply 4–120 days before arrival',
        documents: [
          'Passport valid at least 6 months on arrival, with 2 blank pages',
          'Scan of the passport bio page (PDF, 10–300 KB)',
          'Square photo on a plain light background, no glasses (JPEG, 10 KB–1 MB)',
        ],
        perApplicant: true,
        addons: ['Photo Enhancement'],
        texts: [],
        prices: [
          {
            citizenship: 'US',
            destination: 'IN',
            currency: 'USD',
            feesPaidOnPortal: true,
            governmentFeeCents: 8000,
            mandatoryFees: [bankCharge(8000)],
            serviceFeeCents: 2400,
            compareAtServiceFeeCents: 3900,
            isEstimate: true,
            sources: 'K52,K56,K57',
          },
          {
            citizenship: 'CA',
            destination: 'IN',
            currency: 'CAD',
            feesPaidOnPortal: true,
            governmentFeeCents: usdToCad(8000),
            mandatoryFees: [bankCharge(usdToCad(8000))],
            serviceFeeCents: 3300,
            compareAtServiceFeeCents: 5400,
            isEstimate: true,
            sources: 'K52,K56',
          },
        ],
      },
      {
        name: 'e-Business Visa',
        slug: 'e-business',
        description:
          'Business e-Visa for meetings, trade fairs and sales visits, backed by an invitation from an Indian company.',
        features: [
          'Answers for the official e-Visa portal prepared in its order',
          'Invitation letter and business card checked against the form',
          'Photo fitted to the portal’s upload rules',
          'Government fee checked before you submit',
        ],
        processingTime: 'Usually decided within 72 hours',
        documents: [
          'Passport valid at least 6 months on arrival, with 2 blank pages',
          'Scan of the passport bio page (PDF, 10–300 KB)',
          'Square photo on a plain light background (JPEG, 10 KB–1 MB)',
          'Business card',
          'Invitation letter from the Indian company',
        ],
        perApplicant: true,
        addons: ['Photo Enhancement'],
        texts: [],
        prices: [
          {
            citizenship: 'US',
            destination: 'IN',
            currency: 'USD',
            feesPaidOnPortal: true,
            governmentFeeCents: 10000,
            mandatoryFees: [bankCharge(10000)],
            serviceFeeCents: 2900,
            compareAtServiceFeeCents: 4900,
            isEstimate: true,
            sources: 'K56,K59',
          },
        ],
      },
    ],
  },
  {
    name: 'Visa Application Centre Support',
    slug: 'visa-application-centre-support',
    brand: 'SEVADOCS',
    summary: 'Paper visas and other consular files prepared and booked at the consulate’s application centre.',
    description:
      'Some visas and consular services still go on paper, through the application centre the consulate uses. We fill in the forms, assemble the file in checklist order and book your appointment, so that the centre does not turn it away. Optional extras such as courier, photos and photocopies are paid at the centre.',
    icon: 'building-2',
    parameters: ['applyingFrom'],
    parameterOptions: { applyingFrom: ['US', 'CA'] },
    packages: [
      {
        name: 'Paper Visa Application',
        slug: 'paper-visa-application',
        description: 'Regular paper visa for travellers who cannot use, or need more than, an e-Visa.',
        features: [
          'Answers for the online visa form prepared and checked',
          'File assembled in the application centre’s checklist order',
          'Application-centre appointment booked',
          'Photos checked against the visa photo rules',
        ],
        processingTime:
          'From about 7 business days to a few weeks after the application centre receives the file, depending on the visa',
        documents: [
          'Passport valid at least 6 months, with blank pages',
          'Two 2×2 in photos',
          'Proof of current address',
          'Former Indian citizens: surrender certificate',
        ],
        perApplicant: true,
        addons: ['Photo Enhancement', 'Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            description:
              'Regular paper visa for travellers who cannot use, or need more than, an e-Visa, such as a long-term visa for US citizens.',
            features: [
              'Answers for the online visa form prepared and checked',
              'File assembled in the application centre’s checklist order',
              'VFS Global appointment booked',
              'Photos checked against the visa photo rules',
            ],
            processingTime: 'Usually 18–20 working days after VFS Global receives the file',
            documents: [
              'Passport valid at least 6 months, with blank pages',
              'Two 2×2 in photos',
              'Proof of US address',
              'Former Indian citizens: surrender certificate',
            ],
            feeNote:
              'The price is for a 10-year visa on a US passport; for other passports and durations we confirm the fee with you before you pay, and VFS Global adds a $20 reference fee for passports other than US ones.',
          },
          {
            appliesTo: FROM_CA,
            description:
              'Paper entry visa for travellers who cannot use, or need more than, an e-Visa, such as former Indian citizens visiting family.',
            features: [
              'Answers for the online visa form prepared and checked',
              'File assembled in the application centre’s checklist order',
              'BLS International appointment booked',
              'Biometrics appointment planned (ages 12–70)',
            ],
            processingTime: 'About 7 business days after BLS International receives the file',
            documents: [
              'Passport valid at least 6 months, with blank pages',
              'Two 2×2 in photos',
              'Proof of Canadian address',
              'Former Indian citizens: surrender certificate and landing document',
            ],
            feeNote:
              'The price is for a 1-year entry visa; for other durations we confirm the fee with you before you pay.',
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            // A Dec 2025 blog gives $160; an agency's consular line shows $198 (probably with extras).
            governmentFeeCents: 16000,
            mandatoryFees: [VFS_FEE],
            serviceFeeCents: 7900,
            compareAtServiceFeeCents: 9900,
            isEstimate: true,
            sources: 'K3,K57,K78,K81',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            // 1-year entry visa; the 5–10-year visa fee for Canadians is not published.
            governmentFeeCents: 18400,
            mandatoryFees: [{ label: 'ICWF', amountCents: 400 }, BLS_VISA_FEE],
            serviceFeeCents: 9900,
            compareAtServiceFeeCents: 12900,
            isEstimate: true,
            sources: 'K11,K79,K80',
          },
        ],
      },
      {
        name: 'Consular Appointment and File Check',
        slug: 'consular-appointment-file-check',
        description:
          'For any other consular service you file yourself at the application centre, such as a police clearance certificate or a miscellaneous passport service: we check your completed forms and documents against the checklist and book the appointment. The consular fee of the service itself is set by the mission and paid at the centre, so it is not included here.',
        features: [
          'Completed forms checked against the mission’s checklist',
          'Missing or wrongly formatted documents flagged',
          'Application-centre appointment booked',
          'Checklist cover page and registration prepared',
        ],
        processingTime:
          'File check within 2 business days; consular processing time depends on the service you apply for',
        documents: [
          'The completed government form for your service',
          'Supporting documents on the mission’s checklist',
          'Passport and proof of address',
        ],
        perApplicant: true,
        addons: ['Expedite'],
        texts: [
          {
            appliesTo: FROM_US,
            description:
              'For any other consular service you file yourself at VFS Global, such as a police clearance certificate or a miscellaneous passport service: we check your completed forms and documents against the checklist and book the appointment. The consular fee of the service itself is set by the consulate and paid at VFS Global, so it is not included here.',
            features: [
              'Completed forms checked against the mission’s checklist',
              'Missing or wrongly formatted documents flagged',
              'VFS Global appointment booked',
              'Checklist cover page and registration prepared',
            ],
          },
          {
            appliesTo: FROM_CA,
            description:
              'For any other consular service you file yourself at BLS International, such as a police clearance certificate or a miscellaneous passport service: we check your completed forms and documents against the checklist and book the appointment. The consular fee of the service itself is set by the consulate and paid at BLS International, so it is not included here.',
            features: [
              'Completed forms checked against the mission’s checklist',
              'Missing or wrongly formatted documents flagged',
              'BLS International appointment booked',
              'Checklist cover page and registration prepared',
            ],
          },
        ],
        prices: [
          {
            applyingFrom: 'US',
            currency: 'USD',
            governmentFeeCents: 0,
            mandatoryFees: [VFS_FEE],
            serviceFeeCents: 3900,
            compareAtServiceFeeCents: 4900,
            sources: 'K1,K3,K5',
          },
          {
            applyingFrom: 'CA',
            currency: 'CAD',
            governmentFeeCents: 0,
            mandatoryFees: [BLS_CONSULAR_FEE],
            serviceFeeCents: 4900,
            compareAtServiceFeeCents: 6900,
            sources: 'K11',
          },
        ],
      },
    ],
  },
  {
    name: 'Photo Enhancement',
    slug: 'photo-enhancement',
    brand: 'SEVAPHOTOS',
    summary: 'Passport, OCI and visa photos fixed to official rules, as a digital file, home prints or store pickup.',
    description: `Upload a photo taken at home: we check it against the exact rules of the document you need, tell you in plain words what to fix, and fit it to those rules, from 2×2 in US passport photos and 630 × 810 px Indian passport photos to the square OCI and e-Visa uploads. ${PHOTO_PROMISE.SEVAPHOTOS} The US, India and Canada refuse altered photos. A digital copy, or prints to collect at a store near you, costs less than a CVS or Walgreens photo counter charges; prints mailed to your home cost a little more.`,
    icon: 'camera',
    parameters: [],
    parameterOptions: {},
    packages: [
      {
        name: 'Digital Copy',
        slug: 'digital-copy',
        description:
          'An enhanced, compliant digital photo ready to upload to the OCI, e-Visa or Passport Seva portal, or to print yourself.',
        features: [
          'Checked for one face, head size, eye line, tilt, background, focus and even light',
          'Cropped and sized to the document’s pixel and file-size rules',
          PHOTO_PROMISE.SEVAPHOTOS,
          'JPEG to download from your order page as soon as you have paid',
        ],
        processingTime: 'Digital file delivered within 24 hours',
        documents: [
          'A recent front-facing photo against a plain wall, taken at eye level',
          'The document the photo is for (OCI, passport, e-Visa or other)',
        ],
        addons: [],
        perApplicant: false,
        texts: [],
        prices: photoSeedPrices('digital-copy'),
      },
      {
        name: 'Print Copies Delivered',
        slug: 'print-copies-delivered',
        description:
          'The enhanced photo printed on photo paper and mailed to your home, with the digital copy included, for paper applications that need 2×2 in prints.',
        features: [
          'Everything in the Digital Copy package',
          'Four prints at the exact size your document needs',
          'Mailed to your home address',
        ],
        processingTime: 'Digital file within 24 hours; prints mailed within 2 business days',
        documents: [
          'A recent front-facing photo against a plain wall, taken at eye level',
          'The document the photo is for (OCI, passport, visa or other)',
          'Delivery address',
        ],
        addons: [],
        perApplicant: false,
        texts: [],
        prices: photoSeedPrices('print-copies-delivered'),
      },
      {
        name: 'Pickup From Nearest Photo Studio',
        slug: 'pickup-from-nearest-photo-studio',
        description:
          'The enhanced photo sent to the photo counter of a pharmacy chain near your ZIP code, ready to collect the same day, with the digital copy included.',
        features: [
          'Everything in the Digital Copy package',
          'Print order placed at the store you choose',
          'Store print cost included',
          'An e-mail from our team when the prints are ready to collect',
        ],
        processingTime: 'Digital file within 24 hours; prints ready for pickup the same day they are ordered',
        documents: [
          'A recent front-facing photo against a plain wall, taken at eye level',
          'The document the photo is for (OCI, passport, visa or other)',
          'ZIP code of the store you prefer',
        ],
        addons: [],
        perApplicant: false,
        texts: [],
        prices: photoSeedPrices('pickup-from-nearest-photo-studio'),
      },
    ],
  },
];

/** A Photo Enhancement package's rows: the photo order's own prices (the catalog reads those in their place; competitors' in K83–K86). */
function photoSeedPrices(slug: string): SeedPrice[] {
  const price = photoPackagePrice(slug);
  if (!price) throw new Error(`${slug} is not a photo order (PHOTO_PACKAGE_ORDERS)`);
  return [{ ...price, sources: 'K83,K84,K85,K86' }];
}

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
