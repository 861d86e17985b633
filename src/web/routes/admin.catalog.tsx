import { CatalogPage } from '../features/admin/catalog-pages.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.catalog';

/** Admins only: every service, the add-on prices (decision 0070) and the general FAQs (0076). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const { catalogAdmin } = context.get(appContext).services;
  const [services, addonPrices, generalFaqs] = await Promise.all([
    catalogAdmin.listServices(),
    catalogAdmin.listAddonPrices(),
    catalogAdmin.listGeneralFaqs(),
  ]);
  return { services, addonPrices, generalFaqs };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Catalog | Back office | SevaDocs' }];

export default function AdminCatalogRoute({ loaderData }: Route.ComponentProps) {
  return (
    <CatalogPage
      services={loaderData.services}
      addonPrices={loaderData.addonPrices}
      generalFaqs={loaderData.generalFaqs}
    />
  );
}
