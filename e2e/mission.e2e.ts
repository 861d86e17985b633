import { describe, expect, it } from 'vitest';
import { formatPageWeight, measurePageWeight } from '../bench/page-weight.ts';
import { memberSteps, stepIndexByField } from '../src/domain/forms/visibility.ts';
import { VISALIA_ADDRESS_ANSWERS as VISALIA } from '../src/domain/jurisdiction/testing.ts';
import { definitionForPackage } from '../src/server/modules/applications/form-definitions/index.ts';
import { applicationFormHref } from '../src/web/lib/application-api.ts';
import { signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { screenshot } from './support/looks.ts';
import { completeOrder, startOrder } from './support/orders.ts';
import { expectHidden, expectVisible, waitForHydration } from './support/page.ts';

const e2e = setupE2E();
const OCI = definitionForPackage('oci-card', 'new-oci-card');
const TULARE =
  'Your file goes to the Consulate General in San Francisco (Tulare County), through the VFS centre in San Francisco, by post.';
describe('where the file goes (issue 32 §1)', () => {
  it.each([
    ['390', () => e2e.mobile()],
    ['1440', () => e2e.desktop()],
  ])(
    'the service page tells a visitor at %s px which mission serves their ZIP, with the source',
    async (width, open) => {
      const { page } = await open();
      await page.goto('/oci-card/us');
      await waitForHydration(page);
      const where = page.getByRole('region', { name: 'Where do you live?' });
      await where.getByLabel('ZIP code').fill('9327');
      await where.getByRole('button', { name: 'Show where my file goes' }).click();
      await expectVisible(where.getByRole('alert').filter({ hasText: 'Enter a valid ZIP code' }));
      await where.getByLabel('ZIP code').fill('93277');
      await where.getByRole('button', { name: 'Show where my file goes' }).click();
      await expectVisible(where.getByText(TULARE));
      await expectVisible(where.getByRole('link', { name: 'cgisf.gov.in' }));
      await where.scrollIntoViewIfNeeded();
      await screenshot(page, `mission-service-page-${width}`, { fullPage: false });
    },
  );

  it('keeps the service page within the first-load budget: the look-up loads on first use (DESIGN.md §4)', async () => {
    const weight = await measurePageWeight(`${e2e.baseURL}/oci-card/us`);
    expect(weight.scripts.length).toBeGreaterThan(2);
    expect(weight.withinBudget, formatPageWeight(weight)).toBe(true);
    console.info(formatPageWeight(weight));
  });

  it('a proof of address from another mission’s area holds the application back until its code matches', async () => {
    const email = uniqueEmail('mission');
    await verifiedAccount(e2e.baseURL, email, 'Priya Sharma');
    const { context, page } = await e2e.mobile();
    await signInContext(context, e2e.baseURL, email);
    const order = await startOrder(context, e2e.baseURL);
    await completeOrder(context, e2e.baseURL, order, VISALIA);
    const headers = { origin: e2e.baseURL };
    const base = `/api/v1/application/order/${order.displayId}/members`;
    // Priya's proof of address is a bill from Bakersfield (Kern County: Los Angeles).
    const [adult] = order.members;
    if (!adult) throw new Error('no adult');
    const coded = await context.request.put(`${base}/${adult.id}/documents/address-proof/postal-code`, {
      headers,
      data: { country: 'US', postalCode: '93301' },
    });
    expect(coded.status(), await coded.text()).toBe(200);

    // The review, where the customer goes on to checkout: it says what holds the file back.
    await page.goto(`/package-form?orderId=${order.displayId}&review=1`);
    await waitForHydration(page);
    const missing = page.getByRole('region', { name: 'Still to do' });
    const mismatch = missing.getByRole('link', { name: /Priya’s proof of address \(ZIP 93301\) belongs to/ });
    await expectVisible(mismatch);
    expect(await mismatch.textContent()).toContain(
      'the Consulate General of India, Los Angeles, but this application goes to the Consulate General of India, San Francisco (Tulare County)',
    );
    await screenshot(page, 'mission-review-blocked-390', { fullPage: false });

    // Its link leads to the proof, where the code is corrected.
    await mismatch.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Proof of address (ZIP 93301) belongs to' });
    await expectVisible(alert);
    await alert.scrollIntoViewIfNeeded();
    await screenshot(page, 'mission-proof-blocked-390', { fullPage: false });
    await page.getByRole('button', { name: 'Change code' }).click();
    const code = page.getByRole('group', { name: 'ZIP or postal code on this document' });
    await code.getByLabel('ZIP code').fill('93291');
    await code.getByRole('button', { name: 'Save code' }).click();
    await expectVisible(page.getByText('ZIP 93291 on this document: Consulate General of India, San Francisco.'));
    await expectHidden(alert);

    await page.goto(`/package-form?orderId=${order.displayId}&review=1`);
    await waitForHydration(page);
    // Aarav's Parental Authorization Form is ours to prepare once paid: everything else is in.
    await expectVisible(page.getByText('Everything you can send before paying is in. You can continue to checkout.'));
  }, 150_000);

  it.each([
    ['390', () => e2e.mobile()],
    ['1440', () => e2e.desktop()],
  ])(
    'at %s px, a spouse living in another mission’s area is told so on their address step, and a state that is not the ZIP’s is pointed out',
    async (width, open) => {
      const email = uniqueEmail('spouse');
      await verifiedAccount(e2e.baseURL, email, 'Priya Sharma');
      const { context, page } = await open();
      await signInContext(context, e2e.baseURL, email);
      const order = await startOrder(context, e2e.baseURL, [
        { fullName: 'Priya Sharma', dateOfBirth: '1985-04-12', relationship: 'Self' },
        { fullName: 'Rohan Sharma', dateOfBirth: '1983-02-03', relationship: 'Spouse' },
      ]);
      const [priya, rohan] = order.members;
      if (!priya || !rohan) throw new Error('two members expected');
      // Priya's address decides: Los Angeles. Rohan lives in Houston, with Arizona picked by mistake.
      const form = (memberId: number) => `/api/v1/application/order/${order.displayId}/members/${memberId}/form`;
      const saved = await context.request.put(form(priya.id), {
        headers: { origin: e2e.baseURL },
        data: { answers: { addressCountry: 'US', usState: 'CA', zipCode: '90012' }, currentStep: 1 },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      if (!OCI) throw new Error('no New OCI Card form');
      const steps = memberSteps(OCI, 'Adult');
      const addressStep = (stepIndexByField(steps).get('zipCode') ?? 0) + 1;
      await page.goto(applicationFormHref(order.displayId, { memberId: rohan.id, step: addressStep }));
      await waitForHydration(page);
      await page.getByLabel('Country', { exact: true }).selectOption('US');
      await page.getByLabel('State or territory').selectOption('AZ');
      await page.getByLabel('ZIP code').fill('77002');
      const notice = page.getByRole('region', { name: 'Where your file goes' });
      await expectVisible(
        notice.getByText(
          'Rohan Sharma’s address (ZIP 77002) is served by the Consulate General of India, Houston, but this application goes to the Consulate General of India, Los Angeles',
          { exact: false },
        ),
      );
      await expectVisible(
        notice.getByText('ZIP 77002 is in Texas, but the state chosen is Arizona.', { exact: false }),
      );
      await notice.scrollIntoViewIfNeeded();
      await screenshot(page, `mission-spouse-elsewhere-${width}`, { fullPage: false });
    },
    90_000,
  );
});
