import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PACKAGE_CHOICE_MESSAGES } from '../../../../domain/catalog/package-choice.ts';
import { parameterLabel } from '../../../../domain/catalog/parameter-labels.ts';
import { SERVICE_PARAMETERS } from '../../../../domain/catalog/parameters.ts';
import { buildServicePath } from '../../../../domain/catalog/seo-url.ts';
import { countryName } from '../../../../domain/countries/names.ts';
import { CountryFlag } from '../../catalog/country-flag.tsx';
import type { ChosenPackage as Choice } from '../../catalog/package-choice.server.ts';
import { PriceBreakdown } from '../../catalog/price-breakdown.tsx';
import { ProcessingTime } from '../../catalog/processing-time.tsx';

function ChosenPackage({ choice }: { choice: Choice }) {
  const { service, pkg } = choice;
  const choices = pkg.choices;
  const back = buildServicePath(
    { serviceSlug: service.slug, packageSlug: null, choices },
    { parameters: SERVICE_PARAMETERS.filter((p) => service.parameters.includes(p)) },
  );
  return (
    <article aria-labelledby="chosen-package" className="card mt-8">
      <p className="eyebrow">{service.name}</p>
      <h2 id="chosen-package" className="mt-1 text-2xl font-bold text-slate-900">
        {pkg.name}
      </h2>
      <p className="mt-2 text-slate-700">{pkg.description}</p>
      {Object.keys(choices).length ? (
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {SERVICE_PARAMETERS.filter((p) => choices[p]).map((parameter) => (
            <div key={parameter} className="flex items-center gap-2">
              <dt className="text-slate-600">{parameterLabel(parameter)}:</dt>
              <dd className="flex items-center gap-1.5 font-semibold text-slate-900">
                <CountryFlag isoCode={choices[parameter] ?? ''} />
                {countryName(choices[parameter] ?? '')}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <ProcessingTime time={pkg.processingTime} className="mt-4" />
      <div className="mt-5 rounded-xl bg-slate-50 p-4">
        <PriceBreakdown price={pkg.price} perApplicant={pkg.perApplicant} note={pkg.feeNote} />
      </div>
      <p className="mt-5 text-sm text-slate-700">
        The application form for this package opens here next. Your choice is saved on this device, so you can come back
        to it at any time.
      </p>
      <Link to={back} className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline">
        Change package or countries
      </Link>
    </article>
  );
}

function NothingChosen() {
  return (
    <div className="card mt-8">
      <p className="text-slate-700">{PACKAGE_CHOICE_MESSAGES.nothingChosen}</p>
      <Link to="/" className="btn-primary mt-5">
        Browse our services
      </Link>
    </div>
  );
}

/**
 * /package-form without an order: the chosen package and its parameters (from the query, else
 * from the packages store), or that nothing is chosen.
 */
export function StartApplicationPage({ choice }: { choice: Choice | null }) {
  const [stored, setStored] = useState<Choice | null | undefined>(choice ? null : undefined);

  useEffect(() => {
    if (choice) return;
    let live = true;
    void import('../../../lib/stores/packages-store.ts').then(({ usePackagesStore }) => {
      const { currentPackage, service, setAwaitingSignIn } = usePackagesStore.getState();
      if (!live) return;
      // Shown here: nothing is left to continue after sign-in.
      setAwaitingSignIn(false);
      setStored(
        currentPackage && service
          ? {
              service: { name: service.name, slug: service.slug, parameters: service.parameters ?? [] },
              pkg: currentPackage,
            }
          : null,
      );
    });
    return () => {
      live = false;
    };
  }, [choice]);

  const shown = choice ?? stored;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 desk:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your application</h1>
      {shown ? (
        <ChosenPackage choice={shown} />
      ) : shown === null ? (
        <NothingChosen />
      ) : (
        <>
          <p role="status" className="card mt-8 text-slate-700">
            Loading your chosen package…
          </p>
          <noscript>
            <NothingChosen />
          </noscript>
        </>
      )}
    </section>
  );
}
