import type { TermPage } from '../../domain/content/schemas.ts';
import { longDate } from '../lib/format-date.ts';

/**
 * A policy term with its numbered sections and a table of contents. The HTML was rendered
 * from Markdown on the server with raw HTML escaped and unsafe links dropped.
 */
export function TermDocument({ term, headingLevel = 2 }: { term: TermPage; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid grid-cols-1 gap-10 desk:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label={`${term.name}: contents`} className="desk:sticky desk:top-28 desk:self-start">
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Contents</p>
        <ol className="mt-3 grid gap-1 text-sm">
          {term.sections.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.anchor}`}
                className="flex gap-2 rounded-lg px-2 py-1.5 text-slate-700 hover:bg-white hover:text-brand-700"
              >
                <span className="w-5 shrink-0 font-semibold text-brand-700">{s.number}.</span>
                {s.name}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 sm:p-10">
        <p className="text-sm text-slate-600">
          Last updated <time dateTime={term.updatedAt}>{longDate(term.updatedAt)}</time>
        </p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered Markdown, raw HTML escaped (content/markdown.ts). */}
        <div className="prose-seva mt-4" dangerouslySetInnerHTML={{ __html: term.html }} />
        <ol className="mt-10 grid gap-10">
          {term.sections.map((s) => (
            <li key={s.id} id={s.anchor} className="scroll-mt-28">
              <Heading className="text-xl font-bold text-slate-900 sm:text-2xl">
                <span className="text-brand-700">{s.number}.</span> {s.name}
              </Heading>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered Markdown, raw HTML escaped (content/markdown.ts). */}
              <div className="prose-seva mt-3" dangerouslySetInnerHTML={{ __html: s.html }} />
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
