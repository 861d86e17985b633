import { data } from 'react-router';
import { PARTNER_MESSAGES } from '../../domain/admin/content.ts';
import { recordId } from '../../domain/admin/record-id.ts';
import { PartnerFormPage } from '../features/admin/partner-form-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.content.partners.$id';

/** Admins: a new partner service (/admin/content/partners/new) or one to change (decision 0075). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  if (params.id === 'new') return { partner: null };
  const id = recordId(params.id);
  const partner = id !== null ? await context.get(appContext).services.marketing.adminGetPartner(id) : null;
  if (!partner) throw data(PARTNER_MESSAGES.notFound, { status: 404 });
  return { partner };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.partner?.name ?? 'New partner service'} | Content | Back office | SevaDocs` },
];

export default function AdminPartnerRoute({ loaderData }: Route.ComponentProps) {
  return <PartnerFormPage key={loaderData.partner?.id ?? 'new'} partner={loaderData.partner} />;
}
