import { describe, expect, it } from 'vitest';
import { PASSPORT_MESSAGES } from '../src/domain/passports/mrz-reading.ts';
import { mrzLines, PRIYA } from '../src/domain/passports/testing.ts';
import { completeOciAnswers } from '../src/server/modules/applications/testing.ts';
import { passportPhoto } from '../src/server/ocr/testing.ts';
import { grainyJpeg } from '../src/server/test/upload-fixtures.ts';
import { signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { screenshot, sidewaysOverflow } from './support/looks.ts';
import { startOrder } from './support/orders.ts';
import { expectVisible, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

describe('the passport reads itself (issue 30 §2)', () => {
  it('fills the passport step from a photo of the bio page, once confirmed, and catches a wrong digit typed afterwards', async () => {
    const email = uniqueEmail('passport');
    await verifiedAccount(e2e.baseURL, email, 'Priya Sharma');
    const { page, context } = await e2e.mobile();
    await signInContext(context, e2e.baseURL, email);
    const order = await startOrder(context, e2e.baseURL);
    const adult = order.members.find((m) => m.kind === 'Adult');
    if (!adult) throw new Error('the order has no adult');

    await page.goto(`/package-form?orderId=${order.displayId}&member=${adult.id}&step=2`);
    await waitForHydration(page);
    const reader = page.getByRole('region', { name: 'Read my passport' });
    await expectVisible(reader);

    // A photo of the page: read on the server, listed for the customer, nothing filled yet.
    const started = Date.now();
    await reader
      .getByLabel('Photo or scan of the passport’s photo page (JPEG, PNG, HEIC or PDF)')
      .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await passportPhoto(mrzLines(PRIYA)) });
    await expectVisible(reader.getByRole('heading', { name: 'We read these from your passport' }), 30_000);
    const readMs = Date.now() - started;
    await expectVisible(reader.getByText('X12345678'));
    expect(await reader.getByLabel('Surname').inputValue()).toBe('SHARMA');
    expect(await page.getByLabel(/^Passport number/).inputValue()).toBe('');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'passport-reading-confirm-390');

    await reader.getByRole('button', { name: 'Use these values' }).click();
    await expectVisible(reader.getByText('Your answers match the passport you read'));
    expect(await page.getByLabel(/^Passport number/).inputValue()).toBe('X12345678');
    expect(await page.getByLabel('Date of expiry').inputValue()).toBe('2031-07-15');
    expect(await page.getByLabel('Present nationality').inputValue()).toBe('US');
    await expectVisible(page.getByText('All changes saved'));

    // The buttons' bar keeps its shape as "Saving…" becomes "All changes saved" (walk G): Continue's
    // width and the bar's height. The save is held a moment to be seen.
    const barShape = async () => ({
      continue: (await page.getByRole('button', { name: 'Continue' }).boundingBox())?.width,
      bar: (await page.locator('[data-sticky-actions]').boundingBox())?.height,
    });
    const saved = await barShape();
    await page.route('**/members/*/form', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    await page.getByLabel('Place of issue').fill('NEW YORK');
    await expectVisible(page.getByText('Saving…'));
    expect(await barShape()).toEqual(saved);
    await expectVisible(page.getByText('All changes saved'));
    expect(await barShape()).toEqual(saved);
    await page.unroute('**/members/*/form');

    // The photo just read is the passport copy the Documents step asks for: one tap, not a second
    // upload of the same page (decision 0196).
    await expectVisible(reader.getByText('Keep this file as “Current foreign passport” too?'));
    await screenshot(page, 'passport-reading-keep-copy-390');
    await reader.getByRole('button', { name: 'Keep it as the copy' }).click();
    await expectVisible(
      reader.getByText('Kept as “Current foreign passport”. Add any other page under Documents with “Add a page”.'),
    );
    const checklist = await (
      await context.request.get(`/api/v1/application/order/${order.displayId}/members/${adult.id}/checklist`)
    ).json();
    const passportItem = checklist.data.items.find((i: { id: string }) => i.id === 'foreign-passport');
    expect(passportItem.documents.map((d: { name: string; type: string }) => [d.name, d.type])).toEqual([
      ['passport.jpg', 'image/jpeg'],
    ]);

    // Two digits swapped by hand afterwards: shown side by side at once…
    await page.getByLabel(/^Passport number/).fill('X12354678');
    const mismatch = reader.getByText('Your answers and your passport disagree');
    await expectVisible(mismatch);
    await expectVisible(
      reader.getByText(
        'Passport number: two characters are swapped. You typed X12354678, the passport says X12345678.',
      ),
    );
    await screenshot(page, 'passport-reading-mismatch-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await reader.scrollIntoViewIfNeeded();
    await screenshot(page, 'passport-reading-mismatch-1440');

    // …and the review refuses the member while they disagree (every other answer complete).
    const memberForm = `/api/v1/application/order/${order.displayId}/members/${adult.id}/form`;
    const headers = { origin: e2e.baseURL };
    // The page's autosave of the swapped digits lands first: a save of ours inside its one-a-second
    // window would answer the page 429 (which it waits out, but logs), and its late save would
    // then replace the answers below.
    await poll(async () => (await (await context.request.get(memberForm)).json()).data.answers.passportNumber).toBe(
      'X12354678',
    );
    const answers = {
      ...completeOciAnswers('Adult'),
      surname: 'SHARMA',
      givenName: 'PRIYA DEVI',
      sex: 'female',
      dateOfBirth: '1985-03-14',
      passportNumber: 'X12354678',
      passportCountry: 'US',
      passportIssueDate: '2021-07-16',
      passportExpiryDate: '2031-07-15',
      presentNationality: 'US',
    };
    await poll(async () =>
      (await context.request.put(memberForm, { headers, data: { currentStep: 2, answers } })).status(),
    ).toBe(200);
    const review = await context.request.post(`${memberForm}/review`, { headers });
    expect(review.status()).toBe(400);
    const refused = await review.json();
    expect(refused.message).toBe(PASSPORT_MESSAGES.mismatch);
    expect(refused.errors.passportNumber).toContain('two characters are swapped');
    console.info(`passport read in ${readMs} ms (upload, OCR with model loading, answer)`);

    // The signature page, photographed on its own, joins the kept copy on the Documents step: one
    // PDF of both pages for the item.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/package-form?orderId=${order.displayId}&member=${adult.id}&step=8`);
    await waitForHydration(page);
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Documents' }));
    await expectVisible(page.getByText(/A document of several pages can be one file, or a photo of each page/));
    const slot = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { level: 3, name: 'Current foreign passport' }),
    });
    await slot.getByLabel('Add a page: Current foreign passport').setInputFiles({
      name: 'signature page.jpg',
      mimeType: 'image/jpeg',
      buffer: await passportPhoto(mrzLines(PRIYA)),
    });
    await expectVisible(slot.getByText(/· 2 pages/), 30_000);
    await expectVisible(slot.getByTitle('passport.pdf'));
    expect(await seriousViolations(page, 'main')).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await slot.scrollIntoViewIfNeeded();
    await screenshot(page, 'passport-copy-two-pages-390');

    // Scrolled down through the step, the chat button steps aside from the checks and fields it
    // covered; on the way up it is back.
    const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
    const chatOpacity = () => chat.evaluate((el) => getComputedStyle(el).opacity);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 500);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.chat-fab') as Element).opacity === '0');
    await page.mouse.wheel(0, -200);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.chat-fab') as Element).opacity === '1');
    expect(await chatOpacity()).toBe('1');

    // A phone's full-size photo of a page is drawn smaller before it is sent (the server keeps
    // 1600 px of it): not megabytes across a slow connection for ~100 KB kept.
    const cameraPhoto = await grainyJpeg(4000, 20);
    // The size of the file the page hands to its upload (neither postData() nor sizes() sees an XHR's FormData).
    await page.evaluate(() => {
      const sent: number[] = [];
      Object.assign(window, { sentFileSizes: sent });
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        const file = body instanceof FormData ? body.get('file') : null;
        if (file instanceof File) sent.push(file.size);
        return send.call(this, body);
      };
    });
    await slot
      .getByLabel('Add a page: Current foreign passport')
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: cameraPhoto });
    await expectVisible(slot.getByText(/· 3 pages/), 30_000);
    const [sentBytes = 0] = await page.evaluate(() => (window as unknown as { sentFileSizes: number[] }).sentFileSizes);
    console.info(`a ${cameraPhoto.length}-byte camera photo went up as ${sentBytes} bytes`);
    expect(sentBytes).toBeGreaterThan(0);
    expect(sentBytes).toBeLessThan(cameraPhoto.length / 2);

    // That photo was the wrong page: taken out again (the last by default), the file keeps the other two.
    await slot.getByRole('button', { name: 'Remove a page of passport.pdf' }).click();
    const question = slot.getByRole('group', { name: 'Remove a page of passport.pdf' });
    expect(await question.getByLabel('Page').inputValue()).toBe('3');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'passport-copy-remove-page-390');
    await question.getByRole('button', { name: 'Remove page 3' }).click();
    await expectVisible(slot.getByText(/· 2 pages/), 30_000);
    await expectVisible(page.getByText('Page 3 removed: passport.pdf now has 2 pages.'));

    // From the keyboard, Replace's input rings Replace itself (the walk found only the box ringed).
    await slot.getByLabel('Add a page: Current foreign passport').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Replace: Current foreign passport',
    );
    const replace = slot.locator('label', { hasText: /^Replace$/ });
    expect(await replace.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.setViewportSize({ width: 1440, height: 900 });
    await slot.scrollIntoViewIfNeeded();
    await screenshot(page, 'passport-copy-replace-focus-1440');
  });
});
