import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { PAYMENT_MESSAGES as P } from '../../../domain/payments/payment.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, startApplication } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { paymentAttempts } from '../orders/ledger-tables.ts';
import { fakeAnalyse, uploadOciPhoto } from '../photos/testing.ts';
import { sandboxPayments } from './tables.ts';

/**
 * The total the customer's page showed, sent with Pay (review r68c S1): a payment never charges a
 * total the page did not show. The order changed in another tab is refused, with nothing opened
 * and no provider asked; the total shown now is paid as ever.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
});
afterAll(() => t.close());

const attemptsOf = (orderId: number) =>
  t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
/** What the sandbox provider was asked to create for the order (each create call is a row). */
const providerPaymentsOf = (displayId: string) =>
  t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderDisplayId, displayId));

/** A customer's photo order with one checked OCI photo, on Digital Copy: payable as it stands. */
async function photoOrder() {
  const user = await createSignedInUser(t.app);
  const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
  expect(created.statusCode).toBe(201);
  const order = created.json().data as { id: number; displayId: string };
  const base = `/photo-orders/${order.displayId}`;
  await uploadOciPhoto(t.app, user.token, base);
  await t.runJobs();
  const read = await apiCall(t.app, 'GET', base, user.token);
  return { user, order, base, totalCents: read.json().data.totalCents as number };
}

describe('starting a payment with the total the page showed', () => {
  it('refuses a photo order whose total changed in another tab (409, the new total named): no attempt, no provider call', async () => {
    const { user, order, base, totalCents: shown } = await photoOrder();
    // The other tab: back to step 2, Photo Optimize ticked.
    const changed = await apiCall(t.app, 'PUT', `${base}/plan`, user.token, {
      pricingPlanId: 1,
      options: ['photo-optimize'],
    });
    const now = changed.json().data.totalCents as number;
    expect(now).toBeGreaterThan(shown);

    const refused = await apiCall(t.app, 'POST', `${base}/payment`, user.token, {
      shownTotal: { amountCents: shown, currency: 'USD' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(P.totalChanged(formatMoney({ amountCents: now, currency: 'USD' })));
    expect(refused.json().message).toBe(
      `The total changed to ${formatMoney({ amountCents: now, currency: 'USD' })} since this page was opened (the order was changed in another tab or window). Check your order and pay again.`,
    );
    expect(await attemptsOf(order.id)).toEqual([]);
    expect(await providerPaymentsOf(order.displayId)).toEqual([]);

    // The page read again shows the new total: paying it starts the payment, at the server's own total.
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        apiCall(t.app, 'POST', `${base}/payment`, user.token, { shownTotal: { amountCents: now, currency: 'USD' } }),
      ),
    );
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(a?.json().data).toMatchObject({ state: 'PENDING', amountCents: now, currency: 'USD' });
    // A double submit still answers one attempt, at the provider once.
    expect(b?.json().data.redirectUrl).toBe(a?.json().data.redirectUrl);
    expect(await attemptsOf(order.id)).toHaveLength(1);
    expect(await providerPaymentsOf(order.displayId)).toHaveLength(1);
  });

  it('refuses a total the order no longer reaches (prints dropped in another tab), and the same figure in another currency', async () => {
    const { user, order, base, totalCents } = await photoOrder();
    const pay = (shownTotal: object) => apiCall(t.app, 'POST', `${base}/payment`, user.token, { shownTotal });
    // The page showed more than the order now costs: a lower total is not charged unseen either.
    const lower = await pay({ amountCents: totalCents + 3000, currency: 'USD' });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(P.totalChanged(formatMoney({ amountCents: totalCents, currency: 'USD' })));
    const otherCurrency = await pay({ amountCents: totalCents, currency: 'CAD' });
    expect(otherCurrency.statusCode).toBe(409);
    expect(await attemptsOf(order.id)).toEqual([]);
    expect((await pay({ amountCents: totalCents, currency: 'USD' })).statusCode).toBe(200);
  });

  it('refuses a service application whose add-ons changed in another tab, on the order core’s path too', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const shown = order.price.totalCents;
    const chosen = await apiCall(t.app, 'PUT', `/orders/${order.displayId}/add-ons`, user.token, {
      addOns: [{ addon: 'Expedite' }],
    });
    expect(chosen.statusCode).toBe(200);
    const now = chosen.json().data.totalCents as number;
    expect(now).not.toBe(shown);

    for (const path of [`/application/order/${order.displayId}`, `/orders/${order.displayId}`]) {
      const refused = await apiCall(t.app, 'POST', `${path}/payment`, user.token, {
        shownTotal: { amountCents: shown, currency: 'USD' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(P.totalChanged(formatMoney({ amountCents: now, currency: 'USD' })));
    }
    expect(await attemptsOf(order.id)).toEqual([]);
    expect(await providerPaymentsOf(order.displayId)).toEqual([]);

    const started = await apiCall(t.app, 'POST', `/orders/${order.displayId}/payment`, user.token, {
      shownTotal: { amountCents: now, currency: 'USD' },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.amountCents).toBe(now);
  });

  it('answers a malformed total with a 400, and starts nothing', async () => {
    const { user, order, base } = await photoOrder();
    const res = await apiCall(t.app, 'POST', `${base}/payment`, user.token, {
      shownTotal: { amountCents: '9.99', currency: 'USD' },
    });
    expect(res.statusCode).toBe(400);
    expect(await attemptsOf(order.id)).toEqual([]);
  });
});
