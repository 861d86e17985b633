import { Link, useRouteLoaderData } from 'react-router';
import { NOT_FOUND_MESSAGES, type NotFoundService, type NotFoundView } from '../../domain/catalog/not-found.ts';
import { serviceHref } from '../../domain/config/navigation.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import type { RootData } from '../lib/root-data.ts';
import { ServiceSearchForm } from './service-search-form.tsx';
import { Icon } from './ui/icon.tsx';

const M = NOT_FOUND_MESSAGES;

function ServiceLinks({ services, label }: { services: readonly NotFoundService[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="grid gap-2 sm:grid-cols-2">
        {services.map((service) => (
          <li key={service.slug}>
            <Link
              to={serviceHref(service.slug)}
              className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-700"
            >
              {service.name}
              <Icon name="arrow-right" className="size-4 text-brand-700" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A not-found answer (HTTP 404), worded for what was asked (NotFoundView): the address, what to
 * do instead (the service's packages, the services the address named, or `action`), the
 * service search and every service (the header's list, from the root's data).
 */
export interface NotFoundContentProps {
  view: NotFoundView;
  /** The main way on, when the answer is not about a package (which links to its service). */
  action?: { label: string; to: string };
}

export function NotFoundContent({ view, action }: NotFoundContentProps) {
  const services = useRouteLoaderData<RootData>('root')?.navServices ?? [];
  const { kind, path, service, suggestions } = view;
  const primary =
    kind === 'package' && service ? { label: M.package.action(service.name), to: serviceHref(service.slug) } : action;
  const heading =
    kind === 'package' && service
      ? M.package.heading(service.name)
      : kind === 'service'
        ? M.service.heading
        : M.page.heading;
  const lead =
    kind === 'package' && service
      ? M.package.lead(service.name, path)
      : kind === 'service'
        ? M.service.lead(path)
        : M.page.lead(path);
  return (
    <section className="bg-slate-50/60" aria-labelledby="not-found-title">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 desk:py-20">
        <p className="eyebrow">Error 404</p>
        <h1 id="not-found-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {heading}
        </h1>
        <p className="mt-4 text-lg break-words text-slate-700">{lead}</p>

        <div className="mt-6 flex flex-wrap gap-3">
          {primary ? (
            <Link to={primary.to} className="btn-primary">
              {primary.label}
              <Icon name="arrow-right" />
            </Link>
          ) : null}
          <Link to={ROUTES.HOME} className="btn-outline">
            <Icon name="house" />
            {M.home}
          </Link>
        </div>

        {suggestions.length > 0 ? (
          <div className="mt-10">
            <h2 className="text-lg font-bold text-slate-900">{M.service.suggestions}</h2>
            <div className="mt-3">
              <ServiceLinks services={suggestions} label={M.service.suggestions} />
            </div>
          </div>
        ) : null}

        <div className="card mt-10">
          <ServiceSearchForm query={view.query} />
        </div>

        {services.length > 0 ? (
          <div className="mt-10">
            <h2 className="text-lg font-bold text-slate-900">{M.allServices}</h2>
            <div className="mt-3">
              <ServiceLinks services={services} label={M.allServices} />
            </div>
            <Link
              to={ROUTES.SERVICES}
              className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {M.browseServices}
              <Icon name="arrow-right" className="size-4" />
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}
