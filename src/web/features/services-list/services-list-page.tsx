import { Link } from 'react-router';
import { formatMoney, type Money } from '../../../domain/catalog/money.ts';
import { SERVICE_SEARCH_MESSAGES } from '../../../domain/catalog/service-search.ts';
import { serviceHref, telHref, whatsappHref } from '../../../domain/config/navigation.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { BRANDS } from '../../../domain/config/site.ts';
import { ServiceCardPrice } from '../../components/service-card-price.tsx';
import { ServiceSearchForm } from '../../components/service-search-form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { serviceIconName } from '../../components/ui/icon-names.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** A service as the list shows it. */
export interface ListedService {
  id: number;
  name: string;
  slug: string;
  /** SEVADOCS or SEVAPHOTOS. */
  brand: string;
  summary: string;
  icon: string;
  /** The lowest price we charge among its packages (the fees we collect included), or null when none is priced. */
  fromPrice: Money | null;
}

export interface ServicesListProps {
  /** The search's words (?q=…), '' when the visitor did not search. */
  query: string;
  /** How many services the search matched; `services` holds them, or every service when none did. */
  matches: number;
  services: ListedService[];
  contact: { tollFreeNumber: string; whatsappNumber: string };
}

/** The brand a service is sold under, when it is not the company's own (SPEC.md §1: SevaPhotos). */
const BRAND_TAGS: Readonly<Record<string, string>> = { [BRANDS.photos]: 'SevaPhotos' };

/**
 * /services (SPEC.md §2 "other routes used"): every service with its summary, its "from" price
 * and a link to its page. Static: rendered on the server, no page JavaScript on first load.
 */
export function ServicesListPage({ query, matches, services, contact }: ServicesListProps) {
  return (
    <>
      <PageHeader
        eyebrow="What we handle"
        title="Services and prices"
        lead="Consular paperwork for applicants in the USA and Canada, checked by specialists before it is filed. Each service starts at the price shown: our fee, and the government and application-centre fees where we collect them. A card says when a fee is paid elsewhere, such as the e-Visa fee on the official portal. Open a service to see each package priced for where you apply from."
      />
      <div className="bg-slate-50/60">
        <div className="page-x py-12 desk:py-16">
          <div className="mb-10 max-w-2xl">
            <ServiceSearchForm query={query} />
            {query ? <SearchOutcome query={query} matches={matches} /> : null}
          </div>
          {services.length > 0 ? (
            <ul className="grid gap-5 md:grid-cols-2 desk:grid-cols-4">
              {services.map((service) => {
                const tag = BRAND_TAGS[service.brand];
                return (
                  <li
                    key={service.id}
                    className="card group relative flex flex-col transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg has-focus-visible:outline-3 has-focus-visible:outline-brand-500"
                  >
                    <div className="flex items-start justify-between gap-3">
                      <span className="icon-tile shrink-0 bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                        <Icon name={serviceIconName(service.icon)} className="size-6" />
                      </span>
                      {tag ? (
                        <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                          {tag}
                        </span>
                      ) : null}
                    </div>
                    <h2 className="mt-5 text-lg leading-snug font-bold text-slate-900">
                      {/* The link covers the whole card. */}
                      <Link
                        to={serviceHref(service.slug)}
                        className="outline-none after:absolute after:inset-0 group-hover:text-brand-700"
                      >
                        {service.name}
                      </Link>
                    </h2>
                    <p className="card-body flex-1">{service.summary}</p>
                    <ServiceCardPrice
                      fromPrice={service.fromPrice ? formatMoney(service.fromPrice) : null}
                      serviceSlug={service.slug}
                    />
                  </li>
                );
              })}
              <li className="on-dark flex flex-col rounded-2xl bg-brand-800 p-6 text-brand-100">
                <span className="icon-tile bg-white/10 text-white">
                  <Icon name="message-circle" className="size-6" />
                </span>
                <h2 className="mt-5 text-lg leading-snug font-bold text-white">Not sure which service you need?</h2>
                <p className="mt-2 flex-1 text-[0.95rem] leading-relaxed">
                  Tell us your situation and a specialist will point you to the right application, free of charge.
                </p>
                <div className="mt-5 flex flex-col gap-1 border-t border-white/15 pt-3 text-sm font-semibold text-white">
                  <a
                    href={telHref(contact.tollFreeNumber)}
                    className="inline-flex items-center gap-2 py-1 underline-offset-4 hover:underline"
                  >
                    <Icon name="phone" className="size-4" />
                    Call {contact.tollFreeNumber}
                  </a>
                  <a
                    href={whatsappHref(contact.whatsappNumber)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-2 py-1 underline-offset-4 hover:underline"
                  >
                    <Icon name="message-circle" className="size-4" />
                    Chat on WhatsApp
                  </a>
                  <Link
                    to={ROUTES.CONTACT}
                    className="inline-flex items-center gap-2 py-1 underline-offset-4 hover:underline"
                  >
                    <Icon name="mail" className="size-4" />
                    Write to us
                  </Link>
                </div>
              </li>
            </ul>
          ) : (
            <p className="card text-slate-700">
              Our service list is being updated. Call us toll-free at{' '}
              <a href={telHref(contact.tollFreeNumber)} className="font-semibold text-brand-700 underline">
                {contact.tollFreeNumber}
              </a>{' '}
              and a specialist will help you straight away.
            </p>
          )}
        </div>
      </div>
    </>
  );
}

/** What the search found, said above the list (a live region would not announce a page load). */
function SearchOutcome({ query, matches }: { query: string; matches: number }) {
  return (
    <p className="mt-3 text-slate-700">
      {matches > 0 ? SERVICE_SEARCH_MESSAGES.found(matches, query) : SERVICE_SEARCH_MESSAGES.none(query)}
      {matches > 0 ? (
        <>
          {' '}
          <Link to={ROUTES.SERVICES} className="font-semibold text-brand-700 underline underline-offset-4">
            {SERVICE_SEARCH_MESSAGES.showAll}
          </Link>
        </>
      ) : null}
    </p>
  );
}
