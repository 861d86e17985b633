import { filterCountries } from '../../domain/admin/countries.ts';
import { adminListQuery } from '../../domain/admin/list-query.ts';
import { CountriesPage } from '../features/admin/countries-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.countries';

/** The list keeps its own order (SPEC.md §7): nothing to sort by. */
const countriesQuery = adminListQuery(['name'] as const);

/** Admins only: the country list, searched and paged on the server by the URL's query. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const query = countriesQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const all = filterCountries(await context.get(appContext).services.countries.list(), query.q);
  const start = (query.page - 1) * query.limit;
  return {
    list: {
      results: all.slice(start, start + query.limit),
      totalCount: all.length,
      page: query.page,
      limit: query.limit,
    },
    query,
  };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Countries | Back office | SevaDocs' }];

export default function AdminCountriesRoute({ loaderData }: Route.ComponentProps) {
  return <CountriesPage list={loaderData.list} query={loaderData.query} />;
}
