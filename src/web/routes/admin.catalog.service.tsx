import { data } from 'react-router';
import { CatalogServicePage } from '../features/admin/catalog-pages.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.catalog.service';

/** Admins only: one service with everything it shows, each part its own form (decision 0070). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const id = Number(params.serviceId);
  const service =
    Number.isInteger(id) && id > 0 && id < 2 ** 31
      ? await context.get(appContext).services.catalogAdmin.getService(id)
      : null;
  if (!service) throw data('Service not found', { status: 404 });
  return { service };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded?.service.name ?? 'Service'} | Catalog | Back office | SevaDocs` },
];

export default function AdminCatalogServiceRoute({ loaderData }: Route.ComponentProps) {
  return <CatalogServicePage service={loaderData.service} />;
}
