import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import type {
  PaymentAttemptStatus,
  PaymentMethod,
  PaymentProviderName,
  StrayChargeReason,
} from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import { paymentAttempts, paymentRefunds } from './ledger-tables.ts';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type NewAttempt = typeof paymentAttempts.$inferInsert;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type NewRefund = typeof paymentRefunds.$inferInsert;

/** Refunds still counting against what is left: on their way, or done. */
const COUNTED = ['pending', 'succeeded'] as const;

/** The order's ledger rows: its payment attempts and its refunds. Create it over the caller's `tx` to work in it. */
export function createLedgerRepository(db: Database) {
  /** The newest stray charge with its refund among those `where` picks (one attempt, or an order's), or null. */
  async function newestStrayRefund(where: SQL) {
    const [row] = await db
      .select({ attempt: paymentAttempts, refund: paymentRefunds })
      .from(paymentRefunds)
      .innerJoin(paymentAttempts, eq(paymentRefunds.attemptId, paymentAttempts.id))
      .where(and(where, eq(paymentRefunds.reason, 'stray')))
      .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id))
      .limit(1);
    return row ?? null;
  }

  return {
    async latestAttempt(orderId: number): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(desc(paymentAttempts.attemptNumber))
        .limit(1);
      return row ?? null;
    },

    /**
     * Attempts open at their provider (`pending`, its payment id known) opened before `before`,
     * oldest first, at most `limit`: those whose payment notice may be late or lost.
     */
    openAttemptsBefore(before: Date, limit: number): Promise<AttemptRow[]> {
      return db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.status, 'pending'),
            isNotNull(paymentAttempts.providerPaymentId),
            lte(paymentAttempts.createdAt, before),
          ),
        )
        .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id))
        .limit(limit);
    },

    /** The address the customer last started paying this order from, or null (no attempt kept one). */
    async latestReturnOrigin(orderId: number): Promise<string | null> {
      const [row] = await db
        .select({ origin: paymentAttempts.returnOrigin })
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.orderId, orderId), isNotNull(paymentAttempts.returnOrigin)))
        .orderBy(desc(paymentAttempts.attemptNumber))
        .limit(1);
      return row?.origin ?? null;
    },

    /** Every attempt of the order, oldest first (the order desk's ledger). */
    listAttempts(orderId: number): Promise<AttemptRow[]> {
      return db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(asc(paymentAttempts.attemptNumber));
    },

    /** Marks the order's attempts in `open` statuses (but `keep`) superseded; answers their ids. */
    async supersedeOpen(
      orderId: number,
      open: readonly PaymentAttemptStatus[],
      keep: number | null,
    ): Promise<number[]> {
      const rows = await db
        .update(paymentAttempts)
        .set({ status: 'superseded' })
        .where(
          and(
            eq(paymentAttempts.orderId, orderId),
            inArray(paymentAttempts.status, [...open]),
            keep === null ? undefined : ne(paymentAttempts.id, keep),
          ),
        )
        .returning({ id: paymentAttempts.id });
      return rows.map((r) => r.id);
    },

    async insertAttempt(values: NewAttempt): Promise<AttemptRow> {
      const [row] = await db.insert(paymentAttempts).values(values).returning();
      if (!row) throw new Error('payment attempt insert returned nothing');
      return row;
    },

    /**
     * Records what the provider created for an attempt still `created` (a concurrent call may have
     * recorded it first: the provider answered both the same, by the attempt's key) and opens it.
     */
    async recordCreated(
      id: number,
      created: Pick<AttemptRow, 'providerPaymentId' | 'redirectUrl' | 'checkout'>,
    ): Promise<AttemptRow> {
      await db
        .update(paymentAttempts)
        .set({ ...created, status: 'pending' })
        .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'created')));
      return this.attempt(id);
    },

    /** The provider's id, learned after the create call (Square's charge, an early event). */
    async recordProviderPayment(id: number, providerPaymentId: string) {
      await db
        .update(paymentAttempts)
        .set({ providerPaymentId })
        .where(and(eq(paymentAttempts.id, id), isNull(paymentAttempts.providerPaymentId)));
    },

    async attempt(id: number): Promise<AttemptRow> {
      const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
      if (!row) throw new Error(`payment attempt ${id} vanished`);
      return row;
    },

    async findAttemptByKey(provider: PaymentProviderName, idempotencyKey: string): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },

    async findAttemptByProviderPayment(provider: PaymentProviderName, providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerPaymentId, providerPaymentId)));
      return row ?? null;
    },

    /** The attempt, locked for the rest of the transaction. */
    async lockAttempt(id: number): Promise<AttemptRow | null> {
      const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
      return row ?? null;
    },

    /** The attempt's new status, with how it was paid when the provider took money (`paid`). */
    async setAttemptStatus(
      id: number,
      status: PaymentAttemptStatus,
      paid?: { cardFingerprint?: string; method?: PaymentMethod; strayReason?: StrayChargeReason },
    ) {
      await db
        .update(paymentAttempts)
        .set({
          status,
          ...(paid?.cardFingerprint ? { cardFingerprint: paid.cardFingerprint } : {}),
          ...(paid?.method ? { method: paid.method } : {}),
          ...(paid?.strayReason ? { strayReason: paid.strayReason } : {}),
        })
        .where(eq(paymentAttempts.id, id));
    },

    /** The distinct card fingerprints of the orders' successful attempts. */
    async cardFingerprints(orderIds: readonly number[]): Promise<string[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ fingerprint: paymentAttempts.cardFingerprint })
        .from(paymentAttempts)
        .where(
          and(
            inArray(paymentAttempts.orderId, [...orderIds]),
            eq(paymentAttempts.status, 'succeeded'),
            isNotNull(paymentAttempts.cardFingerprint),
          ),
        );
      return rows.flatMap((r) => (r.fingerprint ? [r.fingerprint] : []));
    },

    /** The order's latest succeeded attempt: the payment its refunds are taken from. */
    async paidAttempt(orderId: number): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'succeeded')))
        .orderBy(desc(paymentAttempts.attemptNumber))
        .limit(1);
      return row ?? null;
    },

    /**
     * What the attempt's refunds add up to, in the order's currency and in the charge's: those still
     * counting against what is left, or with `returned`, only those the provider has made.
     */
    async counted(attemptId: number, { returned = false } = {}): Promise<{ cents: number; providerCents: number }> {
      const statuses = returned ? ['succeeded' as const] : [...COUNTED];
      const [row] = await db
        .select({
          cents: sum(paymentRefunds.amountCents).mapWith(Number),
          providerCents: sum(paymentRefunds.providerAmountCents).mapWith(Number),
        })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.attemptId, attemptId), inArray(paymentRefunds.status, statuses)));
      return { cents: row?.cents ?? 0, providerCents: row?.providerCents ?? 0 };
    },

    async insertRefund(values: NewRefund): Promise<void> {
      await db.insert(paymentRefunds).values(values);
    },

    /** Reserves a refund once: a second one under the same key (a stray charge's replay) is not written. */
    async insertRefundOnce(values: NewRefund): Promise<void> {
      await db.insert(paymentRefunds).values(values).onConflictDoNothing({ target: paymentRefunds.idempotencyKey });
    },

    async findRefundByKey(key: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      return row;
    },

    async findRefundByProviderId(providerRefundId: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.providerRefundId, providerRefundId));
      return row;
    },

    async findRefund(id: number): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
      return row;
    },

    /** A failed refund tried again: waiting for the provider once more. */
    async markRefundPending(id: number): Promise<void> {
      await db.update(paymentRefunds).set({ status: 'pending' }).where(eq(paymentRefunds.id, id));
    },

    /**
     * Claims the provider call of a refund not yet made, for `leaseMs`: its deadline, which names
     * the claim, or null while another process's claim holds (the database's clock, the same for
     * every process; whole milliseconds, so the deadline read back compares equal).
     */
    async claimRefundCall(id: number, leaseMs: number): Promise<Date | null> {
      const [claimed] = await db
        .update(paymentRefunds)
        .set({ callingUntil: sql`date_trunc('milliseconds', now() + make_interval(secs => ${leaseMs / 1000}))` })
        .where(
          and(
            eq(paymentRefunds.id, id),
            ne(paymentRefunds.status, 'succeeded'),
            or(isNull(paymentRefunds.callingUntil), lte(paymentRefunds.callingUntil, sql`now()`)),
          ),
        )
        .returning({ callingUntil: paymentRefunds.callingUntil });
      return claimed?.callingUntil ?? null;
    },

    /**
     * Ends the claim `claim` (not a later one another process took after it ran out) without an
     * answer to record; `unclear`: the call may have refunded, which no later refusal undoes.
     */
    async releaseRefundCall(id: number, claim: Date, { unclear }: { unclear: boolean }): Promise<void> {
      await db
        .update(paymentRefunds)
        .set({ callingUntil: null, ...(unclear ? { mayHaveRefunded: true } : {}) })
        .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.callingUntil, claim)));
    },

    async markRefundSucceeded(id: number, providerRefundId: string): Promise<void> {
      await db
        .update(paymentRefunds)
        .set({ status: 'succeeded', providerRefundId, callingUntil: null })
        .where(eq(paymentRefunds.id, id));
    },

    /**
     * Marks the refund failed and ends the claim `claim`, unless the refund was made, a call of it
     * may have made it, or the claim is no longer this one; false then.
     */
    async markRefundFailed(id: number, claim: Date): Promise<boolean> {
      const [failed] = await db
        .update(paymentRefunds)
        .set({ status: 'failed', callingUntil: null })
        .where(
          and(
            eq(paymentRefunds.id, id),
            ne(paymentRefunds.status, 'succeeded'),
            eq(paymentRefunds.mayHaveRefunded, false),
            eq(paymentRefunds.callingUntil, claim),
          ),
        )
        .returning({ id: paymentRefunds.id });
      return failed !== undefined;
    },

    /** A stray attempt with its refund, for the customer's e-mail. */
    strayRefund(attemptId: number) {
      return newestStrayRefund(eq(paymentAttempts.id, attemptId));
    },

    /** The order's newest stray charge with its refund (by when it was found stray), or null. */
    latestStrayRefund(orderId: number) {
      return newestStrayRefund(eq(paymentRefunds.orderId, orderId));
    },

    /** Every stray charge of the order with its refund, oldest first (the customer's order page). */
    orderStrayRefunds(orderId: number) {
      return db
        .select({ attempt: paymentAttempts, refund: paymentRefunds })
        .from(paymentRefunds)
        .innerJoin(paymentAttempts, eq(paymentRefunds.attemptId, paymentAttempts.id))
        .where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.reason, 'stray')))
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
    },

    /** Every refund of the order, oldest first. */
    listRefunds(orderId: number) {
      return db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.orderId, orderId))
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
    },

    /**
     * Refunds of stray charges across orders, with their attempt (the back office's refunds
     * section), newest first: every one not made yet, whatever its age (its Retry and record-by-hand
     * live only in this list: a failed one must not drop off it), then the newest `limit` made.
     */
    listStrayRefunds(limit: number) {
      const strays = (made: boolean) =>
        db
          .select({
            refund: paymentRefunds,
            provider: paymentAttempts.provider,
            attempt: paymentAttempts.attemptNumber,
          })
          .from(paymentRefunds)
          .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentRefunds.attemptId))
          .where(
            and(
              eq(paymentRefunds.reason, 'stray'),
              made ? eq(paymentRefunds.status, 'succeeded') : ne(paymentRefunds.status, 'succeeded'),
            ),
          )
          .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id));
      return Promise.all([strays(false), strays(true).limit(limit)]).then(([open, made]) => [...open, ...made]);
    },

    /** Every order's attempts, counted by provider and status. */
    countAttempts() {
      return db
        .select({ provider: paymentAttempts.provider, status: paymentAttempts.status, count: count() })
        .from(paymentAttempts)
        .groupBy(paymentAttempts.provider, paymentAttempts.status);
    },

    /** Every order's refunds, counted by their attempt's provider, their reason and their status. */
    countRefunds() {
      return db
        .select({
          provider: paymentAttempts.provider,
          reason: paymentRefunds.reason,
          status: paymentRefunds.status,
          count: count(),
        })
        .from(paymentRefunds)
        .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentRefunds.attemptId))
        .groupBy(paymentAttempts.provider, paymentRefunds.reason, paymentRefunds.status);
    },
  };
}
