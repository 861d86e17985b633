import { Link } from 'react-router';
import type { ArticleSummary } from '../../../domain/content/schemas.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { longDate } from '../../lib/format-date.ts';
import { articleHref } from './format.ts';

export interface ArticlesListProps {
  articles: ArticleSummary[];
  blogUrl: string;
}

/** Guides and news, newest first. */
export function ArticlesList({ articles, blogUrl }: ArticlesListProps) {
  const [lead, ...rest] = articles;
  return (
    <>
      <PageHeader
        eyebrow="Guides and news"
        title="Articles"
        lead="Practical guides to Indian consular paperwork from the USA and Canada, written by our specialists and updated when the rules change."
      />
      <div className="bg-slate-50/60">
        <div className="page-x py-12 desk:py-16">
          {lead ? (
            <article className="card group relative grid gap-4 p-8 transition hover:shadow-lg desk:grid-cols-[1fr_auto] desk:items-end">
              <div>
                <p className="text-sm font-semibold text-amber-800">Latest</p>
                <h2 className="mt-2 max-w-3xl text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                  <Link
                    to={articleHref(lead.slug)}
                    className="outline-none after:absolute after:inset-0 group-hover:text-brand-700"
                  >
                    {lead.title}
                  </Link>
                </h2>
                <p className="mt-3 max-w-3xl text-lg text-slate-700">{lead.summary}</p>
                <p className="mt-4 text-sm text-slate-600">
                  <time dateTime={new Date(lead.publishedAt).toISOString()}>{longDate(lead.publishedAt)}</time> ·{' '}
                  {lead.readingMinutes} min read · {lead.author}
                </p>
              </div>
              <span className="inline-flex items-center gap-2 font-semibold text-brand-700">
                Read the guide <Icon name="arrow-right" />
              </span>
            </article>
          ) : (
            <p className="card text-slate-700">New guides are on their way. Please check back soon.</p>
          )}
          {rest.length > 0 ? (
            <ul className="mt-6 grid gap-6 md:grid-cols-2 desk:grid-cols-3">
              {rest.map((a) => (
                <li
                  key={a.id}
                  className="card group relative flex flex-col transition hover:-translate-y-0.5 hover:shadow-lg"
                >
                  <p className="text-sm text-slate-600">
                    <time dateTime={new Date(a.publishedAt).toISOString()}>{longDate(a.publishedAt)}</time> ·{' '}
                    {a.readingMinutes} min read
                  </p>
                  <h2 className="mt-3 text-xl leading-snug font-bold text-slate-900">
                    <Link
                      to={articleHref(a.slug)}
                      className="outline-none after:absolute after:inset-0 group-hover:text-brand-700"
                    >
                      {a.title}
                    </Link>
                  </h2>
                  <p className="card-body flex-1">{a.summary}</p>
                  <p className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-brand-700">
                    Read more <Icon name="arrow-right" className="size-4" />
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-10 text-slate-700">
            Looking for community stories and shorter updates? Visit{' '}
            <a
              href={blogUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              our blog
            </a>
            .
          </p>
        </div>
      </div>
    </>
  );
}
