import { Link } from 'react-router';
import type { ChosenPackage } from '../../../domain/catalog/package-choice.ts';
import { parameterLabel } from '../../../domain/catalog/parameter-labels.ts';
import { SERVICE_PARAMETERS } from '../../../domain/catalog/parameters.ts';
import { servicePackagesHref } from '../../../domain/catalog/seo-url.ts';
import { countryName } from '../../../domain/countries/names.ts';
import { PriceBreakdown } from '../../components/price-breakdown.tsx';
import { CountryFlag } from './country-flag.tsx';
import { ProcessingTime } from './processing-time.tsx';

/**
 * The package a customer is about to apply for on /package-form: its service, countries,
 * processing time and full price, with the way back to change it.
 */
export interface ChosenPackageCardProps {
  choice: ChosenPackage;
}

export function ChosenPackageCard({ choice }: ChosenPackageCardProps) {
  const { service, pkg } = choice;
  const choices = pkg.choices;
  const back = servicePackagesHref(choice);
  return (
    <article aria-labelledby="chosen-package" className="card">
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
      <Link to={back} className="mt-4 inline-flex text-sm font-semibold text-brand-700 hover:underline">
        Change package or countries
      </Link>
    </article>
  );
}
