import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../src/domain/config/routes.ts';
import { STRONG_PASSWORD, signInContext, uniqueEmail, verifyByMail, waitForInteractive } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { expectVisible, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

/** Picks a country in the phone field's searchable picker. */
async function pickCountry(page: Page, scope: Locator, from: string, country: string) {
  await scope.getByRole('button', { name: `Country code ${from}` }).click();
  const search = page.getByRole('combobox', { name: 'Search country or code' });
  await search.fill(country);
  await search.press('Enter');
}

describe('a Canadian phone stays Canadian (issue 17 point 8)', () => {
  it('picked at sign-up, the phone shows as Canadian on /profile and in the API', async () => {
    const email = uniqueEmail('canada');
    const { page, context } = await e2e.desktop();
    await page.goto(ROUTES.SIGN_UP);
    await waitForHydration(page);
    const form = page.getByRole('form', { name: 'Sign Up' });
    await waitForInteractive(form.getByLabel('Full Name'));
    await form.getByLabel('Full Name').fill('Marie Tremblay');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await pickCountry(page, form, '+1, United States', 'Canada');
    await expectVisible(form.getByRole('button', { name: 'Country code +1, Canada' }));
    await form.getByRole('textbox', { name: 'Phone' }).fill('2045550123');
    await form.getByLabel('Set Password').fill(STRONG_PASSWORD);
    await form.getByLabel('Re-enter Password').fill(STRONG_PASSWORD);
    await form.getByRole('checkbox', { name: /I agree to the Privacy Policy and Terms of Use/ }).check();
    await form.getByRole('button', { name: 'Apply Now' }).click();

    await verifyByMail(e2e.baseURL, email);
    await signInContext(context, e2e.baseURL, email);
    const profile = (await (await context.request.get('/api/v1/users/profile')).json()) as {
      data: { phone: string; phoneCountry: string };
    };
    expect(profile.data).toMatchObject({ phone: '+1-2045550123', phoneCountry: 'CA' });

    await page.goto(ROUTES.PROFILE);
    await waitForHydration(page);
    await expectVisible(page.getByRole('button', { name: 'Country code +1, Canada' }));
    expect(await page.getByRole('textbox', { name: 'Phone' }).inputValue()).toBe('2045550123');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a Toronto number typed on /profile moves the untouched picker to Canada, and is saved so', async () => {
    const email = uniqueEmail('toronto');
    // An account made by an API client that sent only a US number.
    const response = await fetch(`${e2e.baseURL}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { origin: e2e.baseURL, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Asha Verma',
        email,
        phone: '+1-4155550123',
        password: STRONG_PASSWORD,
        referredBy: '',
      }),
    });
    expect(response.status).toBe(201);
    await verifyByMail(e2e.baseURL, email);
    const { page, context } = await e2e.mobile();
    await signInContext(context, e2e.baseURL, email);
    await page.goto(ROUTES.PROFILE);
    await waitForHydration(page);
    const phone = page.getByRole('textbox', { name: 'Phone' });
    await waitForInteractive(phone);
    await expectVisible(page.getByRole('button', { name: 'Country code +1, United States' }));
    await phone.fill('4165550123');
    await expectVisible(page.getByRole('button', { name: 'Country code +1, Canada' }));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await (await context.request.get('/api/v1/users/profile')).json()).data.phoneCountry)
      .toBe('CA');
    await page.reload();
    await waitForHydration(page);
    await expectVisible(page.getByRole('button', { name: 'Country code +1, Canada' }));
  });
});
