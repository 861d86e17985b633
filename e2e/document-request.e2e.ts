import { describe, expect, it } from 'vitest';
import { COMPLETION_TEXT } from '../src/domain/applications/completion.ts';
import { phonePhoto } from '../src/server/modules/photos/compliance/test-images.ts';
import {
  mailsTo,
  STRONG_PASSWORD,
  signInContext,
  uniqueEmail,
  verifiedAccount,
  waitForInteractive,
} from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/constants.ts';
import { screenshot } from './support/looks.ts';
import { completeOrder, payAtCheckout, startOrder } from './support/orders.ts';
import { expectVisible, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();
const TEST_TIMEOUT_MS = 150_000;
const NOTE = 'Your eyes are closed in this photo.';

describe('a document request (issue 30 §4)', () => {
  it(
    'staff ask for a photo again → the e-mail’s link, opened signed out on a phone, signs in and lands on the slot → the upload says Everything is in',
    async () => {
      // A complete, paid application (Order pending), put In review by staff through the API.
      const email = uniqueEmail('document-request');
      await verifiedAccount(e2e.baseURL, email, 'Priya Sharma');
      const customer = await e2e.desktop();
      await signInContext(customer.context, e2e.baseURL, email);
      const order = await startOrder(customer.context, e2e.baseURL);
      await completeOrder(customer.context, e2e.baseURL, order);
      const checkout = customer.page;
      await payAtCheckout(checkout, order.displayId);

      // The first admin (ADMIN_EMAILS); another spec file may have made the account already.
      await verifiedAccount(e2e.baseURL, E2E_ADMIN_EMAIL, 'Meera Iyer').catch(() => undefined);
      const staff = await e2e.desktop();
      await signInContext(staff.context, e2e.baseURL, E2E_ADMIN_EMAIL);
      const headers = { origin: e2e.baseURL };
      const [adult] = order.members;
      if (!adult) throw new Error('no member');
      const review = await staff.context.request.post(`/api/v1/admin/orders/${order.displayId}/status`, {
        headers,
        data: { status: 'In review' },
      });
      expect(review.status(), await review.text()).toBe(200);
      const requested = await staff.context.request.post(`/api/v1/admin/orders/${order.displayId}/document-requests`, {
        headers,
        data: { memberId: adult.id, itemId: 'photo', note: NOTE },
      });
      expect(requested.status(), await requested.text()).toBe(201);

      // The e-mail's link, on a phone that is not signed in: sign in, then back at the slot.
      // Other e-mails (the receipt) link to the order page too: this one names the slot.
      let link = '';
      await expect
        .poll(
          async () => {
            const links = (await mailsTo(e2e.baseURL, email)).flatMap((m) => m.links);
            link = links.find((l) => new URL(l).searchParams.has('document')) ?? '';
            return link;
          },
          { timeout: 20_000, interval: 200 },
        )
        .not.toBe('');
      expect(new URL(link).pathname).toBe('/service-order');
      expect(new URL(link).searchParams.get('document')).toBe(`${adult.id}-photo`);
      expect(new URL(link).origin).toBe(e2e.baseURL);
      const phone = await e2e.mobile();
      const page = phone.page;
      await page.goto(link);
      await page.waitForURL((url) => url.pathname === '/signin');
      await waitForHydration(page);
      const form = page.getByRole('form', { name: 'Sign In' });
      // The form is its own chunk: until it is hydrated, typing goes into the server's HTML.
      await waitForInteractive(form);
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      const signedIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/auth/signin');
      await form.getByRole('button', { name: 'Sign In', exact: true }).click();
      const answer = await signedIn;
      expect(answer.status(), await answer.text()).toBe(200);
      // The sign-in goes back in the page (a client-side navigation): read the address, not a load event.
      await expect
        .poll(
          () => {
            const url = new URL(page.url());
            return `${url.pathname}?document=${url.searchParams.get('document')}`;
          },
          { timeout: 30_000 },
        )
        .toBe(`/service-order?document=${adult.id}-photo`);
      const slot = page.locator(`#document-${adult.id}-photo`);
      await expectVisible(slot);
      await poll(() => slot.evaluate((node) => node === document.activeElement)).toBe(true);
      await expectVisible(slot.getByText(NOTE));
      await screenshot(page, 'document-request-390', { fullPage: false });

      // A photo slot stores the photo fitted by SevaPhotos' engine (decision 0098): a real face.
      await slot.locator('input[type="file"]').setInputFiles({
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: await phonePhoto(),
      });
      await expectVisible(page.getByText(COMPLETION_TEXT.allInPaid));
      // The answered item stays where the customer is, its file listed (walk H: once the order
      // settled the page grew shorter above it, and the phone was left on the timeline).
      const inView = () =>
        slot.evaluate((node) => {
          const box = node.getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight;
        });
      await expectVisible(slot.getByText('photo.jpg'));
      await poll(inView).toBe(true);
      await page.waitForTimeout(500);
      expect(await inView()).toBe(true);
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, 'document-request-1440', { fullPage: false });
    },
    TEST_TIMEOUT_MS,
  );
});
