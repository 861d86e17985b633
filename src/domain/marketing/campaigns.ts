import { ROUTES } from '../config/routes.ts';

/** The campaign landing pages and what each one promotes. No zod (browser code imports this). */
export const CAMPAIGNS = {
  'visa-service': {
    path: ROUTES.VISA_SERVICE,
    title: 'Indian visa for US and Canadian citizens',
  },
  'indian-tourist-visa': {
    path: ROUTES.INDIAN_TOURIST_VISA,
    title: 'Indian tourist e-Visa',
  },
} as const;
export type CampaignId = keyof typeof CAMPAIGNS;

export const isCampaignId = (value: unknown): value is CampaignId =>
  typeof value === 'string' && Object.hasOwn(CAMPAIGNS, value);

/** The campaign whose landing page is at `path` (as the router hands it over: no trailing slash). */
export function campaignAt(path: string): CampaignId | null {
  const found = Object.entries(CAMPAIGNS).find(([, campaign]) => campaign.path === path);
  return found ? (found[0] as CampaignId) : null;
}

export const LEAD_NOTE_MAX_LENGTH = 1000;
/** Leads one network address may send within the window. */
export const LEAD_RATE_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;

export const CAMPAIGN_MESSAGES = {
  campaignUnknown: 'Unknown campaign',
  travelDateInvalid: 'Enter the travel date as a calendar date',
  travelDatePast: 'Travel date cannot be in the past',
  messageTooLong: `Message should not exceed ${LEAD_NOTE_MAX_LENGTH} characters`,
  rateLimited: 'You have sent several requests in a short time. Please wait a few minutes before trying again.',
  honeypot: 'We could not accept this form. Please reload the page and try again.',
} as const;
