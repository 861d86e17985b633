import { lazy } from 'react';
import { data, isRouteErrorResponse, useLoaderData } from 'react-router';
import { describeNotFound, type NotFoundView } from '../../domain/catalog/not-found.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import { ARTICLE_SLUG_PATTERN } from '../../domain/content/schemas.ts';
import { NotFoundAnswer } from '../components/not-found-answer.tsx';
import { StaticIsland } from '../components/ui/static-island.tsx';
import type { ArticlePage as ArticlePageComponent } from '../features/articles/article-page.tsx';
import { articleJsonLd } from '../features/articles/json-ld.ts';
import { appContext } from '../lib/app-context.ts';
import type { RouteHandle } from '../shell/document.tsx';
import { ERROR_PAGE_TITLE, ErrorAnswer } from '../shell/error-page.tsx';
import type { Route } from './+types/article';

const ServerArticle = import.meta.env.SSR
  ? (await import('../features/articles/article-page.tsx')).ArticlePage
  : undefined;
const ClientArticle = lazy(() =>
  import('../features/articles/article-page.tsx').then((m) => ({ default: m.ArticlePage })),
);

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const slug = params.slug.toLowerCase();
  const article = ARTICLE_SLUG_PATTERN.test(slug) ? await app.services.content.getArticle(slug) : null;
  if (!article) throw data(describeNotFound(`/articles/${params.slug}`, []), { status: 404 });
  return { article, url: `${app.publicConfig.siteUrl}/articles/${article.slug}` };
}

/** /articles/OCI-Card… and /articles/oci-card… are one page: the canonical path uses the stored slug. */
export const handle: RouteHandle = {
  canonicalPath: (loaderData) => `/articles/${(loaderData as Awaited<ReturnType<typeof loader>>).article.slug}`,
  // Undefined data: the loader threw (an unknown article) and the error boundary shows.
  indexable: (loaderData) => loaderData !== undefined,
};

/** The loader's not-found answer (an unknown slug), as opposed to a failure. */
function notFoundOf(error: unknown): NotFoundView | undefined {
  return isRouteErrorResponse(error) && error.status === 404 && error.data ? (error.data as NotFoundView) : undefined;
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData
    ? [
        { title: `${loaderData.article.title} | SevaDocs` },
        { name: 'description', content: loaderData.article.summary },
        { property: 'og:title', content: loaderData.article.title },
        { property: 'og:description', content: loaderData.article.summary },
        { property: 'og:type', content: 'article' },
        { 'script:ld+json': articleJsonLd(loaderData.article, loaderData.url) },
      ]
    : [{ title: notFoundOf(error) ? 'Article not found | SevaDocs' : ERROR_PAGE_TITLE }];

export default function ArticleRoute() {
  const { article } = useLoaderData<typeof loader>();
  return (
    // Keyed by slug: moving from one article to another renders the new one instead of keeping the frozen HTML.
    <StaticIsland<Parameters<typeof ArticlePageComponent>[0]>
      key={article.slug}
      server={ServerArticle}
      client={ClientArticle}
      props={{ article }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = notFoundOf(error);
  if (notFound) {
    return <NotFoundAnswer view={notFound} action={{ label: 'See all our articles', to: ROUTES.ARTICLES }} />;
  }
  return <ErrorAnswer error={error} />;
}
