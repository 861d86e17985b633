import { data } from 'react-router';
import { ARTICLE_MESSAGES } from '../../domain/admin/content.ts';
import { recordId } from '../../domain/admin/record-id.ts';
import { ArticleFormPage } from '../features/admin/article-form-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.content.articles.$id';

/** Admins: a new article (/admin/content/articles/new) or one to change. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  if (params.id === 'new') return { article: null };
  const id = recordId(params.id);
  const article = id !== null ? await context.get(appContext).services.content.adminGetArticle(id) : null;
  if (!article) throw data(ARTICLE_MESSAGES.notFound, { status: 404 });
  return { article };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.article?.title ?? 'New article'} | Content | Back office | SevaDocs` },
];

export default function AdminArticleRoute({ loaderData }: Route.ComponentProps) {
  return <ArticleFormPage key={loaderData.article?.id ?? 'new'} article={loaderData.article} />;
}
