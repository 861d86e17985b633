import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from '../../jobs/queue.ts';
import type { TestApp } from '../../test/app.ts';
import { createEventSweep, PAYMENT_EVENT_SWEEP_CRON, PAYMENT_EVENT_SWEEP_QUEUE } from './event-sweep.ts';
import { eventJobGoneAfterMs, PAYMENT_EVENT_QUEUE, PAYMENT_EVENT_RETRY } from './service.ts';
import { paymentWebhookEvents } from './tables.ts';
import { createRazorpayFake } from './testing/razorpay-fake.ts';
import { paymentRecords, razorpayTestApp } from './testing.ts';

const fake = createRazorpayFake();
const { app, razorpayOrder } = razorpayTestApp(fake);
let t: TestApp;
beforeAll(() => {
  t = app();
});

const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const { orderRow, paidMoves, receiptsOf, postEvent } = paymentRecords(() => t, WEBHOOK);
const db = () => t.database.db;
const GONE_AFTER_MS = eventJobGoneAfterMs(PAYMENT_EVENT_RETRY);

/** The stored event of a Razorpay order, received `agoMs` ago. */
async function eventOf(razorpayOrderId: string, agoMs = 0) {
  const where = eq(paymentWebhookEvents.providerPaymentId, razorpayOrderId);
  if (agoMs > 0)
    await db()
      .update(paymentWebhookEvents)
      .set({ receivedAt: new Date(Date.now() - agoMs) })
      .where(where);
  const [event] = await db().select().from(paymentWebhookEvents).where(where);
  if (!event) throw new Error(`no event of ${razorpayOrderId}`);
  return event;
}

/** The event's jobs, as pg-boss keeps them (its state: created, retry, active, completed, failed…). */
async function jobStates(eventId: number): Promise<string[]> {
  const { rows } = await t.database.executeSql(
    `select state from ${JOBS_SCHEMA}.job where name = $1 and (data->>'eventId')::int = $2`,
    [PAYMENT_EVENT_QUEUE, eventId],
  );
  return rows.map((r) => (r as { state: string }).state);
}

/** Runs the sweep as its schedule does: a job on its queue, worked by the payments module. */
async function sweepByJob() {
  await t.app.jobs.send(PAYMENT_EVENT_SWEEP_QUEUE, {});
  await t.runJobs();
}

describe('the sweep of webhook events whose job gave up', () => {
  it('processes an event whose job failed while Razorpay was down: the order is paid, once', async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    const payment = fake.pay(razorpayOrderId);
    expect((await postEvent(fake.webhook('payment.captured', payment))).statusCode).toBe(200);
    const event = await eventOf(razorpayOrderId);
    // Razorpay's API is down for hours: the job's last try fails (its earlier ones, skipped here, too).
    await t.database.executeSql(
      `update ${JOBS_SCHEMA}.job set retry_limit = 0 where name = $1 and (data->>'eventId')::int = $2`,
      [PAYMENT_EVENT_QUEUE, event.id],
    );
    fake.setDown(true);
    try {
      await t.runJobs();
    } finally {
      fake.setDown(false);
    }
    expect(await jobStates(event.id)).toEqual(['failed']);
    expect((await orderRow(order.id))?.status).toBe('Payment pending');

    // Razorpay is back and never sends the event again (we answered 200): the sweep takes it.
    await eventOf(razorpayOrderId, GONE_AFTER_MS + 60_000);
    await sweepByJob();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');
    expect((await eventOf(razorpayOrderId)).processedAt).not.toBeNull();

    // A processed event is not processed again: later passes change nothing.
    await sweepByJob();
    expect(await t.app.services.payments.sweepUnprocessedEvents()).toEqual({ found: 0, processed: 0, failed: 0 });
    expect(await paidMoves(order.id)).toHaveLength(1);
    expect(await receiptsOf(order.displayId)).toHaveLength(1);
  });

  it('leaves an event whose job may still be retrying to that job, and is scheduled every 15 minutes', async () => {
    const { order, razorpayOrderId } = await razorpayOrder();
    await postEvent(fake.webhook('payment.captured', fake.pay(razorpayOrderId)));
    const event = await eventOf(razorpayOrderId, GONE_AFTER_MS - 60_000);
    await t.app.services.payments.sweepUnprocessedEvents();
    expect((await orderRow(order.id))?.status).toBe('Payment pending');
    expect(await jobStates(event.id)).toEqual(['created']);
    await t.runJobs();
    expect((await orderRow(order.id))?.status).toBe('Forms incomplete');

    const { rows } = await t.database.executeSql(`select cron from ${JOBS_SCHEMA}.schedule where name = $1`, [
      PAYMENT_EVENT_SWEEP_QUEUE,
    ]);
    expect(rows).toEqual([{ cron: PAYMENT_EVENT_SWEEP_CRON }]);
  });

  it("outlasts the job's whole retry window (every wait at its longest, every try to its expiry)", () => {
    // E-mail's policy: 11 tries of up to 5 min, waits of 60 s doubling to the 1 h cap; then a margin of 1 h.
    const waits = [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600];
    const tries = 11 * 300;
    expect(GONE_AFTER_MS).toBe((waits.reduce((a, b) => a + b) + tries + 3600) * 1000);
  });

  it('logs what it found at error, and one event failing again does not stop the others', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const stored = async (receivedAt: Date, processedAt: Date | null = null) => {
      const [row] = await db()
        .insert(paymentWebhookEvents)
        .values({ provider: 'sandbox', eventId: `evt_${Math.random()}`, type: 'x', receivedAt, processedAt })
        .returning();
      if (!row) throw new Error('no event stored');
      return row;
    };
    const old = await stored(hoursAgo(8));
    const older = await stored(hoursAgo(9));
    await stored(hoursAgo(1)); // its job may still be retrying
    await stored(hoursAgo(9), hoursAgo(9)); // processed long ago
    const processed: number[] = [];
    const logged: { level: string; details: Record<string, unknown>; message: string }[] = [];
    const sweep = createEventSweep(db(), {
      retry: PAYMENT_EVENT_RETRY,
      async process(eventId) {
        processed.push(eventId);
        if (eventId === older.id) throw new Error('the provider is still down');
      },
      log: {
        warn: (details, message) => logged.push({ level: 'warn', details: details as never, message }),
        error: (details, message) => logged.push({ level: 'error', details: details as never, message }),
      },
    });
    expect(await sweep.sweep()).toEqual({ found: 2, processed: 1, failed: 1 });
    expect(processed).toEqual([older.id, old.id]);
    expect(logged.map((l) => l.level)).toEqual(['warn', 'error']);
    expect(logged[1]).toMatchObject({
      details: { found: 2, failed: 1, events: [{ id: older.id }, { id: old.id }] },
      message: expect.stringContaining('the next sweep retries them'),
    });
  });
});
