import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEES_PAID_MESSAGES as M } from '../../../domain/applications/fees-paid.ts';
import { POSTING_ADDRESS_MESSAGES } from '../../../domain/applications/posting-address.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { applicationOrders } from '../applications/tables.ts';
import { apiCall, missionOrder, moveOrderTo, ordersWithoutAPaidMissionFile } from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { createStaffUser } from '../users/testing.ts';

let t: TestApp;
let staff: { token: string; email: string; id: number };
beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaffUser(t.app, t.database.db, 'staff');
}, 60_000);
afterAll(() => t.close());

const REFERENCE = 'VFS-WAS-2026-004211';
const ADDRESS = ['VFS Global', '1025 Vermont Avenue NW, Suite 700', 'Washington, DC 20005'];

const record = (token: string, ref: string, reference: unknown) =>
  apiCall(t.app, 'PUT', `/admin/orders/${ref}/fees-paid`, token, { reference });

const auditOf = (ref: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, ref), eq(auditLog.action, 'order.fees-paid')))
    .orderBy(asc(auditLog.id));

const rowOf = async (orderId: number) =>
  (await t.database.db.select().from(applicationOrders).where(eq(applicationOrders.orderId, orderId)))[0];

describe('PUT /admin/orders/{ref}/fees-paid', () => {
  it('answers a visitor 401 and a customer 403 before reading the body', async () => {
    const { customer, order } = await missionOrder(t.app);
    // A body the route would refuse (400) is never read: the role is checked on arrival.
    expect((await record('', order.displayId, 42)).statusCode).toBe(401);
    const refused = await record(customer.token, order.displayId, 42);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have access to this page.');
    expect((await rowOf(order.id))?.feesPaidReference).toBeNull();
  });

  it('refuses a reference that is missing, too short or long, or holds a character that cannot be printed', async () => {
    const { order } = await missionOrder(t.app);
    const cases: [reference: unknown, message: string][] = [
      [undefined, M.referenceRequired],
      ['   ', M.referenceRequired],
      ['AB', M.referenceLength],
      ['x'.repeat(61), M.referenceLength],
      ['VFS\t2026', M.controlCharacter],
      ['VFS\u200b2026', M.controlCharacter],
    ];
    for (const [reference, message] of cases) {
      const res = await record(staff.token, order.displayId, reference);
      expect(res.statusCode, JSON.stringify(reference)).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { reference: message } });
    }
    expect(M.referenceLength).toBe('Enter the centre’s reference in 3 to 60 characters');
    expect(await auditOf(order.displayId)).toEqual([]);
  });

  it('refuses an e-Visa, a photo order, an unpaid order and a price with no such fees', async () => {
    const { online, photoRef, unpaid } = await ordersWithoutAPaidMissionFile(t.app);
    // A mission's file whose fees the customer pays on the portal, and one whose price has none.
    const onPortal = (await missionOrder(t.app)).order;
    await t.database.db
      .update(applicationOrders)
      .set({ feesPaidOnPortal: true })
      .where(eq(applicationOrders.orderId, onPortal.id));
    const noFees = (await missionOrder(t.app)).order;
    await t.database.db
      .update(applicationOrders)
      .set({ governmentFeeCents: 0, mandatoryFees: [] })
      .where(eq(applicationOrders.orderId, noFees.id));
    for (const [ref, message] of [
      [online.displayId, M.notAtCentre],
      [photoRef, M.notAnApplication],
      [unpaid.displayId, M.notPaid],
      [onPortal.displayId, M.noFees],
      [noFees.displayId, M.noFees],
    ] as const) {
      const res = await record(staff.token, ref, REFERENCE);
      expect(res.statusCode, ref).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect((await record(staff.token, 'DOC-00000001', REFERENCE)).statusCode).toBe(404);
    expect((await rowOf(online.id))?.feesPaidReference).toBeNull();
  });

  it('stores it with who and when, shows it on the desk, writes one audit entry and e-mails no one', async () => {
    const { customer, order } = await missionOrder(t.app);
    const desk = () => apiCall(t.app, 'GET', `/admin/orders/${order.displayId}`, staff.token);
    expect((await desk()).json().data.service.feesPaid).toBeNull();
    const mailsToCustomer = () =>
      t.database.db.select({ id: outboundEmails.id }).from(outboundEmails).where(eq(outboundEmails.to, customer.email));
    const mailsBefore = await mailsToCustomer();

    const res = await record(staff.token, order.displayId, ` ${REFERENCE} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: M.recorded, data: { reference: REFERENCE, recordedBy: staff.email } });
    const { paidAt } = res.json().data;
    expect((await rowOf(order.id))?.feesPaidById).toBe(staff.id);

    // The same reference again (a double submit) changes nothing: the record keeps its date.
    const again = await record(staff.token, order.displayId, REFERENCE);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: M.unchanged, data: { reference: REFERENCE, paidAt } });
    expect((await desk()).json().data.service.feesPaid).toEqual({
      reference: REFERENCE,
      paidAt,
      recordedBy: staff.email,
    });

    // Another reference corrects it.
    const corrected = await record(staff.token, order.displayId, 'VFS-WAS-2026-004212');
    expect(corrected.json()).toMatchObject({ message: M.recorded, data: { reference: 'VFS-WAS-2026-004212' } });
    expect((await auditOf(order.displayId)).map((a) => [a.actorEmail, a.before, a.after])).toEqual([
      [staff.email, null, { reference: REFERENCE }],
      [staff.email, { reference: REFERENCE }, { reference: 'VFS-WAS-2026-004212' }],
    ]);
    // Staff bookkeeping: nothing is queued for the customer, and their order answer does not carry it.
    expect(await mailsToCustomer()).toEqual(mailsBefore);
    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token);
    expect(page.json().data).not.toHaveProperty('feesPaid');
  });
});

describe('staff moving a mission’s file to Submitted', () => {
  const toStatus = (ref: string, status: string) =>
    apiCall(t.app, 'POST', `/admin/orders/${ref}/status`, staff.token, { status });
  const confirm = (ref: string) =>
    apiCall(t.app, 'PUT', `/admin/orders/${ref}/posting-address`, staff.token, { lines: ADDRESS, mission: null });

  async function inReview() {
    const { order } = await missionOrder(t.app);
    await moveOrderTo(t.app, order.id, 'Order pending');
    expect((await toStatus(order.displayId, 'In review')).statusCode).toBe(200);
    return order;
  }

  it('waits for the fees paid once the address is confirmed', async () => {
    const order = await inReview();
    expect((await confirm(order.displayId)).statusCode).toBe(200);
    const held = await toStatus(order.displayId, 'Submitted');
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().message).toBe(M.recordBeforeSubmitted);
    expect(held.json().message).toBe('Record the fees paid at the centre first: Submitted keeps them from a refund.');
    expect((await record(staff.token, order.displayId, REFERENCE)).statusCode).toBe(200);
    expect((await toStatus(order.displayId, 'Submitted')).statusCode).toBe(200);
  });

  it('asks for the address first when the fees are recorded before it', async () => {
    const order = await inReview();
    expect((await toStatus(order.displayId, 'Submitted')).json().message).toBe(
      POSTING_ADDRESS_MESSAGES.confirmBeforeSubmitted,
    );
    expect((await record(staff.token, order.displayId, REFERENCE)).statusCode).toBe(200);
    const held = await toStatus(order.displayId, 'Submitted');
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(POSTING_ADDRESS_MESSAGES.confirmBeforeSubmitted);
    expect((await confirm(order.displayId)).statusCode).toBe(200);
    expect((await toStatus(order.displayId, 'Submitted')).statusCode).toBe(200);
  });

  it('needs no record for a price that carries no such fees', async () => {
    const order = await inReview();
    await t.database.db
      .update(applicationOrders)
      .set({ governmentFeeCents: 0, mandatoryFees: [] })
      .where(eq(applicationOrders.orderId, order.id));
    expect((await confirm(order.displayId)).statusCode).toBe(200);
    expect((await toStatus(order.displayId, 'Submitted')).statusCode).toBe(200);
  });
});
