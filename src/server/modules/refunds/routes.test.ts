import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { erasedEmail } from '../../../domain/data-rights/schemas.ts';
import { ORDER_REF_MESSAGES } from '../../../domain/orders/order-kind.ts';
import { REFUND_MESSAGES, REFUND_NOTICES, REFUND_RATE_LIMIT } from '../../../domain/refunds/options.ts';
import { ORDER_REFUNDS_TEXT, type OrderRefundRequest, orderRefundLine } from '../../../domain/refunds/order-refunds.ts';
import { refundRequestSchema } from '../../../domain/refunds/schema.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { notifications } from '../notifications/tables.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';
import { REFUND_REFERENCE_PATTERN } from './reference.ts';
import { refundRequests } from './tables.ts';

let t: TestApp;

/** Orders are created by checkout (another module); the tests insert them directly. */
async function insertOrder(displayId: string, email: string, status: string, totalCents: number) {
  const [user] = await t.database.db
    .insert(users)
    .values({
      name: 'Meera Nair',
      email: `${displayId.toLowerCase()}-${email.toLowerCase()}`,
      phone: '+1-4155550100',
      passwordHash: 'x',
      referralCode: `REF${displayId.replace(/\D/g, '')}`,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not inserted');
  await t.database.db.insert(orders).values({
    displayId,
    kind: displayId.startsWith('DOC') ? 'service' : 'photo',
    userId: user.id,
    email,
    title: 'New OCI Card (USA)',
    status,
    totalCents,
    currency: 'USD',
  });
  return user.id;
}

/** The notifications about an order, whoever's account they are on. */
const notificationsAbout = (displayId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.orderId, displayId));

beforeAll(async () => {
  t = await buildTestApp();
  await insertOrder('DOC-000123', 'Meera.Nair@example.com', 'Order pending', 37290);
  await insertOrder('DOC-000124', 'meera.nair@example.com', 'Order pending', 5000);
  await insertOrder('PHO-000200', 'ravi@example.com', 'Completed', 2999);
  await insertOrder('DOC-000300', 'ravi@example.com', 'Payment pending', 37290);
  await insertOrder('DOC-000301', 'ravi@example.com', 'Refunded', 37290);
});
afterAll(() => t.close());

const valid = {
  orderId: 'doc-000123',
  email: 'meera.nair@example.com',
  reason: 'We cancelled our trip to India and no longer need the OCI cards for the children.',
  amount: '79.00',
};

let nextIp = 1;
function post(payload: unknown, ip = `10.2.0.${nextIp++}`) {
  return t.app.inject({ method: 'POST', url: '/api/v1/refund/request', payload: payload as object, remoteAddress: ip });
}

/** The e-mails delivered to `to` since the test began, newest first. */
async function mailTo(to: string) {
  return (await deliveredMail(t.app)).filter((m) => m.to === to);
}

describe('POST /api/v1/refund/request', () => {
  it('logs a request for an order of that e-mail under the reference it answered, and e-mails the customer and support', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const reference = body.data.reference as string;
    expect(reference).toMatch(REFUND_REFERENCE_PATTERN);
    expect(body).toMatchObject({
      isSuccess: true,
      statusCode: 201,
      message: `Your refund request has been sent. If the order ID and the e-mail match an order, we log it under reference ${reference} and e-mail you a copy within a few minutes. No e-mail? Check both and send it again.`,
      data: { orderId: 'DOC-000123', amountCents: 7900, status: 'Received' },
    });

    const mails = await deliveredMail(t.app, 2);
    const [row] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.reference, reference));
    expect(row).toMatchObject({
      email: 'meera.nair@example.com',
      amountCents: 7900,
      currency: 'USD',
      status: 'Received',
    });
    expect(row?.reason).toBe(valid.reason);
    const customer = mails.find((m) => m.to === 'meera.nair@example.com');
    expect(customer?.subject).toBe(`Refund request ${reference} received for order DOC-000123`);
    expect(customer?.text).toContain(`Reference: ${reference}`);
    expect(customer?.text).toContain('Amount requested: $79');
    expect(customer?.text).toContain('The SevaDocs billing team');
    const staff = mails.find((m) => m.to === 'support@sevadocs.example');
    expect(staff?.subject).toBe(`Refund request ${reference} for order DOC-000123: $79`);
  });

  it('signs a SevaPhotos order’s e-mails from the SevaPhotos billing team, logged or not', async () => {
    await t.app.jobs.drain();
    const photoRequest = { ...valid, orderId: 'PHO-000200', email: 'ravi@example.com', amount: '5' };
    const logged = (await post(photoRequest)).json().data.reference as string;
    const refused = (await post({ ...photoRequest, amount: '29.99' })).json().data.reference as string;
    await deliveredMail(t.app);
    for (const reference of [logged, refused]) {
      const [mail] = (await mailTo('ravi@example.com')).filter((m) =>
        m.subject.startsWith(`Refund request ${reference} `),
      );
      expect(mail?.text).toContain('The SevaPhotos billing team');
      expect(mail?.text).not.toContain('SevaDocs billing team');
    }
  });

  it('answers every request alike, before looking at any order: known or not, another customer’s, unpaid, refunded, over the total (issue 29)', async () => {
    const lookUp = vi.spyOn(t.app.services.orders, 'findByDisplayIdAndEmail');
    try {
      const requests = [
        { ...valid, orderId: 'DOC-000124', amount: '10' },
        { ...valid, orderId: 'DOC-999999', amount: '10' },
        { ...valid, orderId: 'PHO-000200', amount: '10' },
        { ...valid, orderId: 'DOC-000300', email: 'ravi@example.com', amount: '10' },
        { ...valid, orderId: 'DOC-000301', email: 'ravi@example.com', amount: '10' },
        { ...valid, orderId: 'DOC-000124', amount: '372.91' },
      ];
      const answers = [];
      for (const request of requests) answers.push(await post(request));
      expect(lookUp).not.toHaveBeenCalled();
      const shapes = answers.map((res) => {
        const body = res.json();
        const reference = body.data.reference as string;
        expect(body.message).toBe(REFUND_MESSAGES.received(reference));
        return {
          status: res.statusCode,
          headers: Object.keys(res.headers).sort(),
          body: {
            ...body,
            message: 'same',
            data: { ...body.data, reference: 'same', orderId: 'same', amountCents: 0, createdAt: 'same' },
          },
        };
      });
      for (const shape of shapes) expect(shape).toEqual(shapes[0]);
      expect(shapes[0]?.status).toBe(201);
      expect(Object.keys(answers[0]?.json().data).sort()).toEqual([
        'amountCents',
        'createdAt',
        'orderId',
        'reference',
        'status',
      ]);
    } finally {
      lookUp.mockRestore();
    }
  });

  it('tells a signed-in customer at once why their own order cannot take the request, and logs nothing; anyone else as before', async () => {
    const owner = await createSignedInUser(t.app);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        displayId: 'DOC-000420',
        kind: 'service',
        userId: owner.id,
        email: owner.email,
        title: 'Indian Passport Renewal (USA)',
        status: 'Order pending',
        totalCents: 42380,
        currency: 'USD',
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order not inserted');
    const own = { ...valid, orderId: 'DOC-000420', email: owner.email.toUpperCase() };
    const asOwner = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/refund/request', payload, headers: bearer(owner.token) });
    const stored = () => t.database.db.select().from(refundRequests).where(eq(refundRequests.orderId, order.id));

    const over = await asOwner({ ...own, amount: '1000' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: REFUND_MESSAGES.amountOverTotal('$423.80'),
      errors: { amount: 'The refund amount cannot be more than the order total of $423.80.' },
    });

    await t.database.db.insert(refundRequests).values({
      reference: 'RF-OPEN0420',
      orderId: order.id,
      email: owner.email,
      reason: 'The first request, still waiting.',
      amountCents: 2500,
      currency: 'USD',
    });
    const again = await asOwner({ ...own, amount: '10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'A refund request for this order is already open under reference RF-OPEN0420. We will e-mail you as soon as it is reviewed.',
    );
    await t.app.jobs.drain();
    expect((await stored()).map((r) => r.reference)).toEqual(['RF-OPEN0420']);
    const refundMail = (await mailTo(owner.email.toLowerCase())).filter((m) => /refund/i.test(m.subject));
    expect(refundMail).toEqual([]);

    // Another signed-in customer naming this order and its e-mail learns nothing of it.
    const stranger = await createSignedInUser(t.app);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/v1/refund/request',
      payload: { ...own, amount: '1000' },
      headers: bearer(stranger.token),
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().message).toBe(REFUND_MESSAGES.received(theirs.json().data.reference));
  });

  it('tells only the address given why its request could not be logged, in the form’s own words', async () => {
    await t.app.jobs.drain();
    await t.database.db.delete(refundRequests);
    const cases: [request: object, to: string, reason: string][] = [
      [{ orderId: 'DOC-999999' }, 'meera.nair@example.com', REFUND_MESSAGES.orderNotFound],
      [{ orderId: 'PHO-000200' }, 'meera.nair@example.com', REFUND_MESSAGES.orderNotFound],
      [{ orderId: 'DOC-000300', email: 'ravi@example.com' }, 'ravi@example.com', REFUND_MESSAGES.notPaid],
      [{ orderId: 'DOC-000301', email: 'ravi@example.com' }, 'ravi@example.com', REFUND_MESSAGES.alreadyRefunded],
      [{ amount: '372.91' }, 'meera.nair@example.com', REFUND_MESSAGES.amountOverTotal('$372.90')],
    ];
    const references: string[] = [];
    for (const [change, to, reason] of cases) {
      const reference = (await post({ ...valid, ...change })).json().data.reference as string;
      references.push(reference);
      const [mail] = (await mailTo(to)).filter((m) => m.subject.startsWith(`Refund request ${reference} `));
      expect(mail?.subject, reason).toBe(
        `Refund request ${reference} for order ${String((change as { orderId?: string }).orderId ?? 'DOC-000123')}`,
      );
      expect(mail?.text, reason).toContain(reason);
    }
    expect(await t.database.db.select().from(refundRequests)).toEqual([]);
    const notices = await mailTo('support@sevadocs.example');
    expect(notices.filter((m) => references.some((r) => m.subject.includes(r)))).toEqual([]);

    const first = (await post(valid)).json().data.reference as string;
    await deliveredMail(t.app);
    const again = (await post(valid)).json().data.reference as string;
    const [open] = (await mailTo('meera.nair@example.com')).filter((m) =>
      m.subject.startsWith(`Refund request ${again} `),
    );
    expect(open?.text).toContain(REFUND_MESSAGES.alreadyOpen(first));
    expect(REFUND_MESSAGES.orderNotFound).toBe('We could not find an order with that ID for this e-mail address.');
  });

  it('logs and e-mails a request once, however often its job runs', async () => {
    await t.database.db.delete(refundRequests);
    const job = { reference: 'RF-TWICE234', input: refundRequestSchema.parse(valid), ip: null };
    await t.app.services.refunds.processRequest(job);
    await t.app.services.refunds.processRequest(job);
    const rows = await t.database.db.select().from(refundRequests);
    expect(rows.map((r) => r.reference)).toEqual(['RF-TWICE234']);
    const mails = (await deliveredMail(t.app)).filter((m) => m.subject.includes('RF-TWICE234'));
    expect(mails.map((m) => m.to).sort()).toEqual(['meera.nair@example.com', 'support@sevadocs.example']);
    const told = (await notificationsAbout('DOC-000123')).filter((n) => n.remark?.includes('RF-TWICE234'));
    expect(told).toHaveLength(1);
  });

  it('tells the order’s account on its bell that the request was logged, with the link to the order; nothing when it was not', async () => {
    await t.database.db.delete(refundRequests);
    const userId = await insertOrder('DOC-000400', 'asha@example.com', 'Completed', 20000);
    const input = refundRequestSchema.parse({ ...valid, orderId: 'DOC-000400', email: 'asha@example.com' });
    await t.app.services.refunds.processRequest({ reference: 'RF-BELL2345', input, ip: null });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.displayId, 'DOC-000400'));
    expect(await notificationsAbout('DOC-000400')).toEqual([
      expect.objectContaining({
        userId,
        orderIdDb: order?.id,
        orderStatus: 'Completed',
        remark: REFUND_NOTICES.received('RF-BELL2345', '$79'),
        documentStatus: null,
      }),
    ]);
    // Open already: refused, told by e-mail only.
    await t.app.services.refunds.processRequest({ reference: 'RF-AGAIN234', input, ip: null });
    expect(await notificationsAbout('DOC-000400')).toHaveLength(1);
  });

  it('gives an erased customer’s account no notification of a request for their order', async () => {
    const userId = await insertOrder('DOC-000401', 'gone@example.com', 'Completed', 20000);
    await t.database.db
      .update(orders)
      .set({ email: erasedEmail(userId) })
      .where(eq(orders.displayId, 'DOC-000401'));
    // The form refuses the placeholder's reserved domain outright…
    const refused = await post({ ...valid, orderId: 'DOC-000401', email: erasedEmail(userId) });
    expect(refused.statusCode).toBe(400);
    expect(refundRequestSchema.safeParse({ ...valid, orderId: 'DOC-000401', email: erasedEmail(userId) }).success).toBe(
      false,
    );
    // …and the service, handed one all the same, notifies no erased account.
    const input = { ...refundRequestSchema.parse({ ...valid, orderId: 'DOC-000401' }), email: erasedEmail(userId) };
    await t.app.services.refunds.processRequest({ reference: 'RF-GONE2345', input, ip: null });
    expect(await notificationsAbout('DOC-000401')).toEqual([]);
  });

  it('matches the e-mail without regard to case and the order id without regard to case or spaces', async () => {
    await t.database.db.delete(refundRequests);
    const res = await post({ ...valid, orderId: '  doc-000124 ', email: 'MEERA.NAIR@EXAMPLE.COM', amount: '$50' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ orderId: 'DOC-000124', amountCents: 5000 });
    await t.app.jobs.drain();
    const [row] = await t.database.db.select().from(refundRequests);
    expect(row).toMatchObject({ reference: res.json().data.reference, amountCents: 5000 });
  });

  it.each([
    ['no order id', { orderId: '' }, 'orderId', 'Order ID is required'],
    [
      'a malformed order id',
      { orderId: '12345' },
      'orderId',
      'Enter the order ID from your confirmation e-mail, for example DOC-000123',
    ],
    ['no e-mail', { email: undefined }, 'email', 'Email is required'],
    ['a malformed e-mail', { email: 'meera@' }, 'email', 'Please enter a valid email address'],
    ['no reason', { reason: '' }, 'reason', 'Please tell us why you are requesting a refund'],
    ['a short reason', { reason: 'Changed mind' }, 'reason', 'Reason should be at least 20 characters'],
    ['a 2001-character reason', { reason: 'x'.repeat(2001) }, 'reason', 'Reason should not exceed 2000 characters'],
    ['no amount', { amount: '' }, 'amount', 'Refund amount is required'],
    ['a word for the amount', { amount: 'all of it' }, 'amount', 'Enter the amount as a number, for example 49.99'],
    ['three decimals', { amount: '10.999' }, 'amount', 'Enter the amount as a number, for example 49.99'],
    ['a negative amount', { amount: '-5' }, 'amount', 'Enter the amount as a number, for example 49.99'],
    ['a zero amount', { amount: '0' }, 'amount', 'Refund amount must be more than 0'],
    ['a huge amount', { amount: '100000.01' }, 'amount', 'Refund amount is too large'],
    // A decimal comma is not read as a grouping: '25,50' was $2,550.
    ['a decimal comma', { amount: '25,50' }, 'amount', 'Enter the amount as a number, for example 49.99'],
  ])('answers %s with a 400 naming the field', async (_label, change, field, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 400, message, data: null });
    expect(res.json().errors[field]).toBe(message);
  });

  it('accepts the amount as a JSON number too', () => {
    expect(refundRequestSchema.parse({ ...valid, amount: 12.5 }).amount).toBe(1250);
    expect(refundRequestSchema.parse({ ...valid, amount: '1,250.00' }).amount).toBe(125000);
    expect(refundRequestSchema.parse({ ...valid, amount: '$1,00,000' }).amount).toBe(10000000);
  });

  it('refuses a filled honeypot', async () => {
    const res = await post({ ...valid, website: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REFUND_MESSAGES.honeypot);
  });

  it('limits each address to 5 posts a minute', async () => {
    const ip = '10.2.9.9';
    for (let i = 0; i < 5; i++) expect((await post({ ...valid, orderId: 'DOC-999999' }, ip)).statusCode).toBe(201);
    const res = await post(valid, ip);
    expect(res.statusCode).toBe(429);
    // The window opened with the first request: a slow machine may already be seconds into it.
    expect(res.json().message).toMatch(/^Too many requests\. Please try again in (1 minute|[1-5]?\d seconds)\.$/);
  });

  it('counts every request of an address, whatever order it names, for the page form too', async () => {
    const ip = '10.2.8.8';
    const guess = refundRequestSchema.parse({ ...valid, orderId: 'DOC-888888' });
    const real = refundRequestSchema.parse(valid);
    for (let i = 0; i < REFUND_RATE_LIMIT.max; i++) {
      expect(await t.app.services.refunds.submit(i % 2 ? real : guess, { ip })).toMatchObject({ ok: true });
    }
    expect(await t.app.services.refunds.submit(real, { ip })).toEqual({
      ok: false,
      status: 429,
      message: 'You have sent several refund requests in a short time. Please wait before trying again.',
      retryAfterSeconds: expect.any(Number),
    });
    // Through the API, the wait is in Retry-After: until the window's first request leaves it.
    const res = await post(valid, ip);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(REFUND_RATE_LIMIT.windowMs / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(REFUND_RATE_LIMIT.windowMs / 1000);
  });

  it("counts a signed-in customer's requests by their account, not the address others share with them", async () => {
    const ip = '10.2.7.7';
    const real = refundRequestSchema.parse(valid);
    // Strangers behind the same address (a mobile network's) use up its requests…
    for (let i = 0; i < REFUND_RATE_LIMIT.max; i++) {
      expect(await t.app.services.refunds.submit(real, { ip })).toMatchObject({ ok: true });
    }
    expect(await t.app.services.refunds.submit(real, { ip })).toMatchObject({ ok: false, status: 429 });
    // …and the signed-in customer still asks, up to the same limit for their own account.
    const customer = await createSignedInUser(t.app);
    const own = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/refund/request',
        payload: valid,
        remoteAddress: ip,
        headers: bearer(customer.token),
      });
    for (let i = 0; i < REFUND_RATE_LIMIT.max; i++) expect((await own()).statusCode).toBe(201);
    expect((await own()).statusCode).toBe(429);
  });
});

describe('GET /api/v1/orders/{orderRef}/refund-requests', () => {
  const getAs = (url: string, token: string | null) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} });

  it("lists the customer's own order's requests, newest first, with their state and reasons; another's order is not found", async () => {
    const owner = await createSignedInUser(t.app);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        displayId: 'DOC-000410',
        kind: 'service',
        userId: owner.id,
        email: owner.email,
        title: 'New OCI Card (USA)',
        status: 'Order pending',
        totalCents: 37290,
        currency: 'USD',
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order not inserted');
    const asked = {
      orderId: order.id,
      email: owner.email,
      reason: 'Trip cancelled, please refund.',
      currency: 'USD' as const,
    };
    await t.database.db.insert(refundRequests).values([
      {
        ...asked,
        reference: 'RF-OWNA0001',
        amountCents: 2500,
        status: 'Refunded',
        approvedCents: 1000,
        partialReason: 'The government fee was paid to the consulate.',
        decidedAt: new Date('2026-12-02T10:00:00Z'),
      },
      {
        ...asked,
        reference: 'RF-OWNA0002',
        amountCents: 5000,
        status: 'Rejected',
        rejectionReason: 'Your application was already submitted.',
        decidedAt: new Date('2026-12-03T10:00:00Z'),
      },
      { ...asked, reference: 'RF-OWNA0003', amountCents: 700 },
    ]);

    const listed = await getAs('/orders/DOC-000410/refund-requests', owner.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().message).toBe(ORDER_REFUNDS_TEXT.loaded);
    const requests = listed.json().data as OrderRefundRequest[];
    expect(requests.map((r) => [r.reference, r.status])).toEqual([
      ['RF-OWNA0003', 'Received'],
      ['RF-OWNA0002', 'Rejected'],
      ['RF-OWNA0001', 'Refunded'],
    ]);
    expect(requests.map(orderRefundLine)).toEqual([
      'Refund request RF-OWNA0003 for $7 received. Our billing team reviews it within 3 business days and will e-mail you the decision.',
      'Refund request RF-OWNA0002 was not approved: Your application was already submitted.',
      'Refund RF-OWNA0001: we refunded $10 to your original payment method. It reaches your account within 5–10 business days. Why less than asked: The government fee was paid to the consulate.',
    ]);
    expect(requests[2]).toMatchObject({ approvedCents: 1000, decidedAt: '2026-12-02T10:00:00.000Z' });
    // What the page lists is what the order's owner may read: no e-mail, address or reason they typed.
    expect(Object.keys(requests[0] ?? {}).sort()).toEqual(
      [
        'amountCents',
        'approvedCents',
        'currency',
        'decidedAt',
        'partialReason',
        'reference',
        'rejectionReason',
        'requestedAt',
        'status',
      ].sort(),
    );

    const stranger = await createSignedInUser(t.app);
    const theirs = await getAs('/orders/DOC-000410/refund-requests', stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(ORDER_REF_MESSAGES.notFound);
    expect(JSON.stringify(theirs.json())).not.toContain('RF-OWNA');
    expect((await getAs('/orders/DOC-000410/refund-requests', null)).statusCode).toBe(401);
    // No such order: the same answer as another's.
    expect((await getAs('/orders/DOC-000999/refund-requests', owner.token)).statusCode).toBe(404);
  });
});
