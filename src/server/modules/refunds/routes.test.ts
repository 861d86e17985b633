import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_MESSAGES } from '../../../domain/refunds/options.ts';
import { refundRequestSchema } from '../../../domain/refunds/schema.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';
import { REFUND_REFERENCE_PATTERN } from './reference.ts';
import { REFUND_LOOKUP_FAILURE_LIMIT } from './service.ts';
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
}

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

describe('POST /api/v1/refund/request', () => {
  it('stores the request under a reference number, answers it and e-mails it to the customer', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const reference = body.data.reference as string;
    expect(reference).toMatch(REFUND_REFERENCE_PATTERN);
    expect(body).toMatchObject({
      isSuccess: true,
      statusCode: 201,
      message: `Your refund request has been received. Your reference number is ${reference}. We have e-mailed you a copy.`,
      data: { orderId: 'DOC-000123', amountCents: 7900, currency: 'USD', status: 'Received' },
    });
    const [row] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.reference, reference));
    expect(row).toMatchObject({ email: 'meera.nair@example.com', amountCents: 7900, status: 'Received' });
    expect(row?.reason).toBe(valid.reason);

    const mails = await deliveredMail(t.app, 2);
    const customer = mails.find((m) => m.to === 'meera.nair@example.com');
    expect(customer?.subject).toBe(`Refund request ${reference} received for order DOC-000123`);
    expect(customer?.text).toContain(`Reference: ${reference}`);
    expect(customer?.text).toContain('Amount requested: $79');
    const staff = mails.find((m) => m.to === 'support@sevadocs.example');
    expect(staff?.subject).toBe(`Refund request ${reference} for order DOC-000123: $79`);
  });

  it('refuses a second request while the first is open, naming its reference', async () => {
    const [open] = await t.database.db.select().from(refundRequests).limit(1);
    const res = await post(valid);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `A refund request for this order is already open under reference ${open?.reference}. We will e-mail you as soon as it is reviewed.`,
    );
  });

  it('gives an unknown order and another customer’s order the same answer', async () => {
    const unknown = await post({ ...valid, orderId: 'DOC-999999' });
    const others = await post({ ...valid, orderId: 'PHO-000200' });
    for (const res of [unknown, others]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        isSuccess: false,
        statusCode: 404,
        message: 'We could not find an order with that ID for this e-mail address.',
        data: null,
      });
    }
    expect(unknown.body).toBe(others.body);
  });

  it('matches the e-mail without regard to case and the order id without regard to case or spaces', async () => {
    const res = await post({ ...valid, orderId: '  doc-000124 ', email: 'MEERA.NAIR@EXAMPLE.COM', amount: '$50' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ orderId: 'DOC-000124', amountCents: 5000 });
  });

  it('refuses an amount above the order total, an unpaid order and a refunded order', async () => {
    await t.database.db.delete(refundRequests);
    const over = await post({ ...valid, amount: '372.91' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'The refund amount cannot be more than the order total of $372.90.',
      errors: { amount: 'The refund amount cannot be more than the order total of $372.90.' },
    });
    const unpaid = await post({ ...valid, orderId: 'DOC-000300', email: 'ravi@example.com' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('This order has not been paid yet, so there is nothing to refund.');
    const refunded = await post({ ...valid, orderId: 'DOC-000301', email: 'ravi@example.com' });
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().message).toBe('This order has already been refunded.');
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
  ])('answers %s with a 400 naming the field', async (_label, change, field, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 400, message, data: null });
    expect(res.json().errors[field]).toBe(message);
  });

  it('accepts the amount as a JSON number too', () => {
    expect(refundRequestSchema.parse({ ...valid, amount: 12.5 }).amount).toBe(1250);
    expect(refundRequestSchema.parse({ ...valid, amount: '1,250.00' }).amount).toBe(125000);
  });

  it('refuses a filled honeypot', async () => {
    const res = await post({ ...valid, website: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REFUND_MESSAGES.honeypot);
  });

  it('limits each address to 5 posts a minute', async () => {
    const ip = '10.2.9.9';
    for (let i = 0; i < 5; i++) expect((await post({ ...valid, orderId: 'DOC-999999' }, ip)).statusCode).toBe(404);
    const res = await post(valid, ip);
    expect(res.statusCode).toBe(429);
    // The window opened with the first request: a slow machine may already be seconds into it.
    expect(res.json().message).toMatch(/^Too many requests\. Please try again in (1 minute|[1-5]?\d seconds)\.$/);
  });

  it('slows down an address that keeps guessing order ids, for the page form too', async () => {
    const ip = '10.2.8.8';
    const guess = refundRequestSchema.parse({ ...valid, orderId: 'DOC-888888' });
    for (let i = 0; i < REFUND_LOOKUP_FAILURE_LIMIT.max; i++) {
      expect(await t.app.services.refunds.submit(guess, { ip })).toMatchObject({ ok: false, status: 404 });
    }
    expect(await t.app.services.refunds.submit(refundRequestSchema.parse(valid), { ip })).toEqual({
      ok: false,
      status: 429,
      message: 'You have sent several refund requests in a short time. Please wait before trying again.',
    });
  });
});
