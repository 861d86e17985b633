import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DATA_RIGHTS_MESSAGES as M } from '../src/domain/data-rights/schemas.ts';
import { isNotFound } from '../src/server/lib/stale-files.ts';
import { readZip } from '../src/server/lib/zip.ts';
import { TEMP_FOLDER } from '../src/server/storage/local-disk.ts';
import { filesUnder } from '../src/server/test/multipart.ts';
import { signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/constants.ts';
import { onePagePdf } from './support/files.ts';
import { screenshot } from './support/looks.ts';
import { completeOrder, payAtCheckout, startOrder } from './support/orders.ts';
import { expectVisible, holdBackChunk, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();
const TEST_TIMEOUT_MS = 240_000;

/**
 * The SHA-256 of every file in the server's local file storage (DATA_DIR/files). The journeys in
 * the other worker share this server and write and remove files meanwhile: a body being written
 * (in the storage's temporary folder) is not a stored file, and a file removed between the listing
 * and its reading is no longer stored.
 */
async function storedHashes(): Promise<Set<string>> {
  const root = join(inject('dataDir'), 'files');
  const files = (await filesUnder(root)).filter((file) => !file.startsWith(join(root, TEMP_FOLDER, sep)));
  const hashes = await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      return bytes && createHash('sha256').update(bytes).digest('hex');
    }),
  );
  return new Set(hashes.filter((hash) => hash !== null));
}

describe('data rights, self-service (issue 34 §3)', () => {
  it(
    'a customer downloads their export and finds their completed order, then is erased with their file; another with an open order waits in the staff queue',
    async () => {
      // Ana: a complete New OCI Card application, paid, then completed by staff.
      const ana = uniqueEmail('data-rights-ana');
      await verifiedAccount(e2e.baseURL, ana, 'Ana Rights');
      const customer = await e2e.desktop();
      await signInContext(customer.context, e2e.baseURL, ana);
      const headers = { origin: e2e.baseURL };
      const order = await startOrder(customer.context, e2e.baseURL);
      await completeOrder(customer.context, e2e.baseURL, order);
      // One document of her own bytes, to find in storage (other journeys upload the same fixtures).
      const [adult] = order.members;
      if (!adult) throw new Error('no member');
      const sent = await onePagePdf(`Ana's passport ${randomUUID()}`);
      const memberPath = `/api/v1/application/order/${order.displayId}/members/${adult.id}`;
      const checklist = (await (await customer.context.request.get(`${memberPath}/checklist`)).json()).data.items as {
        id: string;
        required: boolean;
        accept: { types: string[] };
      }[];
      const pdfItem = checklist.find((item) => item.required && item.accept.types.includes('pdf'));
      if (!pdfItem) throw new Error('no PDF item on the checklist');
      // A new upload replaces the member's file for the item.
      const replaced = await customer.context.request.post(`${memberPath}/documents/${pdfItem.id}`, {
        headers,
        multipart: { file: { name: 'ana-passport.pdf', mimeType: 'application/pdf', buffer: Buffer.from(sent) } },
      });
      expect(replaced.status(), await replaced.text()).toBe(201);
      // A PDF is stored as checked, written again (decision 0092): her file is what the server keeps.
      const documentId = (await replaced.json()).data.document.id;
      const mine = await (
        await customer.context.request.get(
          `/api/v1/application/order/${order.displayId}/documents/${documentId}/download`,
        )
      ).body();
      const mineHash = createHash('sha256').update(mine).digest('hex');
      const page = customer.page;
      await payAtCheckout(page, order.displayId);

      await verifiedAccount(e2e.baseURL, E2E_ADMIN_EMAIL, 'Meera Iyer').catch(() => undefined);
      const staff = await e2e.desktop();
      await signInContext(staff.context, e2e.baseURL, E2E_ADMIN_EMAIL);
      for (const status of ['In review', 'Submitted', 'Approved', 'Completed']) {
        if (status === 'Submitted') {
          // Submitted waits for the posting address our team confirms (decision 0179).
          const confirmed = await staff.context.request.put(`/api/v1/admin/orders/${order.displayId}/posting-address`, {
            headers,
            data: {
              lines: ['VFS Global', '228 Grant Avenue, 5th Floor', 'San Francisco, CA 94108'],
              // The mission the address is confirmed for: the order's (its address is in Visalia, ZIP 93277).
              mission: 'Consulate General of India, San Francisco',
            },
          });
          expect(confirmed.status(), await confirmed.text()).toBe(200);
          // And for the fees our team paid at the centre, which the refund policy keeps from Submitted on.
          const feesPaid = await staff.context.request.put(`/api/v1/admin/orders/${order.displayId}/fees-paid`, {
            headers,
            data: { reference: 'VFS-SFO-2026-004211' },
          });
          expect(feesPaid.status(), await feesPaid.text()).toBe(200);
        }
        const moved = await staff.context.request.post(`/api/v1/admin/orders/${order.displayId}/status`, {
          headers,
          data: { status },
        });
        expect(moved.status(), await moved.text()).toBe(200);
      }

      // Her export: one ZIP holding the completed order and her document.
      await page.goto('/profile');
      await waitForHydration(page);
      const section = page.getByRole('region', { name: 'Your data' });
      await expectVisible(section);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'data-rights-profile-1440');
      const downloading = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Download my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^sevadocs-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const archive = readZip(await readFile(await download.path()));
      const data = JSON.parse(archive.get('sevadocs-data.json')?.toString('utf8') ?? '{}');
      expect(data.account.email).toBe(ana);
      expect(data.orders.map((o: { orderId: string; status: string }) => [o.orderId, o.status])).toEqual([
        [order.displayId, 'Completed'],
      ]);
      const documents = data.orders[0].application.documents as { sha256: string; fileInArchive: string | null }[];
      const exported = documents.find((d) => d.sha256 === mineHash);
      expect(exported?.fileInArchive).toBeTruthy();
      expect(archive.get(exported?.fileInArchive ?? '')?.equals(Buffer.from(mine))).toBe(true);
      expect((await storedHashes()).has(mineHash)).toBe(true);

      // Her deletion: the confirmation step, then the account and her file are gone.
      await section.getByRole('button', { name: 'Delete my account…' }).click();
      await section.getByLabel('Your password').fill('Str0ng!Pass');
      await section.getByRole('checkbox').check();
      await section.getByRole('button', { name: 'Delete my account', exact: true }).click();
      // A page loaded afresh: her name and avatar are gone from the header with the account.
      await page.waitForURL((url) => url.pathname === '/account-deleted', { timeout: 20_000 });
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Your account is deleted' }));
      await expectVisible(page.getByText(M.erased));
      expect(await page.getByRole('button', { name: /^Account menu for/ }).count()).toBe(0);
      await expectVisible(page.getByRole('banner').getByRole('link', { name: 'Sign In' }));
      expect(await seriousViolations(page)).toEqual([]);
      expect((await storedHashes()).has(mineHash)).toBe(false);
      await page.goto('/profile');
      await page.waitForURL((url) => url.pathname === '/signin');

      // Ben, from his phone: a paid application whose forms are not done yet, and one he never
      // paid for. His request cancels the unpaid one and waits for the other.
      const ben = uniqueEmail('data-rights-ben');
      await verifiedAccount(e2e.baseURL, ben, 'Ben Waiting');
      const phone = await e2e.mobile();
      await signInContext(phone.context, e2e.baseURL, ben);
      const open = await startOrder(phone.context, e2e.baseURL);
      await payAtCheckout(phone.page, open.displayId);
      const unpaid = await startOrder(phone.context, e2e.baseURL);
      await phone.page.goto('/profile');
      await waitForHydration(phone.page);
      const his = phone.page.getByRole('region', { name: 'Your data' });
      await his.getByRole('button', { name: 'Delete my account…' }).click();
      await his.getByLabel('Your password').fill('Str0ng!Pass');
      await his.getByRole('checkbox').check();
      await his.getByRole('button', { name: 'Delete my account', exact: true }).click();
      await expectVisible(his.getByText('Deletion requested'), 20_000);
      await expectVisible(his.getByRole('link', { name: `${open.displayId} · Forms incomplete` }));
      expect(await his.getByText(unpaid.displayId).count(), 'the unpaid order went with the request').toBe(0);
      await his.scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'data-rights-profile-390', { fullPage: false });

      // Staff see it in the queue, due one month on, held while his order is open.
      const queue = staff.page;
      await queue.goto('/admin/data-rights');
      await waitForHydration(queue);
      const entry = queue.getByRole('listitem').filter({ hasText: 'Ben Waiting' });
      await expectVisible(entry);
      await expectVisible(entry.getByRole('link', { name: `${open.displayId} · Forms incomplete` }));
      expect(await entry.getByRole('button', { name: /^Erase the account/ }).isDisabled()).toBe(true);
      await expectVisible(entry.getByText(/days? left/));
      await screenshot(queue, 'data-rights-queue-1440');
      await queue.setViewportSize({ width: 390, height: 844 });
      await screenshot(queue, 'data-rights-queue-390');
    },
    TEST_TIMEOUT_MS,
  );

  it('a tap on "Download my data" before the section\'s code has arrived downloads once the code is there', async () => {
    const email = uniqueEmail('data-rights-early');
    await verifiedAccount(e2e.baseURL, email, 'Early Tapper');
    const { page, context } = await e2e.mobile();
    await signInContext(context, e2e.baseURL, email);
    // The code of the profile page and of the section in it (a lazily loaded part inside another),
    // each let through when the test says.
    const releaseProfile = await holdBackChunk(page, 'profile-page');
    const releaseSection = await holdBackChunk(page, 'data-rights-section');
    const exports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/users/data-export')) exports.push(request.method());
    });
    await page.goto('/profile');
    await waitForHydration(page);
    const button = page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Download my data' });
    await expectVisible(button);
    const downloading = page.waitForEvent('download');
    await button.click();
    releaseProfile();
    const profilePart = page.locator('main [data-lazy-part]').first();
    await poll(() => profilePart.getAttribute('aria-busy')).toBe('false');
    // (The header's signed-in controls are a part of their own, busy or not by now.)
    expect(
      await button.evaluate((node) => node.closest('[data-lazy-part][aria-busy="true"]') !== null),
      'the section is still waiting',
    ).toBe(true);
    expect(exports, "nothing can be asked for before the section's code is there").toEqual([]);
    releaseSection();
    expect((await downloading).suggestedFilename()).toMatch(/^sevadocs-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(exports, 'one tap, one export').toEqual(['POST']);
  });
});
