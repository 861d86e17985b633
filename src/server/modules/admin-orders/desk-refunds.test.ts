import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESK_REFUND_MESSAGES, namedRefundOf } from '../../../domain/admin/refunds.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, startApplication } from '../applications/testing.ts';
import { createSignedInUser, uniqueEmail } from '../auth/testing.ts';
import { paymentRefunds } from '../orders/ledger-tables.ts';
import { sandboxPayments, sandboxRefunds } from '../payments/tables.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { refundRequests } from '../refunds/tables.ts';
import { requestRefund } from '../refunds/testing.ts';
import { createStaffUser } from '../users/testing.ts';

let t: TestApp;
let staff: { token: string };
beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaffUser(t.app, t.database.db, 'staff');
});
afterAll(() => t.close());

const reason = 'We could not book the consulate appointment you needed.';
const asStaff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  apiCall(t.app, method, url, staff.token, payload);
const requestsOf = (orderId: number) =>
  t.database.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));
/** The one request the desk's refund opened for the order. */
async function deskRequestOf(orderId: number) {
  const [request] = await requestsOf(orderId);
  if (!request) throw new Error('the desk opened no request');
  return request;
}
const setSandboxPayment = (paymentId: string, status: 'failed' | 'succeeded') =>
  t.database.db.update(sandboxPayments).set({ status }).where(eq(sandboxPayments.id, paymentId));

describe('a refund started on the desk that the payment provider refuses (decision 0187, Later)', () => {
  it('answers 502 naming the request it reopened, which waits on the refunds desk and the order desk', async () => {
    const customer = await createSignedInUser(t.app, { name: 'Dev Refused', email: uniqueEmail('dev') });
    const order = await startApplication(t.app, customer.token);
    const paymentId = await payWithSandbox(t, customer.token, order.displayId);
    // The provider's side no longer has a completed payment (refunded outside the app, say): it refuses.
    await setSandboxPayment(paymentId, 'failed');

    const res = await asStaff('POST', `/admin/orders/${order.displayId}/refunds`, {
      amountCents: 1234,
      reason,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(502);
    const request = await deskRequestOf(order.id);
    expect(request.reference).toMatch(/^RF-/);
    expect(res.json()).toEqual({
      isSuccess: false,
      statusCode: 502,
      message: `The payment provider did not make the refund, so nothing was refunded. Refund request ${request.reference} is open again on the refunds desk: decide it there.`,
      data: null,
      errors: {
        refundRequest: request.reference,
        refundRequestId: String(request.id),
        refundRequestStatus: 'In review',
      },
    });
    expect(res.json().message).toBe(DESK_REFUND_MESSAGES.providerFailed(request.reference));
    expect(namedRefundOf(res.json().errors)).toEqual({
      id: request.id,
      reference: request.reference,
      status: 'In review',
    });

    // Nothing went back, and the customer was told nothing.
    expect(await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId))).toEqual(
      [],
    );
    const ledger = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(ledger.map((r) => [r.amountCents, r.status])).toEqual([[1234, 'failed']]);
    const mails = await t.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.key, `refund-decision:${request.reference}:refunded`));
    expect(mails).toEqual([]);

    // Open on the refunds desk: in its list of requests waiting, and on its own page, undecided.
    const open = (await asStaff('GET', `/admin/refunds?q=${request.reference}&status=open`)).json().data.results;
    expect(open.map((r: { id: number; status: string; origin: string }) => [r.id, r.status, r.origin])).toEqual([
      [request.id, 'In review', 'staff'],
    ]);
    const detail = (await asStaff('GET', `/admin/refunds/${request.id}`)).json().data;
    expect(detail.request).toMatchObject({ status: 'In review', approvedCents: null, amountCents: 1234, reason });
    expect(detail.refundable.refundedCents).toBe(0);

    // The order desk lists it among the order's refunds, with its link, as the request waiting.
    const desk = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    expect(desk.openRefund).toEqual({
      id: request.id,
      reference: request.reference,
      status: 'In review',
      amountCents: 1234,
    });

    // Decided there once the provider can refund: one refund, under the request's key.
    await setSandboxPayment(paymentId, 'succeeded');
    const approved = await asStaff('POST', `/admin/refunds/${request.id}/approve`, { amountCents: 1234 });
    expect(approved.statusCode, approved.body).toBe(200);
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given.map((r) => r.amountCents)).toEqual([1234]);
    expect((await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.openRefund).toBeNull();
  });
});

describe('a refund started on the desk that the payment provider answers unclearly (decision 0191)', () => {
  it('answers 502 naming the request left Approved, lists it on the order desk, and refuses a second refund until it is finished', async () => {
    const customer = await createSignedInUser(t.app, { name: 'Ira Unclear', email: uniqueEmail('ira') });
    const order = await startApplication(t.app, customer.token);
    const paymentId = await payWithSandbox(t, customer.token, order.displayId);
    const sandbox = t.app.services.sandbox?.provider;
    if (!sandbox) throw new Error('the sandbox is not configured');
    // A 503 after the provider may have refunded: nobody knows whether the money went.
    const unclear = vi
      .spyOn(sandbox, 'refund')
      .mockRejectedValueOnce(Object.assign(new Error('provider answered 503'), { statusCode: 503 }));
    const res = await asStaff('POST', `/admin/orders/${order.displayId}/refunds`, {
      amountCents: 1500,
      reason,
      idempotencyKey: randomUUID(),
    });
    unclear.mockRestore();
    expect(res.statusCode, res.body).toBe(502);
    const request = await deskRequestOf(order.id);
    expect(request.status).toBe('Approved');
    expect(res.json()).toMatchObject({
      message: `The payment provider did not answer clearly, so the refund may have been made. Refund ${request.reference} stays approved: retry it on the refunds desk, and the provider makes it at most once.`,
      errors: {
        refundRequest: request.reference,
        refundRequestId: String(request.id),
        refundRequestStatus: 'Approved',
      },
    });
    expect(res.json().message).toBe(DESK_REFUND_MESSAGES.providerUnclear(request.reference));
    expect(namedRefundOf(res.json().errors)).toEqual({
      id: request.id,
      reference: request.reference,
      status: 'Approved',
    });

    // On the order desk: not a request waiting for a decision, nor a decided one, but an unfinished refund.
    const desk = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    expect(desk.openRefund).toBeNull();
    expect(desk.decidedRefunds).toEqual([]);
    expect(desk.unfinishedRefunds).toEqual([
      { id: request.id, reference: request.reference, approvedCents: 1500, origin: 'staff' },
    ]);

    // A second refund from the desk meanwhile could give the same money back twice: refused, nothing stored.
    const second = await asStaff('POST', `/admin/orders/${order.displayId}/refunds`, {
      amountCents: 1500,
      reason,
      idempotencyKey: randomUUID(),
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(
      `Refund ${request.reference} of this order (started on the desk) is approved, but the payment provider's answer is not recorded: retry it or record it on the refunds desk before starting another.`,
    );
    expect(second.json().message).toBe(DESK_REFUND_MESSAGES.unfinished(request.reference, 'staff'));
    expect(await requestsOf(order.id)).toHaveLength(1);

    // Retried on the refunds desk under the same key: refunded once, and the desk lists it as decided.
    const retried = await asStaff('POST', `/admin/refunds/${request.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    const given = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
    expect(given.map((r) => r.amountCents)).toEqual([1500]);
    const after = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    expect(after.unfinishedRefunds).toEqual([]);
    expect(after.decidedRefunds.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [request.id, 'Refunded'],
    ]);
  });
});

describe("a customer's refund request approved on the refunds desk, its answer unclear", () => {
  it("blocks a refund from the order desk and is named as the customer's, there and in the refusal", async () => {
    const customer = await createSignedInUser(t.app, { name: 'Mira Asked', email: uniqueEmail('mira') });
    const order = await startApplication(t.app, customer.token);
    await payWithSandbox(t, customer.token, order.displayId);
    const request = await requestRefund(t, customer.email, order.displayId, '10.00');
    const sandbox = t.app.services.sandbox?.provider;
    if (!sandbox) throw new Error('the sandbox is not configured');
    const unclear = vi
      .spyOn(sandbox, 'refund')
      .mockRejectedValueOnce(Object.assign(new Error('provider answered 503'), { statusCode: 503 }));
    const approved = await asStaff('POST', `/admin/refunds/${request.id}/approve`, { amountCents: 1000 });
    unclear.mockRestore();
    expect(approved.statusCode, approved.body).toBe(502);

    const desk = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    expect(desk.unfinishedRefunds).toEqual([
      { id: request.id, reference: request.reference, approvedCents: 1000, origin: 'customer' },
    ]);
    const fromDesk = await asStaff('POST', `/admin/orders/${order.displayId}/refunds`, {
      amountCents: 500,
      reason,
      idempotencyKey: randomUUID(),
    });
    expect(fromDesk.statusCode, fromDesk.body).toBe(409);
    expect(fromDesk.json().message).toBe(
      `Refund ${request.reference} of this order (asked for by the customer) is approved, but the payment provider's answer is not recorded: retry it or record it on the refunds desk before starting another.`,
    );
    expect(fromDesk.json().message).toBe(DESK_REFUND_MESSAGES.unfinished(request.reference, 'customer'));
    expect(await requestsOf(order.id)).toHaveLength(1);
  });
});
