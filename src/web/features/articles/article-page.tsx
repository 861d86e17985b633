import { Link } from 'react-router';
import type { Article } from '../../../domain/content/schemas.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { longDate } from '../../lib/format-date.ts';

/** One article: its Markdown was rendered to safe HTML on the server (raw HTML escaped, links checked). */
export function ArticlePage({ article }: { article: Article }) {
  const published = new Date(article.publishedAt);
  return (
    <article>
      <header className="border-b border-slate-200 bg-brand-50">
        <div className="mx-auto max-w-3xl px-4 pt-8 pb-12 sm:px-6">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <ol className="flex flex-wrap items-center gap-2">
              <li>
                <Link to="/" className="hover:text-brand-700 hover:underline">
                  Home
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li>
                <Link to="/articles" className="hover:text-brand-700 hover:underline">
                  Articles
                </Link>
              </li>
            </ol>
          </nav>
          <h1 className="mt-6 text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-[2.6rem]">
            {article.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{article.summary}</p>
          <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="font-semibold text-slate-800">{article.author}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={published.toISOString()}>{longDate(published)}</time>
            <span aria-hidden="true">·</span>
            <span>{article.readingMinutes} min read</span>
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from Markdown with raw HTML escaped and unsafe links dropped (content/markdown.ts). */}
        <div className="prose-seva" dangerouslySetInnerHTML={{ __html: article.html }} />
        {article.service ? (
          <aside aria-labelledby="article-cta" className="on-dark mt-12 rounded-2xl bg-brand-800 p-6 text-white sm:p-8">
            <h2 id="article-cta" className="text-xl font-bold">
              Let a specialist handle your {article.service.name}
            </h2>
            <p className="mt-2 text-brand-100">
              See every package with the government fee, the third-party charges and our fee listed separately.
            </p>
            <Link
              to={`/${article.service.slug}`}
              className="btn-primary mt-5 bg-white text-brand-800 hover:bg-brand-50"
            >
              See {article.service.name} packages <Icon name="arrow-right" />
            </Link>
          </aside>
        ) : null}
        <p className="mt-10 text-sm text-slate-600">
          Rules and fees change. This guide was accurate on {longDate(article.updatedAt)}; always check the consulate’s
          own page or ask us before you apply.
        </p>
        <Link
          to="/articles"
          className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
        >
          <Icon name="arrow-left" className="size-4" /> All articles
        </Link>
      </div>
    </article>
  );
}
