import { useLoaderData } from 'react-router';
import { GuidelinePage } from '../features/guideline/guideline-page.tsx';
import { activeTab, GUIDELINE_TAB_NAMES } from '../features/guideline/tabs.ts';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/guideline';

export async function loader({ request, context }: Route.LoaderArgs) {
  const active = activeTab(new URL(request.url).search);
  const terms = await context.get(appContext).services.content.listTermPages();
  return { tabs: GUIDELINE_TAB_NAMES, active, term: terms.find((t) => t.name === active) ?? null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.active ?? 'Terms and policies'} | SevaDocs` },
  {
    name: 'description',
    content:
      'The SevaDocs Terms of Use and Privacy Policy and Cookies: what we do, fees and refunds, your account, and how we protect your information.',
  },
];

export default function Guideline() {
  const data = useLoaderData<typeof loader>();
  return <GuidelinePage {...data} />;
}
