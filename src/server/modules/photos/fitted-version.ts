import { createHash } from 'node:crypto';
import { isPaidStatus } from '../../../domain/applications/application.ts';
import { photoHeld } from '../../../domain/photos/failed-rules.ts';
import type { Order } from '../orders/service.ts';
import type { PhotoRow } from './repository.ts';

/**
 * Whether the customer's fitted photo is served under stripes (heldPreview): once the order is paid,
 * while a person's check of it is open or after they rejected it. Before payment nobody has been
 * asked yet, and the preview is the photo the customer is deciding on.
 */
export const servedHeld = (order: Pick<Order, 'status'>, row: PhotoRow) => photoHeld(row) && isPaidStatus(order.status);

/**
 * The version of the fitted image as the customer's `fitted` serves it: its file (a new one after
 * every check, as when Background Change is bought or given up) and whether it comes under
 * stripes. A digest of the file's key, not the key: where files are stored stays the server's.
 * Staff links to the same photo name it too (the desk, the second-look queue), so theirs change
 * with the customer's.
 */
export function fittedVersion(order: Pick<Order, 'status'>, row: PhotoRow): string | null {
  if (!row.fittedKey) return null;
  const file = createHash('sha256').update(row.fittedKey).digest('base64url').slice(0, 12);
  return servedHeld(order, row) ? `${file}-held` : file;
}
