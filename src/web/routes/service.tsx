import { data, isRouteErrorResponse, Link, useLoaderData, useRouteLoaderData } from 'react-router';
import { noPackagesMessage } from '../../domain/catalog/messages.ts';
import type { ParameterChoices } from '../../domain/catalog/parameters.ts';
import { SERVICE_PARAMETERS } from '../../domain/catalog/parameters.ts';
import { priceFor, resolveChoices } from '../../domain/catalog/pricing.ts';
import { countryName } from '../../domain/countries/names.ts';
import { LAYOUT_MESSAGES } from '../../domain/limits/messages.ts';
import { NotFoundContent } from '../components/not-found-content.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { PackageCard } from '../features/catalog/package-card.tsx';
import { ParameterPicker } from '../features/catalog/parameter-picker.tsx';
import { appContext } from '../lib/app-context.ts';
import type { RootData, RouteHandle } from '../root.tsx';
import type { Route } from './+types/service';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const service = await context.get(appContext).services.catalog.getServiceBySlug(params.serviceSlug);
  if (!service) throw data(null, { status: 404 });
  const query = new URL(request.url).searchParams;
  const requested: ParameterChoices = {};
  for (const parameter of SERVICE_PARAMETERS) {
    const value = query.get(parameter);
    if (value) requested[parameter] = value;
  }
  return { service, choices: resolveChoices(service.parameters, service.parameterOptions, requested) };
}

export const handle: RouteHandle = {
  canonicalPath: (loaderData) => `/${(loaderData as Awaited<ReturnType<typeof loader>>).service.slug}`,
};

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `${loaderData.service.name} | SevaDocs` }, { name: 'description', content: loaderData.service.summary }]
    : [{ title: 'Service not found | SevaDocs' }];

function choiceSentence(choices: ParameterChoices): string {
  const parts = [
    choices.citizenship ? `${countryName(choices.citizenship)} citizens` : null,
    choices.applyingFrom ? `applications from ${countryName(choices.applyingFrom)}` : null,
    choices.destination ? `travel to ${countryName(choices.destination)}` : null,
  ].filter(Boolean);
  return parts.join(', ');
}

export default function ServicePage() {
  const { service, choices } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>('root');
  const forChoices = choiceSentence(choices);
  return (
    <div className="bg-slate-50/60">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 desk:py-12">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <ol className="flex flex-wrap gap-2">
            <li>
              <Link to="/" className="hover:text-brand-700 hover:underline">
                Home
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="font-medium text-slate-900">
              {service.name}
            </li>
          </ol>
        </nav>
        <header className="mt-6 max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{service.name}</h1>
          <p className="mt-3 text-lg text-slate-700">{service.summary}</p>
          <p className="mt-3 text-slate-600">{service.description}</p>
        </header>

        <section aria-labelledby="packages-heading" className="mt-10">
          <div className="flex flex-col gap-4 desk:flex-row desk:items-end desk:justify-between">
            <div>
              <h2 id="packages-heading" className="text-2xl font-semibold text-slate-900">
                Packages and full prices
              </h2>
              {forChoices ? <p className="mt-1 text-sm text-slate-600">Showing prices for {forChoices}.</p> : null}
            </div>
            <ParameterPicker parameters={service.parameters} options={service.parameterOptions} choices={choices} />
          </div>
          {service.packages.length === 0 ? (
            <p className="mt-6 rounded-xl bg-white p-6 text-slate-700">{noPackagesMessage(service.name)}</p>
          ) : (
            <div className="mt-6 grid gap-6 sm:grid-cols-2 desk:grid-cols-3">
              {service.packages.map((pkg) => (
                <PackageCard
                  key={pkg.id}
                  pkg={pkg}
                  price={priceFor(pkg.prices, choices)}
                  unavailableText={`This package is not offered for ${forChoices || 'this choice'}.`}
                />
              ))}
            </div>
          )}
        </section>

        {root ? (
          <aside className="mt-12 flex flex-col gap-4 rounded-2xl bg-brand-800 p-6 text-white desk:flex-row desk:items-center desk:justify-between">
            <div>
              <h2 className="text-xl font-semibold">Not sure which package fits?</h2>
              <p className="mt-1 text-brand-100">
                Our case specialists answer every day and check your situation before you pay.
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-3">
              <a
                href={`tel:${root.publicConfig.tollFreeNumber}`}
                className="inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
              >
                <Icon name="phone" className="size-4" /> Call {root.publicConfig.tollFreeNumber}
              </a>
              <a
                href={`https://wa.me/${root.publicConfig.whatsappNumber}`}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-lg border border-white/60 px-4 py-2.5 font-semibold text-white hover:bg-white/10"
              >
                <Icon name="message-circle" className="size-4" /> Chat on WhatsApp
              </a>
            </div>
          </aside>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundContent message="We don't offer that service. Browse our services from the menu or the home page." />
    );
  }
  console.error(error);
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{LAYOUT_MESSAGES.errorPage}</h1>
    </section>
  );
}
