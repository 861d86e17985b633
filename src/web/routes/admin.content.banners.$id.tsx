import { data } from 'react-router';
import { CONTENT_MESSAGES } from '../../domain/admin/content.ts';
import { recordId } from '../../domain/admin/record-id.ts';
import { BannerFormPage } from '../features/admin/banner-form-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.content.banners.$id';

/** Admins: a new banner (/admin.content.banners/new) or one to change. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  if (params.id === 'new') return { banner: null };
  const id = recordId(params.id);
  const banner = id !== null ? await context.get(appContext).services.marketing.adminGetBanner(id) : null;
  if (!banner) throw data(CONTENT_MESSAGES.bannerNotFound, { status: 404 });
  return { banner };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.banner?.altText ?? 'New banner'} | Content | Back office | SevaDocs` },
];

export default function AdminBannerRoute({ loaderData }: Route.ComponentProps) {
  return <BannerFormPage key={loaderData.banner?.id ?? 'new'} banner={loaderData.banner} />;
}
