/**
 * A paid order's money when staff cancel it while the customer's own smaller refund request is
 * open (decision 0155): the ask is decided, the cancellation's request follows for what is still
 * held, and the order desk and the customer's page say what went back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_DESK_MESSAGES as D } from '../src/domain/admin/orders.ts';
import { REFUND_ORIGIN_WORDS } from '../src/domain/admin/refunds.ts';
import { PAID_LINES_TEXT } from '../src/domain/checkout/receipt.ts';
import { ROUTES } from '../src/domain/config/routes.ts';
import { mailsTo, signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { E2E_ADMIN_EMAIL, MAIL_TIMEOUT_MS } from './support/constants.ts';
import { looksRight, screenshot } from './support/looks.ts';
import { completeOrder, payAtCheckout, startOrder } from './support/orders.ts';
import { expectVisible, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

const TEST_TIMEOUT_MS = 180_000;
/** Staff's words for refunding less than the cancellation's request (decision 0187). */
const PARTIAL_REASON = 'The consulate kept its fee for the appointment already booked.';

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * On the refunds desk's page of a request: refunds `amount` (the field's text), confirmed; less than
 * the request asked needs `partialReason` (decision 0187).
 */
async function refund(desk: Page, amount: string, partialReason?: string) {
  await desk.getByLabel(/^Amount/).fill(amount);
  if (partialReason) await desk.getByLabel(/^Why less than the/).fill(partialReason);
  await desk.getByRole('button', { name: /^Refund \$/ }).click();
  await desk.getByRole('button', { name: /^Confirm the refund of / }).click();
  await expectVisible(desk.getByText(/^Refunded \$/));
}

describe('refunds of an order staff cancel (decision 0155)', () => {
  it(
    'the customer’s $10 ask is refunded, the cancellation’s request follows for the rest, and the desk and the customer see what went back',
    async () => {
      const email = uniqueEmail('refund-cancel');
      await verifiedAccount(e2e.baseURL, email, 'Priya Sharma');
      const customer = await e2e.desktop();
      await signInContext(customer.context, e2e.baseURL, email);
      const order = await startOrder(customer.context, e2e.baseURL);
      await completeOrder(customer.context, e2e.baseURL, order);
      await payAtCheckout(customer.page, order.displayId);

      // The customer asks for $10 back.
      await open(customer.page, `${ROUTES.REFUND_REQUEST}?orderId=${order.displayId}`);
      await customer.page.getByLabel('Refund amount (in the order’s currency)').fill('10');
      await customer.page.getByLabel('Why are you asking for a refund?').fill('One of us no longer travels this year.');
      await customer.page.getByRole('button', { name: 'Request refund' }).click();
      await expectVisible(customer.page.locator('#refund-done'));

      // Staff cancel the order while that request is open: no second request yet.
      await verifiedAccount(e2e.baseURL, E2E_ADMIN_EMAIL, 'Meera Iyer').catch(() => undefined);
      const staff = await e2e.desktop();
      await signInContext(staff.context, e2e.baseURL, E2E_ADMIN_EMAIL);
      const desk = staff.page;
      const deskPath = `/admin/orders/${order.displayId}`;
      await open(desk, deskPath);
      const payments = desk.getByRole('region', { name: 'Payments' });
      await expectVisible(payments.getByText(/\$10 asked\) waits for a decision/), MAIL_TIMEOUT_MS);
      await desk.getByLabel('New status').selectOption('Cancelled');
      await desk.getByLabel(/Remark for the customer/).fill('The consulate has paused OCI appointments.');
      await desk.getByRole('button', { name: 'Change status' }).click();
      await expectVisible(desk.getByText('Cancelled', { exact: true }).first());

      // The ask, refunded as asked.
      await payments.getByRole('link', { name: D.openRefundLink }).click();
      await waitForHydration(desk);
      await refund(desk, '10');

      // Its decision opened the cancellation's request for the rest; part of it goes back.
      await open(desk, deskPath);
      await expectVisible(payments.getByText(/waits for a decision/));
      await payments.getByRole('link', { name: D.openRefundLink }).click();
      await waitForHydration(desk);
      await refund(desk, '100', PARTIAL_REASON);

      // The desk: both decided requests, who opened each, and the payment less refunds.
      await open(desk, deskPath);
      const decided = payments.getByRole('link', { name: /^RF-/ });
      await poll(() => decided.allTextContents()).toHaveLength(2);
      await expectVisible(payments.getByText(REFUND_ORIGIN_WORDS.cancellation));
      const lines = desk.getByRole('region', { name: 'Paid lines' });
      await expectVisible(lines.getByText(PAID_LINES_TEXT.net));
      await payments.scrollIntoViewIfNeeded();
      await looksRight(desk, 'refunds-desk-1440');
      await desk.setViewportSize({ width: 390, height: 844 });
      await payments.scrollIntoViewIfNeeded();
      await looksRight(desk, 'refunds-desk-390');
      await screenshot(lines, 'refunds-desk-paid-lines-390');
      await screenshot(payments, 'refunds-desk-payments-390');

      // The customer: told the second refund was less than its request, and the order page agrees.
      await expect
        .poll(async () => (await mailsTo(e2e.baseURL, email)).filter((m) => m.text.includes('Amount asked')).length, {
          timeout: MAIL_TIMEOUT_MS,
        })
        .toBe(1);
      const [partial] = (await mailsTo(e2e.baseURL, email)).filter((m) => m.text.includes('Amount asked'));
      expect(partial?.text).toContain(PARTIAL_REASON);
      await open(customer.page, `${ROUTES.SERVICE_ORDER}?orderId=${order.displayId}`);
      await expectVisible(customer.page.getByText(PAID_LINES_TEXT.refunded));
      await expectVisible(customer.page.getByText('-$110'));
    },
    TEST_TIMEOUT_MS,
  );
});
