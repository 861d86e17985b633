import { ContentPage } from '../features/admin/content-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.content';

/** Admins: offers and banners in display order, and the articles (decision 0072). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const { marketing, content } = context.get(appContext).services;
  const [offers, banners, articles] = await Promise.all([
    marketing.adminListOffers(),
    marketing.adminListBanners(),
    content.adminListArticles(),
  ]);
  return { offers, banners, articles };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Content | Back office | SevaDocs' }];

export default function AdminContentRoute({ loaderData }: Route.ComponentProps) {
  return <ContentPage offers={loaderData.offers} banners={loaderData.banners} articles={loaderData.articles} />;
}
