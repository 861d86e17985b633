import { data } from 'react-router';
import { CONTENT_MESSAGES } from '../../domain/admin/content.ts';
import { recordId } from '../../domain/admin/record-id.ts';
import { OfferFormPage } from '../features/admin/offer-form-page.tsx';
import { appContext } from '../lib/app-context.ts';
import { PRIVATE_HEADERS, requireStaff } from '../lib/viewer.ts';
import type { Route } from './+types/admin.content.offers.$id';

/** Admins: a new offer (/admin/content/offers/new) or one to change. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, 'admin');
  if (params.id === 'new') return { offer: null };
  const id = recordId(params.id);
  const offer = id !== null ? await context.get(appContext).services.marketing.adminGetOffer(id) : null;
  if (!offer) throw data(CONTENT_MESSAGES.offerNotFound, { status: 404 });
  return { offer };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.offer?.title ?? 'New offer'} | Content | Back office | SevaDocs` },
];

export default function AdminOfferRoute({ loaderData }: Route.ComponentProps) {
  return <OfferFormPage key={loaderData.offer?.id ?? 'new'} offer={loaderData.offer} />;
}
