import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { orderChargedSummaries } from '../orders/tables.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { fakeAnalyse, uploadOciPhoto } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
});
afterAll(() => t.close());

/** A customer's photo order of one checked OCI photo as a Digital Copy, paid through the sandbox. */
async function paidPhotoOrder() {
  const user = await createSignedInUser(t.app);
  const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
  const { id, displayId } = created.json().data as { id: number; displayId: string };
  const base = `/photo-orders/${displayId}`;
  await uploadOciPhoto(t.app, user.token, base);
  await t.runJobs();
  await apiCall(t.app, 'PUT', `${base}/plan`, user.token, { pricingPlanId: 1, options: [] });
  await payWithSandbox(t, user.token, displayId);
  return { user, id, displayId };
}

it("answers a paid photo order's cost summary as it was charged, not priced again by today's list", async () => {
  const { user, id, displayId } = await paidPhotoOrder();
  const [row] = await t.database.db.select().from(orderChargedSummaries).where(eq(orderChargedSummaries.orderId, id));
  if (!row) throw new Error('the paid order has no charged summary');
  // As if it was paid under an earlier price list, a dollar dearer: its stored lines are its record.
  const charged = { ...row.summary, totalCents: row.summary.totalCents + 100 };
  await t.database.db
    .update(orderChargedSummaries)
    .set({ summary: charged })
    .where(eq(orderChargedSummaries.orderId, id));

  const res = await apiCall(t.app, 'GET', `/orders/${displayId}/cost-summary`, user.token);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ totalCents: charged.totalCents, lines: charged.lines, appliedCoupon: null });
});
