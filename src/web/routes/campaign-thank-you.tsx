import { Link, useLoaderData } from 'react-router';
import { telHref } from '../../domain/config/navigation.ts';
import { CAMPAIGNS, isCampaignId } from '../../domain/marketing/campaigns.ts';
import { Icon } from '../components/ui/icon.tsx';
import { Logo } from '../components/ui/logo.tsx';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/campaign-thank-you';

export async function loader({ request, context }: Route.LoaderArgs) {
  const from = new URL(request.url).searchParams.get('from');
  const campaign = isCampaignId(from) ? CAMPAIGNS[from] : null;
  const { tollFreeNumber } = context.get(appContext).publicConfig;
  return { back: campaign ? { path: campaign.path, title: campaign.title } : null, tollFreeNumber };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Thank you: a visa specialist will call you | SevaDocs' },
  {
    name: 'description',
    content: 'We have your details. A SevaDocs visa specialist will call you within one business day.',
  },
];

const NEXT_STEPS = [
  'A visa specialist calls you within one business day, from our toll-free number.',
  'We confirm which visa suits your trip and list the documents and fees, with no obligation.',
  'If you go ahead, we prepare and file your application and keep you posted until it is approved.',
];

/** SPEC.md §2: the campaign thank-you page hides the main header. */
export default function CampaignThankYou() {
  const { back, tollFreeNumber } = useLoaderData<typeof loader>();
  return (
    <div className="bg-brand-50">
      <div className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6">
        <Logo />
        <div className="card mt-10 p-8 text-center sm:p-12">
          <span className="icon-tile mx-auto size-16 bg-green-100 text-green-700">
            <Icon name="circle-check" className="size-9" />
          </span>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Thank you! We will call you soon.
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">
            Your request has reached our visa team. Keep your phone nearby: we usually call within a few hours during
            business hours.
          </p>
          <ol className="mx-auto mt-8 grid max-w-xl gap-4 text-left">
            {NEXT_STEPS.map((step, i) => (
              <li key={step} className="flex gap-4">
                <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {i + 1}
                </span>
                <span className="pt-1 text-slate-700">{step}</span>
              </li>
            ))}
          </ol>
          <div className="mt-10 flex flex-col justify-center gap-3 whitespace-nowrap sm:flex-row">
            <a href={telHref(tollFreeNumber)} className="btn-primary">
              <Icon name="phone" /> Call {tollFreeNumber}
            </a>
            <Link to="/indian-visa" className="btn-outline">
              See visa packages
            </Link>
          </div>
          {back ? (
            <p className="mt-8 text-sm text-slate-600">
              <Link to={back.path} className="font-semibold text-brand-700 underline underline-offset-4">
                Back to {back.title}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
