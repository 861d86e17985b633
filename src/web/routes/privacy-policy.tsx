import { lazy } from 'react';
import { data, useLoaderData } from 'react-router';
import { GUIDELINE_TABS } from '../../domain/config/routes.ts';
import { StaticIsland } from '../components/ui/static-island.tsx';
import type { PrivacyPolicyPage as PrivacyComponent } from '../features/privacy/privacy-policy-page.tsx';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/privacy-policy';

const ServerPrivacy = import.meta.env.SSR
  ? (await import('../features/privacy/privacy-policy-page.tsx')).PrivacyPolicyPage
  : undefined;
const ClientPrivacy = lazy(() =>
  import('../features/privacy/privacy-policy-page.tsx').then((m) => ({ default: m.PrivacyPolicyPage })),
);

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const term = (await app.services.content.listTermPages()).find((t) => t.name === GUIDELINE_TABS.privacy);
  if (!term) throw data(null, { status: 404 });
  return { term, supportEmail: app.publicConfig.supportEmail };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Privacy Policy | SevaDocs' },
  {
    name: 'description',
    content:
      'How SevaDocs collects, uses and protects your information, our cookies, and your CCPA and GDPR rights. We answer data-rights requests within one month.',
  },
];

export default function PrivacyPolicy() {
  const props = useLoaderData<typeof loader>();
  return (
    <StaticIsland<Parameters<typeof PrivacyComponent>[0]> server={ServerPrivacy} client={ClientPrivacy} props={props} />
  );
}
