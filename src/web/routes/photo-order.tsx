import { redirect } from 'react-router';
import { ROUTES } from '../../domain/config/routes.ts';
import type { Route } from './+types/photo-order';

/**
 * SPEC.md §2 names both /photos/photo-order and /photos/photo-enhancement: one page serves a photo
 * order (decision 0065), and this address leads there with its query (?orderId=, ?step=).
 */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`${ROUTES.PHOTO_ENHANCEMENT_ORDER}${search}`, 301);
}
