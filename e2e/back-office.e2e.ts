import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_DESK_MESSAGES } from '../src/domain/admin/orders.ts';
import { COMPLETION_TEXT } from '../src/domain/applications/completion.ts';
import { LAYOUT_MESSAGES } from '../src/domain/limits/messages.ts';
import { STATUS_MESSAGES } from '../src/domain/orders/status.ts';
import { ROLE_MESSAGES } from '../src/domain/users/roles.ts';
import { ADMIN_SECTIONS } from '../src/web/features/admin/sections.ts';
import { signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/constants.ts';
import { onePagePdf } from './support/files.ts';
import { looksRight, screenshot, sidewaysOverflow } from './support/looks.ts';
import { completeOrder, payAtCheckout, startOrder } from './support/orders.ts';
import { expectVisible, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

const TEST_TIMEOUT_MS = 150_000;
const REMARK = 'We are checking your passport scans with the consulate checklist.';
const SEND_BACK = 'Please upload the photo page of the passport again: its lower edge is cut off.';

/** The first admin (ADMIN_EMAILS), signed up and verified once for the whole file. */
let adminAccount: Promise<void> | undefined;
const ensureAdmin = () => (adminAccount ??= verifiedAccount(e2e.baseURL, E2E_ADMIN_EMAIL, 'Meera Iyer'));

/** Whether the back office's current section is wholly inside its row of sections as scrolled. */
function currentSectionInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const current = document.querySelector('nav[aria-label="Back office"] [aria-current="page"]');
    const row = current?.closest('ul');
    if (!current || !row) return false;
    const [a, r] = [current.getBoundingClientRect(), row.getBoundingClientRect()];
    return a.left >= r.left - 0.5 && a.right <= r.right + 0.5;
  });
}

describe('back office (issue 13)', () => {
  it(
    'a customer pays → staff find the order in the queue, move it to In review with a remark and send a document → the customer sees the timeline, the notification and the document',
    async () => {
      // The customer: a complete application, paid through the sandbox on the checkout page.
      const email = uniqueEmail('back-office-customer');
      await verifiedAccount(e2e.baseURL, email, 'Priya Sharma');
      const customer = await e2e.desktop();
      await signInContext(customer.context, e2e.baseURL, email);
      const order = await startOrder(customer.context, e2e.baseURL);
      await completeOrder(customer.context, e2e.baseURL, order);
      const page = customer.page;
      await payAtCheckout(page, order.displayId);

      // Staff (the first admin, from ADMIN_EMAILS) find it in the queue by its id.
      await ensureAdmin();
      const staff = await e2e.desktop();
      await signInContext(staff.context, e2e.baseURL, E2E_ADMIN_EMAIL);
      const desk = staff.page;
      await desk.goto('/admin/orders');
      await waitForHydration(desk);
      await desk
        .getByRole('searchbox', { name: 'Order id, e-mail, or customer or applicant name' })
        .fill(order.displayId);
      await desk.getByRole('button', { name: 'Search' }).click();
      await desk.waitForURL((url) => url.searchParams.get('q') === order.displayId);
      const row = desk.getByRole('link', { name: order.displayId });
      await expectVisible(row);
      await expectVisible(
        desk.getByRole('row', { name: new RegExp(order.displayId) }).getByText('Order pending', { exact: true }),
      );
      await looksRight(desk, 'back-office-queue');
      await row.click();
      await desk.waitForURL((url) => url.pathname === `/admin/orders/${order.displayId}`);
      await waitForHydration(desk);
      await expectVisible(desk.getByRole('heading', { level: 1, name: new RegExp(order.displayId) }));

      // In review, with a remark for the customer.
      const statusForm = desk.getByRole('form', { name: 'Change status' });
      await statusForm.getByRole('combobox', { name: 'New status' }).selectOption('In review');
      await statusForm.getByRole('textbox', { name: /^Remark for the customer/ }).fill(REMARK);
      await statusForm.getByRole('button', { name: 'Change status' }).click();
      await expectVisible(desk.getByRole('main').getByText(REMARK).first());

      // A document back to the customer.
      const sendForm = desk.getByRole('form', { name: 'Send a document to the customer' });
      await sendForm.getByLabel(/^File/).setInputFiles({
        name: 'consulate-checklist.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(await onePagePdf('Consulate checklist, signed')),
      });
      await sendForm.getByRole('button', { name: 'Send to the customer' }).click();
      await expectVisible(desk.getByText('Document sent to the customer').first());
      await looksRight(desk, 'back-office-order');
      // Where the file goes, stored from the applicant's saved address (issue 32 §1): the family's
      // home in Visalia (ZIP 93277), Tulare County.
      await expectVisible(
        desk.getByText(
          /^Consulate General of India, San Francisco \(Tulare County\), through the VFS centre in San Francisco, by post\./,
        ),
      );
      await desk.setViewportSize({ width: 390, height: 844 });
      await looksRight(desk, 'back-office-order-390');

      // The customer: the status and remark on the timeline, the document, the bell.
      await page.goto(`/service-order?orderId=${order.displayId}`);
      await waitForHydration(page);
      await expectVisible(page.getByText('In review').first());
      await expectVisible(page.getByRole('region', { name: 'Timeline' }).getByText(REMARK, { exact: false }));
      await expectVisible(
        page.getByRole('region', { name: 'Documents from our team' }).getByText('consulate-checklist.pdf'),
      );
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications, \d+ unread$/ })
        .click();
      const panel = page.getByRole('dialog', { name: /^Notifications \(\d+\)$/ });
      await expectVisible(panel.getByText(REMARK, { exact: false }).first());

      // Staff send it back, on the phone-sized desk: not before saying what the customer should change.
      const change = desk.getByRole('form', { name: 'Change status' });
      await change.getByRole('combobox', { name: 'New status' }).selectOption('Forms incomplete');
      await change.getByRole('button', { name: 'Change status' }).click();
      await expectVisible(change.getByText(STATUS_MESSAGES.sendBackNeedsRemark));
      await change.getByRole('textbox', { name: /^What the customer should change/ }).fill(SEND_BACK);
      await change.getByRole('button', { name: 'Change status' }).click();
      await expectVisible(desk.getByRole('main').getByText(SEND_BACK).first());
      // The customer reads what to change first on the order's page.
      await page.reload();
      await waitForHydration(page);
      const toDo = page.getByRole('region', { name: 'What you still need to do' });
      await expectVisible(toDo.getByText(COMPLETION_TEXT.sentBack));
      await expectVisible(toDo.getByText(SEND_BACK));
      await looksRight(page, 'back-office-sent-back');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fits every back-office page on a 390 px phone without the page scrolling sideways',
    async () => {
      await ensureAdmin();
      const { context, page } = await e2e.mobile();
      await signInContext(context, e2e.baseURL, E2E_ADMIN_EMAIL);
      const editors = ['/admin/content/partners/new', '/admin/content/team-members/new', '/admin/content/about'];
      const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
      for (const path of [...ADMIN_SECTIONS.map((section) => section.to), ...editors, '/admin/countries/IN']) {
        await page.goto(path);
        expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
        // The sections' row scrolls sideways on a phone: the page's own is in view, whole.
        await expect.poll(() => currentSectionInView(page), { timeout: 5_000, message: path }).toBe(true);
        // The customers' chat button is not over the desk (it covered its amounts on a phone).
        expect(await chat.isVisible(), path).toBe(false);
      }
      // …and it is there again on the storefront.
      await page.goto('/services');
      expect(await chat.isVisible()).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it('tells staff an order id that does not exist, and a customer that the back office is not theirs, in words', async () => {
    await ensureAdmin();
    const staff = await e2e.desktop({ allowConsoleErrors: [/status of 404/] });
    await signInContext(staff.context, e2e.baseURL, E2E_ADMIN_EMAIL);
    const missing = await staff.page.goto('/admin/orders/DOC-000000');
    expect(missing?.status()).toBe(404);
    const main = staff.page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: LAYOUT_MESSAGES.errorPage }));
    await expectVisible(main.getByText(ORDER_DESK_MESSAGES.notFound));
    expect(await staff.page.title()).toBe(`${LAYOUT_MESSAGES.errorPage} | SevaDocs`);
    // Not a failure to try again, and the site's frame stays around it.
    expect(await main.getByRole('link', { name: 'Try again' }).count()).toBe(0);
    await expectVisible(staff.page.getByRole('navigation', { name: 'Main' }));

    const email = uniqueEmail('back-office-stranger');
    await verifiedAccount(e2e.baseURL, email, 'Ravi Menon');
    const customer = await e2e.desktop({ allowConsoleErrors: [/status of 403/] });
    await signInContext(customer.context, e2e.baseURL, email);
    const refused = await customer.page.goto('/admin/orders');
    expect(refused?.status()).toBe(403);
    await expectVisible(customer.page.getByRole('main').getByText(ROLE_MESSAGES.forbidden));
  });

  it(
    "an admin adds a FAQ for Canada to a service on a 390 px phone, by keyboard, and the service's Canadian page shows it at once, the US page not",
    async () => {
      await ensureAdmin();
      const { context, page } = await e2e.mobile();
      await signInContext(context, e2e.baseURL, E2E_ADMIN_EMAIL);
      await page.goto('/admin/catalog');
      await page.getByRole('main').getByRole('link', { name: 'OCI Card', exact: true }).click();
      await page.waitForURL((url) => /^\/admin\/catalog\/\d+$/.test(url.pathname));
      await waitForHydration(page);

      const question = `Can I travel while my OCI card is processed? (${Date.now()})`;
      const form = page.getByRole('form', { name: 'OCI Card: new FAQ' });
      await form.getByRole('textbox', { name: /^Answer/ }).fill('Yes, on your valid visa and passport.');
      await form.getByRole('combobox', { name: /^Applying From/ }).selectOption('CA');
      const field = form.getByRole('textbox', { name: /^Question/ });
      await field.fill(question);
      await field.press('Enter');
      await expectVisible(form.getByText('Created'));
      await expectVisible(page.getByRole('form', { name: `FAQ: ${question} (Applying From: Canada)` }));
      // axe on this page (every catalog form) passed once with no serious violation but costs ~20 s: not kept here.
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      // The package texts per country (decision 0080), as a phone shows them (git-ignored screenshots).
      const texts = page.getByRole('region', { name: 'Texts per country' }).first();
      await expectVisible(texts);
      await screenshot(texts, 'back-office-country-texts-390');

      // The public pages (rendered-page cache and cached reads dropped by the change).
      await page.goto('/oci-card/ca');
      await expectVisible(page.getByText(question));
      await page.goto('/oci-card/us');
      await expectVisible(page.getByRole('heading', { level: 1 }));
      expect(await page.getByText(question).count()).toBe(0);

      const desk = await e2e.desktop();
      await signInContext(desk.context, e2e.baseURL, E2E_ADMIN_EMAIL);
      await desk.page.goto('/admin/catalog');
      await desk.page.getByRole('main').getByRole('link', { name: 'OCI Card', exact: true }).click();
      await desk.page.waitForURL((url) => /^\/admin\/catalog\/\d+$/.test(url.pathname));
      const deskTexts = desk.page.getByRole('region', { name: 'Texts per country' }).first();
      await expectVisible(deskTexts);
      await screenshot(deskTexts, 'back-office-country-texts-1440');
    },
    TEST_TIMEOUT_MS,
  );
});
