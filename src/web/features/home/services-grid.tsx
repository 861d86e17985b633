import { Link } from 'react-router';
import { serviceHref, telHref, whatsappHref } from '../../../domain/config/navigation.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { ServiceCardPrice } from '../../components/service-card-price.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { serviceIconName } from '../../components/ui/icon-names.ts';

/** A service card's data; the price is formatted by the loader ('$318.90'). */
export interface GridService {
  id: number;
  name: string;
  slug: string;
  summary: string;
  icon: string;
  fromPrice: string | null;
}

interface ServicesGridProps {
  services: GridService[];
  tollFreeNumber: string;
  whatsappNumber: string;
}

export function ServicesGrid({ services, tollFreeNumber, whatsappNumber }: ServicesGridProps) {
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-24 bg-slate-50">
      <div className="page-x py-16 desk:py-20">
        <p className="eyebrow">Our services</p>
        <h2 id="services-title" className="section-title">
          Everything the consulate asks of you, handled
        </h2>
        <p className="section-lead max-w-2xl">
          Pick a service to see its packages, the documents you need and the full price for where you apply from.
        </p>
        <p className="mt-4">
          <Link
            to={ROUTES.SERVICES}
            className="inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            All services and prices
            <Icon name="arrow-right" className="size-4" />
          </Link>
        </p>
        {services.length > 0 ? (
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 desk:grid-cols-4">
            {services.map((service) => (
              <li
                key={service.id}
                className="card group relative flex flex-col transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg has-focus-visible:outline-3 has-focus-visible:outline-brand-500"
              >
                <div className="flex items-center gap-4">
                  <span className="icon-tile shrink-0 bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                    <Icon name={serviceIconName(service.icon)} className="size-6" />
                  </span>
                  <h3 className="text-lg leading-snug font-bold text-slate-900">
                    {/* The link covers the whole card. */}
                    <Link to={serviceHref(service.slug)} className="outline-none after:absolute after:inset-0">
                      {service.name}
                    </Link>
                  </h3>
                </div>
                <p className="card-body mt-4 flex-1">{service.summary}</p>
                <ServiceCardPrice fromPrice={service.fromPrice} serviceSlug={service.slug} />
              </li>
            ))}
            <li className="on-dark flex flex-col rounded-2xl bg-brand-800 p-6 text-brand-100">
              <div className="flex items-center gap-4">
                <span className="icon-tile shrink-0 bg-white/10 text-white">
                  <Icon name="message-circle" className="size-6" />
                </span>
                <h3 className="text-lg leading-snug font-bold text-white">Not sure which service you need?</h3>
              </div>
              <p className="mt-4 flex-1 text-[0.95rem] leading-relaxed">
                Tell us your situation and a specialist will point you to the right application, free of charge.
              </p>
              <div className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold text-white">
                <a href={telHref(tollFreeNumber)} className="underline-offset-4 hover:underline">
                  Call {tollFreeNumber}
                </a>
                <a
                  href={whatsappHref(whatsappNumber)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline-offset-4 hover:underline"
                >
                  Chat on WhatsApp
                </a>
              </div>
            </li>
          </ul>
        ) : (
          <p className="card mt-10 text-slate-700">
            Our service list is being updated. Call us toll-free at{' '}
            <a href={telHref(tollFreeNumber)} className="font-semibold text-brand-700 underline">
              {tollFreeNumber}
            </a>{' '}
            and a specialist will help you straight away.
          </p>
        )}
      </div>
    </section>
  );
}
