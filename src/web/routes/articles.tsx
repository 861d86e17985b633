import { lazy } from 'react';
import { useLoaderData } from 'react-router';
import { StaticIsland } from '../components/ui/static-island.tsx';
import type { ArticlesListProps } from '../features/articles/articles-list.tsx';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/articles';

const ServerList = import.meta.env.SSR
  ? (await import('../features/articles/articles-list.tsx')).ArticlesList
  : undefined;
const ClientList = lazy(() =>
  import('../features/articles/articles-list.tsx').then((m) => ({ default: m.ArticlesList })),
);

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { results } = await app.services.content.listArticles({ page: 1, limit: 100 });
  return { articles: results, blogUrl: app.publicConfig.blogUrl };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Articles: OCI, Indian passport and visa guides | SevaDocs' },
  {
    name: 'description',
    content:
      'Guides to OCI documents, Indian passport fees from 1 July 2026, renunciation and the Indian e-Visa, written by the SevaDocs consular specialists.',
  },
];

export default function Articles() {
  const data = useLoaderData<typeof loader>();
  return <StaticIsland<ArticlesListProps> server={ServerList} client={ClientList} props={data} />;
}
