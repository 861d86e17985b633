import { data, useActionData, useLoaderData } from 'react-router';
import { campaignAt } from '../../domain/marketing/campaigns.ts';
import { loadCampaign, submitCampaignLead } from '../features/campaign/campaign-route.server.ts';
import { appContext } from '../lib/app-context.ts';
import { Preloaded, preload } from '../lib/preloaded.tsx';
import type { Route } from './+types/campaign';

// The campaign landing pages (/visa-service, /indian-tourist-visa; routes.ts registers this module
// at each path). The page's code stays out of the first-load JavaScript; the server still renders
// it, and the lead form posts without JavaScript too (see lib/preloaded.tsx).
const page = preload(() => import('../features/campaign/campaign-page.tsx'));
if (import.meta.env.SSR) await page;

/** `url` is the page's address (a data request's own has a `.data` suffix). */
function campaignOf(url: URL) {
  const campaign = campaignAt(url.pathname);
  if (!campaign) throw data('Not a campaign page', { status: 404 });
  return campaign;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  return loadCampaign(context.get(appContext), campaignOf(url));
}

export async function action({ url, request, context }: Route.ActionArgs) {
  return submitCampaignLead(context.get(appContext), campaignOf(url), request);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.meta.title }, { name: 'description', content: loaderData.meta.description }] : [];

export default function CampaignRoute() {
  const { campaign, today, fromPrice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Preloaded
      module={page}
      render={({ CampaignPage }) => (
        <CampaignPage campaign={campaign} today={today} fromPrice={fromPrice} result={result} />
      )}
    />
  );
}
