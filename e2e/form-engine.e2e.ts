import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { expectHidden, expectVisible, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

/** The form engine on a seeded definition, through the development preview (a 404 in production). */
async function open(page: Page, query: string) {
  const response = await page.goto(`/dev/form-preview?${query}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the form engine (issue 10)', () => {
  for (const device of ['desktop', 'mobile'] as const) {
    it(`reads as a guided questionnaire at ${device === 'desktop' ? 1440 : 390} px: one step, its counter, no axe violation`, async () => {
      const { page } = await e2e[device]();
      await open(page, 'form=oci-card/new-oci-card');
      await expectVisible(page.getByRole('heading', { level: 2, name: 'About you' }));
      await expectVisible(page.getByText('Step 1 of 7', { exact: true }).filter({ visible: true }).first());
      expect(await page.getByRole('region').count()).toBe(3);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page, 'main')).toEqual([]);
    });
  }

  it('renders every field type, and their messages, without an axe violation', async () => {
    const { page } = await e2e.desktop();
    for (const step of [1, 2, 3]) {
      await open(page, `form=showcase/every-field-type&step=${step}`);
      await page.getByRole('button', { name: /Continue|Review answers/ }).click();
      await expectVisible(page.getByRole('alert').first());
      expect(await seriousViolations(page, 'main'), `step ${step}`).toEqual([]);
    }
  });

  it('says what is missing, shows a dependent question while it applies, and moves on', async () => {
    const { page } = await e2e.mobile();
    await open(page, 'form=oci-card/new-oci-card');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Given name is required' }));
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('givenName');
    await page.getByLabel('Given name(s)').fill('priya');
    await page.getByLabel('Given name(s)').blur();
    await poll(() => page.getByLabel('Given name(s)').inputValue()).toBe('PRIYA');
    const otherNames = page.getByRole('group', { name: /known by another name/ });
    await otherNames.getByRole('radio', { name: 'Yes' }).check();
    await expectVisible(page.getByLabel('Previous given name(s)'));
    await otherNames.getByRole('radio', { name: 'No' }).check();
    await expectHidden(page.getByLabel('Previous given name(s)'));
    await page.getByRole('group', { name: 'Sex' }).getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Date of birth').fill('1988-04-12');
    await page.getByLabel('Village, town or city of birth').fill('Pune');
    await page.getByLabel('Country of birth').selectOption('IN');
    await expectVisible(page.getByLabel('District of birth'));
    await page.getByLabel('District of birth').fill('Pune');
    await page.getByLabel('State or union territory of birth').selectOption('maharashtra');
    await page.getByLabel('Marital status').selectOption('single');
    await page.getByLabel('Educational qualification').selectOption('graduate');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Passport and citizenship' }));
    await expectVisible(page.getByText('Step 2 of 7', { exact: true }).filter({ visible: true }).first());
  });

  it('uploads a dropped or picked file with its progress, then offers to replace or remove it', async () => {
    const { page } = await e2e.mobile();
    await open(page, 'form=showcase/every-field-type&step=3');
    await page.setInputFiles('input[name=passportPage]', {
      name: 'passport-photo-page.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n'.padEnd(4000, ' ')),
    });
    await expectVisible(page.getByRole('progressbar', { name: 'Uploading passport-photo-page.pdf' }));
    await expectVisible(page.getByRole('button', { name: 'Remove passport-photo-page.pdf' }));
    expect(await seriousViolations(page, 'main')).toEqual([]);
  });
});
