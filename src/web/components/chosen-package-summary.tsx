import { useId } from 'react';
import { formatMoney } from '../../domain/catalog/money.ts';
import type { PackageChoiceSummary } from '../../domain/catalog/package-choice.ts';
import { choiceLines } from '../../domain/catalog/parameter-labels.ts';
import { Icon } from './ui/icon.tsx';

/**
 * What the visitor is about to apply for (a package chosen before signing in): the package, its
 * service, the countries and its price for each member, on the sign-in, sign-up and verification
 * pages. Each member is charged the package (checkout's "Package Cost Per Member"): a walk read a
 * family's "Total" as the whole order's, and met three times it after signing up.
 */
export function ChosenPackageSummary({
  summary,
  className = '',
}: {
  summary: PackageChoiceSummary;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-wrap items-start gap-x-6 gap-y-3 rounded-2xl border border-brand-200 bg-brand-50/70 p-4 ${className}`}
    >
      <Icon name="package" className="mt-1 size-6 text-brand-700" />
      <div className="min-w-48 flex-1">
        <h2 id={headingId} className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
          You are applying for
        </h2>
        <p className="mt-1 text-base font-semibold text-slate-900">{summary.packageName}</p>
        <p className="text-sm text-slate-700">
          {summary.serviceName}
          {choiceLines(summary.choices).map((line) => (
            <span key={line}>
              {' · '}
              {line}
            </span>
          ))}
        </p>
      </div>
      {/* Beside the package where it fits, else under it, aligned with its name. */}
      <p className="flex grow items-baseline justify-between gap-2 pl-12 text-sm text-slate-700 sm:block sm:grow-0 sm:pl-0 sm:text-right">
        Per member <span className="block text-lg font-bold text-slate-900">{formatMoney(summary.total)}</span>
      </p>
    </section>
  );
}
