import { Link } from 'react-router';
import type { FaqGroup } from '../../../domain/content/schemas.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export const GENERAL_GROUP_TITLE = 'General questions';

export function groupTitle(group: FaqGroup): string {
  return group.service?.name ?? GENERAL_GROUP_TITLE;
}

export function groupAnchor(group: FaqGroup): string {
  return group.service?.slug ?? 'general';
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The FAQ page: questions grouped by service, each answer folded away until asked for (no script needed). */
export function FaqPage({ groups, tollFreeNumber }: { groups: FaqGroup[]; tollFreeNumber: string }) {
  return (
    <>
      <PageHeader
        eyebrow="FAQ's"
        title="Frequently asked questions"
        lead="Straight answers about OCI cards, Indian passports, renunciation, powers of attorney, visas and photos — grouped by service."
      />
      <div className="bg-slate-50/60">
        <div className="page-x grid grid-cols-1 gap-10 py-12 desk:grid-cols-[16rem_minmax(0,1fr)] desk:py-16">
          {groups.length > 0 ? (
            <nav aria-label="FAQ topics" className="desk:sticky desk:top-28 desk:self-start">
              <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Jump to</p>
              <ul className="mt-3 flex flex-wrap gap-2 desk:flex-col desk:gap-1">
                {groups.map((g) => (
                  <li key={groupAnchor(g)}>
                    <a
                      href={`#${groupAnchor(g)}`}
                      className="inline-block rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:text-brand-700 desk:block desk:bg-transparent desk:ring-0 desk:hover:bg-white"
                    >
                      {groupTitle(g)}
                      <span className="ml-1 font-normal text-slate-500">({g.items.length})</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="grid content-start gap-12">
            {groups.length === 0 ? (
              <p className="card text-slate-700">
                Our questions and answers are being updated. Please call {tollFreeNumber} or{' '}
                <Link to="/contact" className="font-semibold text-brand-700 underline">
                  send us a message
                </Link>
                .
              </p>
            ) : null}
            {groups.map((group) => (
              <section
                key={groupAnchor(group)}
                id={groupAnchor(group)}
                aria-labelledby={`${groupAnchor(group)}-title`}
                className="scroll-mt-28"
              >
                <div className="flex flex-wrap items-end justify-between gap-3">
                  <h2 id={`${groupAnchor(group)}-title`} className="text-2xl font-bold text-slate-900">
                    {groupTitle(group)}
                  </h2>
                  {group.service ? (
                    <Link
                      to={`/${group.service.slug}`}
                      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                    >
                      See {group.service.name} packages <Icon name="arrow-right" className="size-4" />
                    </Link>
                  ) : null}
                </div>
                <div className="mt-5 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
                  {group.items.map((item) => (
                    <details key={item.id} className="group">
                      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                        <span>{item.question}</span>
                        <Icon
                          name="chevron-down"
                          className="mt-0.5 size-5 text-slate-500 transition group-open:rotate-180"
                        />
                      </summary>
                      <div className="grid gap-3 px-5 pb-5 text-[0.98rem] leading-relaxed text-slate-700">
                        {paragraphs(item.answer).map((p) => (
                          <p key={p.slice(0, 48)}>{p}</p>
                        ))}
                      </div>
                    </details>
                  ))}
                </div>
              </section>
            ))}
            <aside aria-labelledby="faq-more" className="on-dark rounded-2xl bg-brand-800 p-6 text-white sm:p-8">
              <h2 id="faq-more" className="text-xl font-bold">
                Did not find your answer?
              </h2>
              <p className="mt-2 text-brand-100">
                Call us toll-free on {tollFreeNumber} or send a message: a specialist replies within one business day.
              </p>
              <Link to="/contact" className="btn-primary mt-5 bg-white text-brand-800 hover:bg-brand-50">
                Contact us <Icon name="arrow-right" />
              </Link>
            </aside>
          </div>
        </div>
      </div>
    </>
  );
}
