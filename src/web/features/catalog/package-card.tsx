import type { PackageDetail, PackagePrice } from '../../../domain/catalog/service-detail.ts';
import { PriceBreakdown } from '../../components/price-breakdown.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { ProcessingTime } from './processing-time.tsx';

export function PackageCard({
  pkg,
  price,
  unavailableText,
  focused = false,
  detailsHref,
  chooseHref,
  orderedElsewhere = false,
}: {
  pkg: PackageDetail;
  price: PackagePrice | null;
  unavailableText: string;
  /** The package the page is about: outlined and labelled. */
  focused?: boolean;
  /** The package's own page, when this card is shown on its service page. */
  detailsHref?: string;
  /** Where "Choose package" goes without JavaScript (sign-in or the package form). */
  chooseHref: string;
  /**
   * The package is ordered elsewhere (SevaPhotos' packages, on the photos page): "Choose package"
   * is a plain link there, not the application's members dialog.
   */
  orderedElsewhere?: boolean;
}) {
  const headingId = `package-${pkg.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        focused ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
      }`}
    >
      {focused ? (
        <p className="mb-2 inline-flex w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
          Selected package
        </p>
      ) : null}
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {pkg.name}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{pkg.description}</p>
      {price ? (
        <>
          <ProcessingTime time={pkg.processingTime} />
          <ul className="mt-4 space-y-2 text-sm text-slate-700">
            {pkg.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Icon name="check" className="mt-0.5 size-4 text-emerald-600" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex-1 rounded-xl bg-slate-50 p-4">
            <PriceBreakdown price={price} perApplicant={pkg.perApplicant} note={pkg.feeNote} />
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
        </>
      ) : (
        // Not offered for these countries: no processing time, features or documents of another country's.
        <p className="mt-5 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{unavailableText}</p>
      )}
      <div className="mt-auto flex flex-col items-stretch gap-3 pt-5 text-center">
        {price ? (
          <a
            href={chooseHref}
            data-choose-package={orderedElsewhere ? undefined : pkg.id}
            className="btn-primary px-4 py-2.5 text-[0.95rem]"
          >
            Choose package<span className="sr-only">: {pkg.name}</span>
          </a>
        ) : null}
        {detailsHref ? (
          <a href={detailsHref} className="text-sm font-semibold text-brand-700 hover:underline">
            Package details<span className="sr-only">: {pkg.name}</span>
          </a>
        ) : null}
      </div>
    </article>
  );
}
