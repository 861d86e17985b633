import {
  type AdminCoupon,
  type CouponCreate,
  type CouponEdit,
  type CouponListQuery,
  couponProblems,
  COUPON_ADMIN_MESSAGES as M,
} from '../../../domain/admin/coupons.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { Database } from '../../db/client.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import type { OrdersService } from '../orders/service.ts';
import { createCouponsAdminRepository } from './coupons-admin-repository.ts';
import type { CouponRow } from './repository.ts';

/** The fields an audit entry and the API show of a coupon (dates as ISO strings). */
function view(row: CouponRow) {
  return {
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    value: row.value,
    platform: row.platform,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    minimumOrderCents: row.minimumOrderCents,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    isPublic: row.isPublic,
    isActive: row.isActive,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The back office's coupons (issue 13, decision 0070): list with uses, create, edit limits and
 * validity, disable. An edit locks the coupon row, the lock checkout takes to count and redeem,
 * so a limit is never set below uses a racing checkout is taking. Once a coupon has been applied
 * to any order its discount type, value and platform are fixed (they price the orders holding it);
 * its code never changes; rows are never deleted (redemptions refer to them).
 */
export function createCouponsAdmin(
  db: Database,
  {
    audit,
    uses,
    orders,
  }: {
    audit: AuditLog;
    uses: (on: Database, couponId: number) => Promise<number>;
    /** How many orders each coupon is applied to (an order's use of a coupon is the order's). */
    orders: Pick<OrdersService, 'couponUseCounts'>;
  },
) {
  const repository = createCouponsAdminRepository(db);

  async function toAdmin(on: Database, row: CouponRow, redemptions: number): Promise<AdminCoupon> {
    return {
      id: row.id,
      ...view(row),
      uses: redemptions === 0 ? 0 : await uses(on, row.id),
      redemptions,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    /** Paged, sorted, searched by code or description. */
    async list(query: CouponListQuery): Promise<ListData<AdminCoupon>> {
      const { rows, total } = await repository.listPage(query);
      const counts = await orders.couponUseCounts(
        db,
        rows.map((r) => r.id),
      );
      const results: AdminCoupon[] = [];
      for (const row of rows) results.push(await toAdmin(db, row, counts.get(row.id) ?? 0));
      return { results, totalCount: total, page: query.page, limit: query.limit };
    },

    async get(id: number): Promise<AdminCoupon | null> {
      const row = await repository.find(id);
      if (!row) return null;
      return toAdmin(db, row, (await orders.couponUseCounts(db, [id])).get(id) ?? 0);
    },

    async create(actor: StaffActor, input: CouponCreate): Promise<FormResult<AdminCoupon>> {
      try {
        return await db.transaction(async (tx) => {
          const row = await createCouponsAdminRepository(tx).insert({
            ...input,
            startsAt: input.startsAt ? new Date(input.startsAt) : null,
            endsAt: input.endsAt ? new Date(input.endsAt) : null,
          });
          if (!row) throw new Error('the coupon was not stored');
          await audit.record(tx, {
            actor,
            action: 'coupon.create',
            subject: { type: 'coupon', id: row.id },
            after: view(row),
          });
          return { ok: true as const, value: await toAdmin(tx, row, 0) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return formFailure(409, M.codeTaken, { code: M.codeTaken });
        throw error;
      }
    },

    async update(actor: StaffActor, id: number, patch: CouponEdit): Promise<FormResult<AdminCoupon>> {
      return db.transaction(async (tx): Promise<FormResult<AdminCoupon>> => {
        const txRepository = createCouponsAdminRepository(tx);
        const row = await txRepository.lock(id);
        if (!row) return formFailure(404, M.notFound(id));
        const current = view(row);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(patch)) {
          const was = current[key as keyof typeof current];
          if (value === undefined) continue;
          const same =
            (key === 'startsAt' || key === 'endsAt') && value !== null && was !== null
              ? new Date(value as string).getTime() === new Date(was as string).getTime()
              : value === was;
          if (same) continue;
          before[key] = was;
          after[key] = value;
        }
        const next = { ...current, ...after } as typeof current;
        const problems = couponProblems(next);
        const [first] = Object.values(problems);
        if (first) return formFailure(400, first, problems);
        const redemptions = (await orders.couponUseCounts(tx, [id])).get(id) ?? 0;
        const touchesDiscount = ['discountType', 'value', 'platform'].filter((k) => k in after);
        if (redemptions > 0 && touchesDiscount.length > 0) {
          return formFailure(
            409,
            M.discountFixed,
            Object.fromEntries(touchesDiscount.map((k) => [k, M.discountFixed])),
          );
        }
        if ('usageLimit' in after && next.usageLimit !== null && redemptions > 0) {
          const counted = await uses(tx, id);
          if (next.usageLimit < counted) {
            return formFailure(409, M.belowUses(counted), { usageLimit: M.belowUses(counted) });
          }
        }
        if (Object.keys(after).length === 0) return { ok: true, value: await toAdmin(tx, row, redemptions) };
        const updated = await txRepository.update(id, {
          ...after,
          ...('startsAt' in after ? { startsAt: next.startsAt ? new Date(next.startsAt) : null } : {}),
          ...('endsAt' in after ? { endsAt: next.endsAt ? new Date(next.endsAt) : null } : {}),
        });
        if (!updated) return formFailure(404, M.notFound(id));
        await audit.record(tx, {
          actor,
          action: 'coupon.update',
          subject: { type: 'coupon', id },
          before,
          after: Object.fromEntries(Object.keys(after).map((k) => [k, view(updated)[k as keyof typeof current]])),
        });
        return { ok: true, value: await toAdmin(tx, updated, redemptions) };
      });
    },
  };
}
export type CouponsAdmin = ReturnType<typeof createCouponsAdmin>;
