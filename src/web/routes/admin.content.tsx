import { ContentPage } from '../features/admin/content-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.content';

/** Admins: offers, banners, partner services and the team in display order, and the articles (decisions 0072, 0075). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  const { marketing, content } = context.get(appContext).services;
  const [offers, banners, articles, partners, team] = await Promise.all([
    marketing.adminListOffers(),
    marketing.adminListBanners(),
    content.adminListArticles(),
    marketing.adminListPartners(),
    content.adminListTeam(),
  ]);
  return { offers, banners, articles, partners, team };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [{ title: 'Content | Back office | SevaDocs' }];

export default function AdminContentRoute({ loaderData }: Route.ComponentProps) {
  return <ContentPage {...loaderData} />;
}
