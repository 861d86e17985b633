import { z } from 'zod';
import { emailField, honeypotField, nameField, phoneField } from '../contact/fields.ts';
import { todayIsoDate } from '../limits/constants.ts';
import { CAMPAIGN_MESSAGES, CAMPAIGNS, type CampaignId, LEAD_NOTE_MAX_LENGTH } from './campaigns.ts';

/** 2026-02-30 looks like a date but is not one. */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const campaignIds = Object.keys(CAMPAIGNS) as [CampaignId, ...CampaignId[]];

/** The lead form of the campaign landing pages. `today` is injectable for tests. */
export function campaignLeadSchema(today: () => string = todayIsoDate) {
  return z.object({
    campaign: z.enum(campaignIds, { error: CAMPAIGN_MESSAGES.campaignUnknown }),
    name: nameField,
    email: emailField,
    phone: phoneField,
    travelDate: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z
        .string({ error: CAMPAIGN_MESSAGES.travelDateInvalid })
        .trim()
        .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), CAMPAIGN_MESSAGES.travelDateInvalid)
        .refine((v) => v === '' || isCalendarDate(v), CAMPAIGN_MESSAGES.travelDateInvalid)
        .refine((v) => v === '' || v >= today(), CAMPAIGN_MESSAGES.travelDatePast)
        .transform((v) => (v === '' ? null : v)),
    ),
    message: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z
        .string()
        .trim()
        .max(LEAD_NOTE_MAX_LENGTH, CAMPAIGN_MESSAGES.messageTooLong)
        .transform((v) => (v === '' ? null : v)),
    ),
    website: honeypotField.optional(),
  });
}
export type CampaignLeadInput = z.infer<ReturnType<typeof campaignLeadSchema>>;
