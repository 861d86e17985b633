import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_HEADERS, formatPageWeight, measurePageWeight } from '../bench/page-weight.ts';
import { COMPLETION_TEXT } from '../src/domain/applications/completion.ts';
import { PAID_LINES_TEXT } from '../src/domain/checkout/receipt.ts';
import { NOT_PAID_AFTER_MS, NOT_PAID_TEXT } from '../src/domain/payments/payment-result.ts';
import { signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { looksRight } from './support/looks.ts';
import { startOrder } from './support/orders.ts';
import { expectVisible, holdBackChunk, poll, renderedAfterTimers, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

const TEST_TIMEOUT_MS = 120_000;
/** The sandbox's event goes through the webhook inbox and a queued job before the page sees it. */
const CONFIRM_TIMEOUT_MS = 20_000;

/** The refused coupon code is a 400 the browser logs; the page shows its message on the field. */
const REFUSED_COUPON = [/status of 400 .*\/coupon:/];

async function customerWithOrder(device: 'desktop' | 'mobile') {
  const email = uniqueEmail(`checkout-${device}`);
  await verifiedAccount(e2e.baseURL, email, 'Priya Sharma');
  const { page, context } = await e2e[device]({ allowConsoleErrors: REFUSED_COUPON });
  await signInContext(context, e2e.baseURL, email);
  return { page, context, order: await startOrder(context, e2e.baseURL) };
}

const total = (page: Page) => page.getByTestId('checkout-total').textContent();

/** Pay on the sandbox's hosted page with one of its two buttons; back on /service-payment-success. */
async function payOnSandbox(page: Page, outcome: 'Simulate successful payment' | 'Simulate failed payment') {
  await page.waitForURL((url) => url.pathname === '/api/v1/payments/sandbox/checkout');
  await page.getByRole('button', { name: outcome }).click();
  await page.waitForURL((url) => url.pathname === '/service-payment-success');
  await waitForHydration(page);
}

describe('checkout (issue 11)', () => {
  it(
    'review → checkout → an add-on → FIRST10 → Pay → sandbox success → COMPLETED → order page timeline → Orders tab → the bell',
    async () => {
      const { page, context, order } = await customerWithOrder('desktop');
      await page.goto(`/package-form?orderId=${order.displayId}&review=1`);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Continue to checkout' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/checkout' && url.searchParams.get('orderId') === order.displayId,
      );
      await waitForHydration(page);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
      await expectVisible(page.getByTestId('checkout-total'));
      // What is missing comes from the server's completeness rule (the one the status follows).
      await expectVisible(page.getByRole('list', { name: COMPLETION_TEXT.stillNeeded }).getByRole('listitem').first());
      expect(await page.getByText(COMPLETION_TEXT.allIn).count()).toBe(0);
      const before = await total(page);

      // An add-on: the server prices it, the total follows.
      await page.getByRole('checkbox', { name: /^Expedite/ }).check();
      await poll(() => total(page)).not.toBe(before);
      await expectVisible(page.getByRole('region', { name: 'Cost summary' }).getByText('Expedite', { exact: true }));
      const withAddOn = await total(page);

      // A refused code on the field, then FIRST10: the discount line.
      await page.getByRole('textbox', { name: 'Coupon code' }).fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expectVisible(
        page.getByRole('alert').getByText('This coupon code is not valid. Please check it and try again.'),
      );
      await page.getByRole('textbox', { name: 'Coupon code' }).fill('first10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expectVisible(page.getByText('Coupon FIRST10 applied.'));
      await expectVisible(page.getByRole('region', { name: 'Cost summary' }).getByText('Coupon Discount'));
      await poll(() => total(page)).not.toBe(withAddOn);
      const toPay = (await total(page)) ?? '';
      await looksRight(page, 'checkout-1440');

      // First-load JavaScript within the budget, signed in (DESIGN.md §4).
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      for (const path of [
        `/checkout?orderId=${order.displayId}`,
        `/service-payment-success?orderId=${order.displayId}`,
      ]) {
        const weight = await measurePageWeight(`${e2e.baseURL}${path}`, { headers: { ...BROWSER_HEADERS, cookie } });
        console.info(formatPageWeight(weight));
        expect(weight.scripts.length, path).toBeGreaterThan(2);
        expect(weight.withinBudget, formatPageWeight(weight)).toBe(true);
      }

      // Pay: the sandbox shows the server's amount; success comes back through the webhook.
      await page.getByRole('button', { name: `Pay ${toPay}` }).dblclick();
      await page.waitForURL((url) => url.pathname === '/api/v1/payments/sandbox/checkout');
      await expectVisible(page.getByRole('heading', { level: 1, name: `Pay ${toPay}` }));
      await payOnSandbox(page, 'Simulate successful payment');
      expect(new URL(page.url()).searchParams.get('orderId')).toBe(order.displayId);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment received' }), CONFIRM_TIMEOUT_MS);
      await expectVisible(page.getByText(`We received ${toPay} for order ${order.displayId}.`, { exact: false }));
      await looksRight(page, 'checkout-success-1440');

      await page.getByRole('link', { name: 'Go to your order' }).click();
      await page.waitForURL((url) => url.pathname === '/service-order' && !url.searchParams.has('checkout'));
      await waitForHydration(page);
      await expectVisible(page.getByText('Forms incomplete').first());
      // The paid lines as the receipt words them, adding up to what was paid.
      const paidLines = page.getByRole('region', { name: PAID_LINES_TEXT.title });
      await expectVisible(paidLines.getByText('Coupon Discount'));
      expect(await paidLines.getByTestId('paid-total').textContent()).toBe(toPay);
      await looksRight(page, 'checkout-order-paid-1440');
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await expectVisible(timeline.getByText('Payment received. Thank you!'));
      expect(await page.getByRole('link', { name: 'Continue to checkout' }).count()).toBe(0);

      // The profile's Orders tab lists it in its new status; the bell has the payment's notification.
      await page.goto('/profile?tab=orders');
      await waitForHydration(page);
      const listed = page.getByRole('link', { name: new RegExp(order.displayId) }).first();
      await expectVisible(listed);
      await expectVisible(page.getByRole('main').getByText('Forms incomplete').first());
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications, \d+ unread$/ })
        .click();
      const panel = page.getByRole('dialog', { name: /^Notifications \(\d+\)$/ });
      await expectVisible(panel.getByText(`Remark Status: Payment received. Thank you!`, { exact: false }).first());
      await expectVisible(panel.getByText(order.displayId, { exact: false }).first());
      await listed.click();
      await page.waitForURL((url) => url.pathname === '/service-order');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a failed payment on a phone: FAILED with Try again, then paid on the second attempt',
    async () => {
      const { page, order } = await customerWithOrder('mobile');
      await page.goto(`/checkout?orderId=${order.displayId}`);
      await waitForHydration(page);
      await expectVisible(page.getByTestId('checkout-total'));
      await expectVisible(page.getByRole('checkbox', { name: /Photo Enhancement for Aarav Sharma/ }));
      await looksRight(page, 'checkout-390');

      await page.getByRole('button', { name: /^Pay / }).click();
      await payOnSandbox(page, 'Simulate failed payment');
      await expectVisible(
        page.getByRole('heading', { level: 1, name: 'Your payment did not go through' }),
        CONFIRM_TIMEOUT_MS,
      );
      await looksRight(page, 'checkout-failed-390');

      await page.getByRole('button', { name: 'Try again' }).click();
      await payOnSandbox(page, 'Simulate successful payment');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment received' }), CONFIRM_TIMEOUT_MS);
      await looksRight(page, 'checkout-success-390');
    },
    TEST_TIMEOUT_MS,
  );

  for (const device of ['mobile', 'desktop'] as const) {
    it(
      `back without paying (${device}): "Not paid yet" with Pay now and Back to your order after ~10 s (issue 28)`,
      async () => {
        const { page, order } = await customerWithOrder(device);
        const width = device === 'mobile' ? '390' : '1440';
        // An old checkout link still lands on checkout, on this site.
        await page.goto(`/service-order?orderId=${order.displayId}&checkout=1`);
        await page.waitForURL(
          (url) => url.pathname === '/checkout' && url.searchParams.get('orderId') === order.displayId,
        );
        expect(new URL(page.url()).origin).toBe(new URL(e2e.baseURL).origin);
        await waitForHydration(page);
        await expectVisible(page.getByTestId('checkout-total'));
        await looksRight(page, `checkout-checkout-${width}`);

        // No payment at all: not paid, at once.
        await page.goto(`/service-payment-success?orderId=${order.displayId}`);
        await waitForHydration(page);
        await expectVisible(page.getByRole('heading', { level: 1, name: NOT_PAID_TEXT.title }));

        // Pay opens the provider's page; the customer comes back without paying. The attempt stays
        // open: "Confirming…" first, then "Not paid yet" after NOT_PAID_AFTER_MS. The page runs on
        // Playwright's clock, which flows as usual, so that the test can move it on instead of
        // waiting 10 s: not yet at 7 s (3 s left for the page's own loading on a busy machine,
        // as when the test waited in real time), shown once 10 s have passed.
        await page.goto(`/checkout?orderId=${order.displayId}`);
        await waitForHydration(page);
        await page.getByRole('button', { name: /^Pay / }).click();
        await page.waitForURL((url) => url.pathname === '/api/v1/payments/sandbox/checkout');
        await page.clock.install();
        // The page asks for the payment once its effects have run, the 10 s timer's first: time
        // moved on before that would start the timer late.
        const asked = page.waitForRequest(
          (request) => new URL(request.url()).pathname === `/api/v1/orders/${order.displayId}/payment`,
        );
        await page.goto(`/service-payment-success?orderId=${order.displayId}`);
        await waitForHydration(page);
        await asked;
        const thankYou = page.getByRole('heading', { level: 1, name: 'Thank you' });
        const notPaid = page.getByRole('heading', { level: 1, name: NOT_PAID_TEXT.title });
        await expectVisible(thankYou);
        await page.clock.fastForward(NOT_PAID_AFTER_MS - 3_000);
        await renderedAfterTimers(page);
        expect(await thankYou.count()).toBe(1);
        expect(await notPaid.count()).toBe(0);
        await page.clock.fastForward(3_000);
        await expectVisible(notPaid);
        await expectVisible(page.getByText(NOT_PAID_TEXT.lead));
        expect(await page.getByRole('status').filter({ hasText: NOT_PAID_TEXT.title }).count()).toBe(1);
        const payNow = page.getByRole('link', { name: NOT_PAID_TEXT.payNow });
        expect(await payNow.getAttribute('href')).toBe(`/checkout?orderId=${order.displayId}`);
        expect(await page.getByRole('link', { name: NOT_PAID_TEXT.backToOrder }).getAttribute('href')).toBe(
          `/service-order?orderId=${order.displayId}`,
        );
        await looksRight(page, `checkout-not-paid-${width}`);

        // Keyboard: Pay now is reachable and leads back to checkout.
        await payNow.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/checkout');
        await expectVisible(page.getByTestId('checkout-total'));
      },
      TEST_TIMEOUT_MS,
    );
  }

  it('says "Loading your checkout…" while the page\'s code loads after an in-app navigation', async () => {
    const email = uniqueEmail('checkout-loading');
    await verifiedAccount(e2e.baseURL, email, 'Slow Phone');
    const { page, context } = await e2e.desktop();
    await signInContext(context, e2e.baseURL, email);
    const order = await startOrder(context, e2e.baseURL);
    await page.goto('/dashboard');
    await waitForHydration(page);
    const release = await holdBackChunk(page, 'checkout-page');
    await page.evaluate(
      (to) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
        ).__reactRouterDataRouter.navigate(to),
      `/checkout?orderId=${order.displayId}`,
    );
    await expectVisible(page.getByRole('status').filter({ hasText: 'Loading your checkout…' }));
    release();
    await expectVisible(page.getByRole('button', { name: /^Pay / }));
  });
});
