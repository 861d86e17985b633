import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import { DASHBOARD_RECENT_ORDERS, isActiveStatus, type OrderSummary } from '../../../domain/orders/order-summary.ts';
import type { Database } from '../../db/client.ts';
import { createOrdersRepository } from './repository.ts';

type SummaryRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['listForUser']>>[number];

function toSummary(row: SummaryRow): OrderSummary {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The customer's view of their orders: history and dashboard figures (read-only for now). */
export function createOrdersService(db: Database) {
  const repository = createOrdersRepository(db);

  return {
    /**
     * The order a customer names by its id and the e-mail it was placed with (the refund form),
     * or null when either does not match: the caller cannot tell which.
     */
    findByDisplayIdAndEmail(displayId: string, email: string) {
      return repository.findByDisplayIdAndEmail(displayId, email);
    },

    /** Newest first. */
    async listForUser(userId: number, { page, limit }: Pagination): Promise<ListData<OrderSummary>> {
      const [rows, totalCount] = await Promise.all([
        repository.listForUser(userId, (page - 1) * limit, limit),
        repository.countForUser(userId),
      ]);
      return { results: rows.map(toSummary), totalCount, page, limit };
    },

    async summaryForUser(
      userId: number,
    ): Promise<{ ordersCount: number; activeOrders: number; recent: OrderSummary[] }> {
      const [byStatus, recent] = await Promise.all([
        repository.countByStatus(userId),
        repository.listForUser(userId, 0, DASHBOARD_RECENT_ORDERS),
      ]);
      return {
        ordersCount: byStatus.reduce((sum, s) => sum + s.n, 0),
        activeOrders: byStatus.filter((s) => isActiveStatus(s.status)).reduce((sum, s) => sum + s.n, 0),
        recent: recent.map(toSummary),
      };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
