import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_SUPPORT_CONTACT, PREMIUM_SUPPORT_TEXT } from '../../../domain/checkout/premium-support.ts';
import { PAYMENT_PROVIDER_LABELS } from '../../../domain/payments/payment.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, moveOrderTo, seededPackage, startApplication } from '../applications/testing.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { coupons } from '../checkout/tables.ts';
import { payWithSandbox } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // OCI Reissue from the USA is $102.90 ($25 + $3 + $15.90 + $59): flat coupons of $2.90 and $2.91
  // take its total to exactly the premium support minimum and a cent below it.
  await t.database.db.insert(coupons).values(
    [290, 291].map((value) => ({
      code: `CUT${value}`,
      description: 'A test coupon',
      discountType: 'flat' as const,
      value,
      platform: 'sevadocs' as const,
    })),
  );
});
afterAll(() => t.close());

const PRIORITY = PREMIUM_SUPPORT_TEXT.priority(PREMIUM_SUPPORT_CONTACT.phone);

/** An OCI Reissue with the coupon applied, paid through the sandbox: the order, its summary, the receipt. */
async function paidReissue(coupon: string) {
  const user = await createSignedInUser(t.app);
  const { pkg } = await seededPackage(t.app, 'oci-card', 'oci-reissue');
  const order = await startApplication(t.app, user.token, { packageId: pkg.id });
  const base = `/application/order/${order.displayId}`;
  const summary = (await apiCall(t.app, 'POST', `${base}/coupon`, user.token, { code: coupon })).json().data;
  const page = (await apiCall(t.app, 'GET', base, user.token)).json().data;

  const paymentId = await payWithSandbox(t, user.token, order.displayId);

  const payment = (await apiCall(t.app, 'GET', `${base}/payment`, user.token)).json().data;
  const [receipt] = await t.database.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.purpose, 'payment-receipt'), like(outboundEmails.subject, `%${order.displayId}`)));
  return { order, summary, page, payment, paymentId, receipt };
}

/** The receipt's text as delivered (a sent row keeps no body: read the dev mailbox). */
async function deliveredText(to: string, subject: string) {
  const mail = (await t.app.mailer.outbox({ limit: 200, to })).find((m) => m.subject === subject);
  if (!mail) throw new Error(`no e-mail "${subject}" to ${to}`);
  return mail;
}

describe('the receipt e-mail', () => {
  it('lists the cost summary the order was charged, the total and currency, the provider, the way paid and payment id', async () => {
    const { summary, payment, paymentId, receipt } = await paidReissue('CUT290');
    expect(summary.totalCents).toBe(100_00);
    expect(payment).toMatchObject({ state: 'COMPLETED', amountCents: 100_00 });
    if (!receipt) throw new Error('no receipt');
    const { text, html } = await deliveredText(receipt.to, receipt.subject);

    for (const line of summary.lines as { label: string; value: string; subValue?: string }[]) {
      expect(text).toContain(`${line.label}: ${line.value}`);
    }
    expect(text).toContain('Government fee: $25 (not refundable once submitted)');
    expect(text).toContain('Coupon Discount: -$2.90 (CUT290)');
    // The coupon once: no "Discount" line repeating it (issue 30 §4).
    expect(text.match(/-\$2\.90/g)).toHaveLength(1);
    expect(text).toContain('Total paid: $100');
    expect(text).toContain('Currency: USD');
    expect(text).toContain(`Payment provider: ${PAYMENT_PROVIDER_LABELS.sandbox}`);
    expect(text).toContain('Paid with: Card');
    expect(text).toContain(`Payment id: ${paymentId}`);
    expect(text).toMatch(/Date: \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC/);
    expect(html).toContain('Total paid');
  });
});

describe('premium support', () => {
  it('comes with an order of 100.00: order page, payment answer, receipt and status e-mails', async () => {
    const { order, page, payment, receipt } = await paidReissue('CUT290');
    expect(page.price.totalCents).toBe(100_00);
    expect(page.premiumSupport).toEqual(PREMIUM_SUPPORT_CONTACT);
    expect(payment.premiumSupport).toEqual(PREMIUM_SUPPORT_CONTACT);
    if (!receipt) throw new Error('no receipt');
    const { text } = await deliveredText(receipt.to, receipt.subject);
    expect(text).toContain(PRIORITY);
    expect(text).toContain(`${PREMIUM_SUPPORT_CONTACT.name}, ${PREMIUM_SUPPORT_CONTACT.role}`);
    expect(text).toContain(PREMIUM_SUPPORT_CONTACT.email);

    await moveOrderTo(t.app, order.id, 'Order pending');
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    await t.runJobs();
    const status = await deliveredText(receipt.to, `Your order ${order.displayId} is now In review`);
    expect(status.text).toContain(PRIORITY);
  });

  it('does not come with an order of 99.99', async () => {
    const { order, page, payment, receipt } = await paidReissue('CUT291');
    expect(page.price.totalCents).toBe(99_99);
    expect(page.premiumSupport).toBeNull();
    expect(payment.premiumSupport).toBeNull();
    if (!receipt) throw new Error('no receipt');
    const { text } = await deliveredText(receipt.to, receipt.subject);
    expect(text).toContain('Total paid: $99.99');
    expect(text).not.toContain('Premium support');

    await moveOrderTo(t.app, order.id, 'Order pending');
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    await t.runJobs();
    expect((await deliveredText(receipt.to, `Your order ${order.displayId} is now In review`)).text).not.toContain(
      'Premium support',
    );
  });
});

describe('premium support the deployment configures', () => {
  const contact = { name: 'Anita Rao', role: 'Premium support', email: 'premium@sevadocs.in', phone: '1-800-000-0142' };
  let configured: TestApp;
  beforeAll(async () => {
    configured = await buildTestApp({
      PREMIUM_SUPPORT_NAME: contact.name,
      PREMIUM_SUPPORT_EMAIL: contact.email,
      PREMIUM_SUPPORT_PHONE: contact.phone,
    });
  });
  afterAll(() => configured?.close());

  it('reaches the order page and the status e-mails in place of the default', async () => {
    const user = await createSignedInUser(configured.app);
    const order = await startApplication(configured.app, user.token);
    await payWithSandbox(configured, user.token, order.displayId);
    const page = (await apiCall(configured.app, 'GET', `/application/order/${order.displayId}`, user.token)).json()
      .data;
    expect(page.premiumSupport).toEqual(contact);
    await moveOrderTo(configured.app, order.id, 'Order pending');
    await moveOrderTo(configured.app, order.id, 'In review', 'staff');
    await configured.runJobs();
    const subject = `Your order ${order.displayId} is now In review`;
    const status = (await configured.app.mailer.outbox({ limit: 200, to: user.email })).find(
      (m) => m.subject === subject,
    );
    expect(status?.text).toContain(PREMIUM_SUPPORT_TEXT.priority(contact.phone));
    expect(status?.text).toContain(PREMIUM_SUPPORT_TEXT.contact(contact));
    expect(status?.text).not.toContain(PREMIUM_SUPPORT_CONTACT.email);
  });
});
