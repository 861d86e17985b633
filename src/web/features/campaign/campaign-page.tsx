import { COMPANY_CLAIMS } from '../../../domain/config/site.ts';
import type { CampaignId } from '../../../domain/marketing/campaigns.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { CAMPAIGN_COPY } from './content.ts';
import type { LeadActionData } from './lead-fields.ts';
import { LeadForm } from './lead-form.tsx';

export interface CampaignPageProps {
  campaign: CampaignId;
  today: string;
  /** 'From $x' for the visa service, formatted by the loader; null when not priced. */
  fromPrice: string | null;
  result: LeadActionData | undefined;
}

/** SPEC.md §2 campaign landing page: a fixed toll-free banner above, no main header, a lead form. */
export function CampaignPage({ campaign, today, fromPrice, result }: CampaignPageProps) {
  const copy = CAMPAIGN_COPY[campaign];
  return (
    <>
      <section aria-labelledby="campaign-title" className="on-dark relative overflow-hidden bg-brand-900 text-white">
        <div className="page-x relative grid grid-cols-1 items-start gap-10 py-10 desk:grid-cols-[1.2fr_1fr] desk:py-16">
          <div>
            <div>
              <Logo inverted />
            </div>
            <p className="mt-10 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold text-brand-100 ring-1 ring-white/20">
              <Icon name="plane" className="size-4 text-saffron-400" />
              {copy.eyebrow}
            </p>
            <h1
              id="campaign-title"
              className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight sm:text-5xl desk:text-[3.25rem]"
            >
              {copy.title}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-100">{copy.lead}</p>
            <ul className="mt-8 grid gap-3">
              {copy.benefits.map((b) => (
                <li key={b} className="flex items-start gap-3 text-[1.02rem]">
                  <Icon name="circle-check" className="mt-0.5 size-5 text-saffron-400" />
                  {b}
                </li>
              ))}
            </ul>
            <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-white/15 pt-6">
              <div>
                <dd className="text-2xl font-extrabold">{COMPANY_CLAIMS.applicationsHandled}</dd>
                <dt className="text-sm text-brand-100">applications handled</dt>
              </div>
              <div>
                <dd className="text-2xl font-extrabold">{COMPANY_CLAIMS.approvalRate}</dd>
                <dt className="text-sm text-brand-100">approval rate</dt>
              </div>
              <div>
                <dd className="inline-flex items-center gap-1 text-2xl font-extrabold">
                  {COMPANY_CLAIMS.rating}
                  <Icon name="star-filled" className="size-5 text-amber-400" />
                </dd>
                <dt className="text-sm text-brand-100">customer rating</dt>
              </div>
            </dl>
          </div>
          <LeadForm campaign={campaign} title={copy.formTitle} today={today} result={result} />
        </div>
      </section>

      <section aria-labelledby="campaign-steps" className="bg-white">
        <div className="page-x py-16">
          <p className="eyebrow">How it works</p>
          <h2 id="campaign-steps" className="section-title">
            Three steps to your visa
          </h2>
          <ol className="mt-10 grid gap-5 md:grid-cols-3">
            {copy.steps.map((step, i) => (
              <li key={step.title} className="card">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="card-title">{step.title}</h3>
                <p className="card-body">{step.body}</p>
              </li>
            ))}
          </ol>
          {fromPrice ? (
            <p className="mt-10 rounded-2xl bg-brand-50 p-6 text-lg text-slate-800">
              Our Indian visa service starts at <strong className="text-brand-800">{fromPrice}</strong>; an e-Visa’s
              government fee is paid on the official portal. Every fee is itemised before you pay.
            </p>
          ) : null}
        </div>
      </section>
    </>
  );
}
