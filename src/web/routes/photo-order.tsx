import { redirect } from 'react-router';
import { ROUTES } from '../../domain/config/routes.ts';
import { pagePathOf } from '../lib/viewer.ts';
import type { Route } from './+types/photo-order';

/**
 * SPEC.md §2 names both /photos/photo-order and /photos/photo-enhancement: one page serves a photo
 * order (decision 0065), and this address leads there with its query (?orderId=, ?step=).
 */
export function loader({ request }: Route.LoaderArgs) {
  // The page's own query, not a client navigation's data request's (`_routes=`).
  const search = pagePathOf(request).split('?')[1];
  return redirect(search ? `${ROUTES.PHOTO_ENHANCEMENT_ORDER}?${search}` : ROUTES.PHOTO_ENHANCEMENT_ORDER, 301);
}
