import type { CampaignId } from '../../../domain/marketing/campaigns.ts';

export interface CampaignCopy {
  eyebrow: string;
  title: string;
  lead: string;
  benefits: string[];
  steps: { title: string; body: string }[];
  formTitle: string;
  metaTitle: string;
  metaDescription: string;
}

/** The landing pages' words. Figures come from shared/catalog-facts.md (§4 e-Visa). */
export const CAMPAIGN_COPY: Record<CampaignId, CampaignCopy> = {
  'visa-service': {
    eyebrow: 'Indian visa service for US and Canadian citizens',
    title: 'Your Indian visa, handled by specialists',
    lead: 'e-Tourist, e-Business and paper visas prepared and checked for you — with the government fee and our fee shown separately before you pay.',
    benefits: [
      'A specialist checks your photo and passport scan before you submit',
      'e-Visa decisions usually arrive within 72 hours',
      'Submitted on the official government portal only — no “express” middlemen',
      'Paper visas and VFS appointments for travellers who cannot use the e-Visa',
    ],
    steps: [
      {
        title: 'Tell us about your trip',
        body: 'Leave your number and travel date. A visa specialist calls you back within one business day.',
      },
      {
        title: 'We prepare everything',
        body: 'We pick the right visa, fill in the form and fit your photo to the portal rules.',
      },
      {
        title: 'Travel with confidence',
        body: 'You submit on the official portal once we have checked every answer with you, and we follow it until your approval reaches your inbox.',
      },
    ],
    formTitle: 'Get a free call back',
    metaTitle: 'Indian visa for US and Canadian citizens | SevaDocs',
    metaDescription:
      'Indian e-Visa and paper visa applications for US and Canadian citizens, prepared and checked by specialists. Free call back within one business day.',
  },
  'indian-tourist-visa': {
    eyebrow: 'Indian tourist e-Visa',
    title: 'Visiting India? Get your tourist e-Visa right the first time',
    lead: 'The 30-day, 1-year and 5-year e-Tourist visas for US and Canadian passport holders, prepared and checked by our team for you to submit on the official portal.',
    benefits: [
      '30-day e-Tourist visa: a $10–$25 government fee, depending on the season, paid on the official portal',
      '1-year and 5-year multiple-entry visas with stays of up to 180 days',
      'Photo fitted to the portal rules, free',
      'Apply 4 to 30 days before you land (up to 120 days for 1-year and 5-year visas)',
    ],
    steps: [
      {
        title: 'Request a call back',
        body: 'Leave your details and travel date; we confirm which e-Tourist visa suits your trip.',
      },
      {
        title: 'Send your photo and passport',
        body: 'Snap them on your phone. We check both and fit your photo to the e-Visa rules.',
      },
      {
        title: 'Receive your approval',
        body: 'You submit on the official portal and pay the government fee there; we check it all first and tell you what to print and carry.',
      },
    ],
    formTitle: 'Start with a free call back',
    metaTitle: 'Indian tourist e-Visa for US and Canadian citizens | SevaDocs',
    metaDescription:
      'Get your Indian e-Tourist visa (30 days, 1 year or 5 years) prepared and checked for you to submit. Free call back from a visa specialist within one business day.',
  },
};
