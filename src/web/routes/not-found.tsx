import { data } from 'react-router';
import { describeNotFound, notFoundTitle } from '../../domain/catalog/not-found.ts';
import { LIST_LIMIT, LIST_PAGE } from '../../domain/limits/constants.ts';
import { NotFoundContent } from '../components/not-found-content.tsx';
import { appContext } from '../lib/app-context.ts';
import type { RouteHandle } from '../shell/document.tsx';
import type { Route } from './+types/not-found';

/** Any address no other route answers (the service pages' route answers the shorter ones). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const list = await services.catalog.listServices({ page: LIST_PAGE, limit: LIST_LIMIT });
  return data(describeNotFound(`/${params['*'] ?? ''}`, list.results), { status: 404 });
}

export const handle: RouteHandle = { indexable: () => false };

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: notFoundTitle(loaderData) }];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundContent view={loaderData} />;
}
