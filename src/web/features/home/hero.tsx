import { telHref } from '../../../domain/config/navigation.ts';
import { COMPANY_CLAIMS } from '../../../domain/config/site.ts';
import { Icon } from '../../components/ui/icon.tsx';

export function Hero({ tollFreeNumber }: { tollFreeNumber: string }) {
  return (
    <section aria-labelledby="hero-title" className="overflow-hidden bg-brand-50">
      <div className="page-x grid items-center gap-10 pt-10 pb-14 lg:grid-cols-[1.1fr_1fr] lg:py-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 shadow-sm">
            <Icon name="shield-check" className="size-4 text-green-700" />
            Trusted by Indian families in the USA and Canada since {COMPANY_CLAIMS.foundedYear}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-slate-900 sm:text-5xl desk:text-6xl"
          >
            OCI, passport and visa paperwork, <span className="text-brand-600">done right the first time.</span>
          </h1>
          <p className="section-lead max-w-xl leading-relaxed">
            Our consular specialists prepare, check and file your application, so one small mistake never costs you
            weeks at the consulate. Every government fee and service fee is shown before you pay.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="#services" className="btn-primary">
              Explore our services
              <Icon name="arrow-right" />
            </a>
            <a href={telHref(tollFreeNumber)} className="btn-outline">
              <Icon name="phone" className="size-5 text-brand-600" />
              Call {tollFreeNumber}
            </a>
          </div>
          <p className="mt-8 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-700">
            <span className="inline-flex text-amber-400">
              {[1, 2, 3, 4, 5].map((i) => (
                <Icon key={i} name="star-filled" className="size-4" />
              ))}
            </span>
            <span>
              <strong className="text-slate-900">{COMPANY_CLAIMS.rating} out of 5</strong> from our customers ·{' '}
              <strong className="text-slate-900">{COMPANY_CLAIMS.applicationsHandled}</strong> applications handled ·{' '}
              <strong className="text-slate-900">{COMPANY_CLAIMS.approvalRate}</strong> approval rate
            </span>
          </p>
        </div>
        <img
          src="/illustrations/hero-documents.svg"
          alt="An Indian passport and an Overseas Citizen of India card beside an approved application"
          width={560}
          height={470}
          fetchPriority="high"
          className="mx-auto h-auto w-full max-w-md lg:max-w-none"
        />
      </div>
    </section>
  );
}
