import { useActionData, useLoaderData } from 'react-router';
import { CampaignPage } from '../features/campaign/campaign-page.tsx';
import { loadCampaign, submitCampaignLead } from '../features/campaign/campaign-route.server.ts';
import { CAMPAIGN_COPY } from '../features/campaign/content.ts';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/indian-tourist-visa';

const CAMPAIGN = 'indian-tourist-visa';

export async function loader({ context }: Route.LoaderArgs) {
  return loadCampaign(context.get(appContext), CAMPAIGN);
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitCampaignLead(context.get(appContext), CAMPAIGN, request);
}

export const meta: Route.MetaFunction = () => [
  { title: CAMPAIGN_COPY[CAMPAIGN].metaTitle },
  { name: 'description', content: CAMPAIGN_COPY[CAMPAIGN].metaDescription },
];

export default function IndianTouristVisaPage() {
  const { campaign, today, fromPrice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <CampaignPage campaign={campaign} today={today} fromPrice={fromPrice} result={result} />;
}
