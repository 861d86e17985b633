import { data, redirect } from 'react-router';
import type { AppContextValue } from '../../../contracts/load-context.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { fieldErrors } from '../../../domain/contact/fields.ts';
import { CONTACT_MESSAGES } from '../../../domain/contact/messages.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import { campaignLeadSchema } from '../../../domain/marketing/campaign-lead.ts';
import type { CampaignId } from '../../../domain/marketing/campaigns.ts';
import { formValues } from '../../lib/form-values.ts';
import { requestFacts } from '../../lib/request-facts.ts';
import { CAMPAIGN_COPY } from './content.ts';
import { LEAD_FIELDS, type LeadActionData } from './lead-fields.ts';

/** The service whose price the campaign pages quote. */
const VISA_SERVICE_SLUG = 'indian-visa';

export async function loadCampaign(app: AppContextValue, campaign: CampaignId) {
  const { results } = await app.services.catalog.listServices({ page: 1, limit: 100 });
  const visa = results.find((s) => s.slug === VISA_SERVICE_SLUG);
  const { metaTitle, metaDescription } = CAMPAIGN_COPY[campaign];
  return {
    campaign,
    today: todayIsoDate(),
    fromPrice: visa?.fromPrice ? formatMoney(visa.fromPrice) : null,
    // For the route's meta, so the browser's route module needs none of the page copy.
    meta: { title: metaTitle, description: metaDescription },
  };
}

/** Stores the lead, then sends the visitor to the thank-you page; a refused post keeps what was typed. */
export async function submitCampaignLead(app: AppContextValue, campaign: CampaignId, request: Request) {
  const values = formValues(await request.formData(), LEAD_FIELDS);
  const parsed = campaignLeadSchema().safeParse({ ...values, campaign });
  if (!parsed.success) {
    return data<LeadActionData>(
      { ok: false, message: CONTACT_MESSAGES.fixErrors, errors: fieldErrors(parsed.error), values },
      { status: 400 },
    );
  }
  const result = await app.services.marketing.submitLead(parsed.data, { ip: requestFacts(app).ip });
  if (!result.ok) {
    return data<LeadActionData>(
      { ok: false, message: result.message, errors: result.errors ?? {}, values },
      { status: result.status },
    );
  }
  return redirect(`${ROUTES.CAMPAIGN_THANK_YOU}?${new URLSearchParams({ from: campaign })}`);
}
