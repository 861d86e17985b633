import { COMPANY_CLAIMS } from '../../../domain/config/site.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { companyClaims } from './content.ts';

export function Claims() {
  return (
    <section aria-labelledby="claims-title" className="border-y border-slate-200">
      <div className="page-x py-14">
        <h2 id="claims-title" className="section-title mt-0">
          Serving the diaspora since {COMPANY_CLAIMS.foundedYear}
        </h2>
        <p className="section-lead max-w-2xl">
          Five years of consulate rules, outsourcer checklists and portal quirks, learned one application at a time.
        </p>
        <dl className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3 desk:grid-cols-6">
          {companyClaims().map(({ id, value, label }) => (
            <div
              key={id}
              className="flex flex-col-reverse justify-end rounded-2xl border border-slate-200 bg-slate-50 p-5"
            >
              <dt className="mt-1 text-sm leading-snug text-slate-700">{label}</dt>
              <dd className="flex items-center gap-1 text-3xl font-extrabold tracking-tight text-brand-700">
                {value}
                {id === 'rating' ? <Icon name="star-filled" className="size-6 text-amber-400" /> : null}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
