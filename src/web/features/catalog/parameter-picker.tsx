import { Link } from 'react-router';
import { parameterLabel } from '../../../domain/catalog/parameter-labels.ts';
import type { ParameterChoices, ServiceParameter } from '../../../domain/catalog/parameters.ts';
import { buildServicePath, type ServiceUrlContext } from '../../../domain/catalog/seo-url.ts';
import { countryName } from '../../../domain/countries/names.ts';
import { CountryFlag } from './country-flag.tsx';

/**
 * One group of links per parameter with more than one option. Links (not a form) so the
 * choice works without JavaScript and each combination has its own canonical URL.
 */
export function ParameterPicker({
  serviceSlug,
  packageSlug,
  context,
  options,
  choices,
}: {
  serviceSlug: string;
  packageSlug: string | null;
  context: ServiceUrlContext;
  options: Partial<Record<ServiceParameter, string[]>>;
  choices: ParameterChoices;
}) {
  const groups = context.parameters.filter((p) => (options[p]?.length ?? 0) > 1);
  if (groups.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-6">
      {groups.map((parameter) => (
        <nav key={parameter} aria-label={parameterLabel(parameter)}>
          <p className="mb-2 text-sm font-medium text-slate-700">{parameterLabel(parameter)}</p>
          <ul className="flex flex-wrap gap-2">
            {options[parameter]?.map((iso) => {
              const current = choices[parameter] === iso;
              const to = buildServicePath(
                { serviceSlug, packageSlug, choices: { ...choices, [parameter]: iso } },
                context,
              );
              return (
                <li key={iso}>
                  <Link
                    to={to}
                    preventScrollReset
                    replace
                    aria-current={current ? 'true' : undefined}
                    className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium ${
                      current
                        ? 'border-brand-600 bg-brand-600 text-white'
                        : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500'
                    }`}
                  >
                    <CountryFlag isoCode={iso} className="h-3.5 w-5" />
                    {countryName(iso)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ))}
    </div>
  );
}
