import { z } from 'zod';
import { CURRENCIES, type Currency, formatMoney } from '../catalog/money.ts';
import { openApplicationSchema } from './open-application.ts';

export { ORDER_STATUSES } from './status.ts';

/** SPEC.md §4: an application counts as completed unless it is in one of these (any casing). */
const INCOMPLETE = ['payment pending', 'order pending', 'forms incomplete'];
export function isIncompleteStatus(status: string): boolean {
  return INCOMPLETE.includes(status.trim().toLowerCase());
}

/** Statuses after which nothing more happens to an order. */
const CLOSED = ['completed', 'rejected', 'refunded', 'cancelled'];
/** An order still in progress (the dashboard's "active orders"). */
export function isActiveStatus(status: string): boolean {
  return !CLOSED.includes(status.trim().toLowerCase());
}

/** One row of the order history (GET /users/orders) and of the dashboard's recent orders. */
export const orderSummarySchema = z.object({
  id: z.number(),
  /** 'DOC-000123' or 'PHO-000123'. */
  displayId: z.string(),
  kind: z.enum(['service', 'photo']),
  title: z.string(),
  status: z.string(),
  totalCents: z.number(),
  /** What staff's refunds give back of the payment (made, or approved and on its way); 0 when none. */
  refundedCents: z.number(),
  currency: z.enum(CURRENCIES),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/**
 * What an order list says beside an order's total when some or all of it was refunded, in the
 * order's currency as the list's total is, so nobody reads the whole total as kept; null when
 * nothing was.
 */
export function refundedNote({
  refundedCents,
  currency,
}: {
  refundedCents: number;
  currency: Currency;
}): string | null {
  return refundedCents > 0 ? `Refunded ${formatMoney({ amountCents: refundedCents, currency })}` : null;
}

/** GET /users/dashboard data. */
export const dashboardSchema = z.object({
  ordersCount: z.number(),
  activeOrders: z.number(),
  unreadNotifications: z.number(),
  recentOrders: z.array(orderSummarySchema),
  /** Applications still to pay or finish (issue 30 §4), newest first. */
  openApplications: z.array(openApplicationSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * A customer who has not ordered yet: the dashboard shows a first-order call to action in place
 * of its counters (three zeros say nothing) and of an empty order list.
 */
export function isNewCustomer(dashboard: Pick<Dashboard, 'ordersCount'>): boolean {
  return dashboard.ordersCount === 0;
}

/** How many recent orders the dashboard shows. */
export const DASHBOARD_RECENT_ORDERS = 5;
