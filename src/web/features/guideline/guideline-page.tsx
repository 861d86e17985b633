import { Link } from 'react-router';
import { guidelineHref } from '../../../domain/config/routes.ts';
import type { TermPage } from '../../../domain/content/schemas.ts';
import { TermDocument } from '../../components/term-document.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export interface GuidelinePageProps {
  tabs: string[];
  active: string;
  term: TermPage | null;
}

/**
 * /guideline: Terms of Use and Privacy Policy and Cookies as tabs chosen by ?active=… (SPEC.md
 * §2). The tabs are links, so switching works without JavaScript and each tab has its own URL.
 */
export function GuidelinePage({ tabs, active, term }: GuidelinePageProps) {
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Terms and policies"
        lead="The rules for using SevaDocs and SevaPhotos, and how we look after your information."
      >
        <nav aria-label="Policies" className="mt-8">
          <ul className="inline-flex flex-wrap gap-1 rounded-2xl bg-white p-1.5 shadow-sm ring-1 ring-slate-200">
            {tabs.map((tab) => {
              const current = tab === active;
              return (
                <li key={tab}>
                  <Link
                    to={guidelineHref(tab as Parameters<typeof guidelineHref>[0])}
                    aria-current={current ? 'page' : undefined}
                    preventScrollReset
                    className={`block rounded-xl px-4 py-2.5 text-[0.95rem] font-semibold ${
                      current
                        ? 'bg-brand-600 text-white shadow'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-brand-700'
                    }`}
                  >
                    {tab}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </PageHeader>
      <section aria-label={active} className="bg-slate-50/60">
        <div className="page-x py-12 desk:py-16">
          {term ? (
            <>
              <h2 className="sr-only">{term.name}</h2>
              <TermDocument term={term} headingLevel={3} />
            </>
          ) : (
            <p className="card text-slate-700">This policy is being updated. Please check back shortly.</p>
          )}
        </div>
      </section>
    </>
  );
}
