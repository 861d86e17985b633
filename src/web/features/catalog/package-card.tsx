import type { PackageDetail, PackagePrice } from '../../../domain/catalog/service-detail.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';

export function PackageCard({
  pkg,
  price,
  unavailableText,
}: {
  pkg: PackageDetail;
  price: PackagePrice | null;
  unavailableText: string;
}) {
  const headingId = `package-${pkg.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {pkg.name}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{pkg.description}</p>
      <p className="mt-3 flex items-start gap-2 text-sm text-slate-700">
        <Icon name="clock" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <span>{pkg.processingTime}</span>
      </p>
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        {pkg.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex-1 rounded-xl bg-slate-50 p-4">
        {price ? <PriceBreakdown price={price} /> : <p className="text-sm text-slate-600">{unavailableText}</p>}
      </div>
      {pkg.documents.length > 0 ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">Documents you will need</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {pkg.documents.map((doc) => (
              <li key={doc}>{doc}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
}
