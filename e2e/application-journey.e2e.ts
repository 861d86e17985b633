import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isWeekend } from '../src/domain/forms/dates.ts';
import {
  STRONG_PASSWORD,
  signInContext,
  uniqueEmail,
  verifiedAccount,
  waitForInteractive,
} from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { choosePackageOn } from './support/catalog.ts';
import { dropFile, onePagePdf } from './support/files.ts';
import { expectVisible, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

/**
 * Issue 10's journey, all through the pages a customer uses: a package → two members, one a
 * minor → both guided forms, documents by drag-and-drop and by the file picker → a sign-out in the
 * middle and a sign-in again, with everything kept → the review → the order page with its timeline
 * → the order in the profile's Orders tab. The package is the consulate's attestation of a civil
 * document (four short steps), so the whole of both forms is filled in by hand.
 */
const PACKAGE_PAGE = '/power-of-attorney/civil-document-attestation/us';
const PACKAGE_NAME = 'Other Civil Documents';
/** Two whole forms typed by hand, eight documents and a sign-in: far longer than one page's test. */
const JOURNEY_TIMEOUT_MS = 150_000;

interface Person {
  fullName: string;
  surname: string;
  givenName: string;
  sex: 'Female' | 'Male';
  dateOfBirth: string;
  passportNumber: string;
}

const MEERA: Person = {
  fullName: 'Meera Iyer',
  surname: 'iyer',
  givenName: 'meera',
  sex: 'Female',
  dateOfBirth: '1984-03-15',
  passportNumber: 'k8812345',
};
const KAVYA: Person = {
  fullName: 'Kavya Iyer',
  surname: 'iyer',
  givenName: 'kavya',
  sex: 'Female',
  dateOfBirth: '2015-06-20',
  passportNumber: 'p4423190',
};

/** A date `days` from today (UTC), as the date inputs take it. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first Monday-to-Friday date at least `days` from today: the consulate's days. */
function weekdayInDays(days: number): string {
  const date = inDays(days);
  return isWeekend(date) ? weekdayInDays(days + 1) : date;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const switcher = (page: Page) => page.getByRole('navigation', { name: 'Members of this application' });
const saved = (page: Page) => expectVisible(page.getByText(/All changes saved|Saved at/), 10_000);
const radio = (page: Page, group: string | RegExp, option: string) =>
  page.getByRole('group', { name: group }).getByRole('radio', { name: option, exact: true });

async function continueTo(page: Page, next: string) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectVisible(stepHeading(page, next));
}

async function fillAboutYou(page: Page, person: Person) {
  await page.getByLabel('Surname').fill(person.surname);
  await page.getByLabel('Given name(s)').fill(person.givenName);
  await radio(page, /known by another name/, 'No').check();
  await radio(page, 'Sex', person.sex).check();
  await page.getByLabel('Date of birth').fill(person.dateOfBirth);
  // A minor's form names the child ("Kavya is"), an adult's says "You are".
  const nationality = person === KAVYA ? 'Kavya is' : 'You are';
  await radio(page, nationality, 'A foreign citizen (OCI cardholders too)').check();
  await page.getByLabel('Passport number').fill(person.passportNumber);
  await page.getByLabel('Country that issued it').selectOption('US');
  await page.getByLabel('Place of issue').fill('Houston');
  await page.getByLabel('Date of issue').fill('2021-05-10');
  await page.getByLabel('Date of expiry').fill(inDays(365 * 4));
}

async function fillAddressAndContact(page: Page, email: string) {
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByLabel('Street address').fill('1200 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  // The state and ZIP code appear once the country is the USA (a `dependent` group).
  await page.getByLabel('State or territory').selectOption('CA');
  await page.getByLabel('ZIP code').fill('94107');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('4155550123');
}

async function fillTheDocument(page: Page) {
  await page.getByLabel('Document to attest').selectOption({ label: 'Affidavit' });
  await page
    .getByLabel('What is it for, and who in India will receive it?')
    .fill('An affidavit of address for the bank in Chennai that holds our joint account.');
}

async function fillSubmission(page: Page) {
  await radio(page, 'Submission', 'In person at the consulate').check();
  // Shown only for an in-person submission.
  await page.getByLabel('Preferred date').fill(weekdayInDays(10));
  await page.getByLabel('Preferred time').fill('10:30');
  await page.getByLabel('How many pages does the document have?').fill('3');
}

/**
 * Uploads every required document of the open Documents step: the first by drag-and-drop on its
 * drop zone, the rest through the file picker. Answers the names of the items uploaded.
 */
async function uploadRequiredDocuments(page: Page, who: string): Promise<string[]> {
  const items = page.getByRole('listitem').filter({ has: page.getByText('Required', { exact: true }) });
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  const pdf = await onePagePdf(`${who}: scanned document`);
  const labels: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = items.nth(i);
    const label = (await item.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
    const fileName = `${who.toLowerCase()}-${i + 1}.pdf`;
    if (i === 0) {
      const zone = (await item.locator('[data-testid^="drop-"]').getAttribute('data-testid')) ?? '';
      await dropFile(page, zone, fileName, pdf);
    } else {
      // The picker: its (visually hidden) file input, as the browser's file dialog fills it.
      await item
        .getByLabel(`Choose file: ${label}`)
        .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    }
    await expectVisible(item.getByRole('button', { name: `Delete ${fileName}` }), 20_000);
    labels.push(label);
  }
  return labels;
}

async function expectAboutYouKept(page: Page, person: Person) {
  await poll(() => page.getByLabel('Given name(s)').inputValue()).toBe(person.givenName.toUpperCase());
  expect(await page.getByLabel('Passport number').inputValue()).toBe(person.passportNumber.toUpperCase());
  expect(await radio(page, 'Sex', person.sex).isChecked()).toBe(true);
}

async function signInOnPage(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Sign In' });
  await waitForInteractive(form);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

function orderIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('orderId');
  if (!id) throw new Error(`no order in ${page.url()}`);
  return id;
}

async function openStep(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Form steps' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  await expectVisible(stepHeading(page, name));
}

async function noSeriousViolations(scope: Page | Locator) {
  const page = 'page' in scope ? scope.page() : scope;
  expect(await seriousViolations(page, 'main')).toEqual([]);
}

describe('an application from package to order page (issue 10)', () => {
  it(
    'two members, both forms, documents, a sign-out in the middle, review, order page and Orders tab',
    async () => {
      const email = uniqueEmail('journey10');
      await verifiedAccount(e2e.baseURL, email, MEERA.fullName);
      const { page, context } = await e2e.desktop();
      await signInContext(context, e2e.baseURL, email);

      // The package, chosen on its page.
      await choosePackageOn(page, PACKAGE_PAGE, PACKAGE_NAME);
      await page.waitForURL((url) => url.pathname === '/package-form');
      await waitForHydration(page);

      // Who is applying: the account holder, and a daughter who is a minor.
      const members = page.getByRole('form', { name: 'Who is applying?' });
      await waitForInteractive(members.getByRole('button', { name: 'Start the forms' }));
      const first = members.getByRole('group', { name: 'Member 1' });
      expect(await first.getByLabel('Full name (as in the passport)').inputValue()).toBe(MEERA.fullName);
      await first.getByLabel('Date of birth').fill(MEERA.dateOfBirth);
      await members.getByRole('button', { name: 'Add a family member' }).click();
      const second = members.getByRole('group', { name: 'Member 2' });
      await second.getByLabel('Full name (as in the passport)').fill(KAVYA.fullName);
      await second.getByLabel('Date of birth').fill(KAVYA.dateOfBirth);
      await second.getByLabel('Relationship to you').selectOption('Child');
      await expectVisible(second.getByText('Minor', { exact: true }));
      await members.getByRole('button', { name: 'Start the forms' }).click();
      await page.waitForURL((url) => url.pathname === '/package-form' && url.searchParams.has('orderId'));
      const orderId = orderIdOf(page);
      expect(orderId).toMatch(/^DOC-\d+$/);

      // Meera's form, step by step, autosaved.
      await expectVisible(stepHeading(page, 'About you'));
      await expectVisible(switcher(page).getByText('Adult · Step 1 of 5'));
      await fillAboutYou(page, MEERA);
      await saved(page);
      await continueTo(page, 'Address and contact');
      await fillAddressAndContact(page, email);
      await saved(page);

      // Signed out in the middle (the account menu), then back through the sign-in page.
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Account menu for/ })
        .click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await poll(() => new URL(page.url()).pathname).toBe('/');
      await page.goto(`/package-form?orderId=${orderId}`);
      await page.waitForURL((url) => url.pathname === '/signin');
      await waitForHydration(page);
      await signInOnPage(page, email);
      await page.waitForURL((url) => url.pathname === '/package-form' && url.searchParams.get('orderId') === orderId);
      await waitForHydration(page);
      // The same member, on the step she was on, every answer kept.
      await expectVisible(stepHeading(page, 'Address and contact'));
      expect(await page.getByLabel('ZIP code').inputValue()).toBe('94107');
      expect(await page.getByRole('textbox', { name: 'Mobile number' }).inputValue()).toMatch(/415/);
      await openStep(page, 'About you');
      await expectAboutYouKept(page, MEERA);
      await openStep(page, 'Address and contact');

      await continueTo(page, 'The document');
      await fillTheDocument(page);
      await continueTo(page, 'Submission');
      await fillSubmission(page);
      await continueTo(page, 'Documents');
      const meerasDocuments = await uploadRequiredDocuments(page, 'Meera');
      await noSeriousViolations(page);
      // Reviewed: the form moves on to the member not reviewed yet, as its button says.
      await page.getByRole('button', { name: 'Next member' }).click();
      await expectVisible(switcher(page).getByText('Adult · Answers complete'));
      await poll(() => page.getByRole('heading', { level: 2, name: KAVYA.fullName }).count()).toBe(1);

      // Kavya's form: a minor's, which names her.
      await expectVisible(stepHeading(page, 'About Kavya'));
      await fillAboutYou(page, KAVYA);
      await continueTo(page, 'Address and contact');
      await fillAddressAndContact(page, email);
      await continueTo(page, 'The document');
      await fillTheDocument(page);
      await continueTo(page, 'Submission');
      await fillSubmission(page);
      await continueTo(page, 'Documents');
      await uploadRequiredDocuments(page, 'Kavya');
      await page.getByRole('button', { name: 'Review answers' }).click();

      // Both reviewed: the review page, with nothing missing.
      await poll(() => new URL(page.url()).searchParams.get('review')).toBe('1');
      await expectVisible(page.getByRole('heading', { level: 2, name: 'Review your application' }));
      await expectVisible(switcher(page).getByText('Minor · Answers complete'));
      expect(await page.getByRole('region', { name: 'Still to do' }).count()).toBe(0);
      const meera = page.getByRole('region', { name: new RegExp(`^${MEERA.fullName}`) });
      await expectVisible(meera.getByText(MEERA.passportNumber.toUpperCase(), { exact: true }));
      await expectVisible(meera.getByText('94107', { exact: true }));
      for (const label of meerasDocuments) await expectVisible(meera.getByText(label).first());
      await expectVisible(meera.getByRole('link', { name: `Edit Submission, ${MEERA.fullName}` }));
      await noSeriousViolations(page);

      // On to checkout (paying is e2e/checkout.e2e.ts), then back to the order, waiting in Payment pending.
      await page.getByRole('link', { name: 'Continue to checkout' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout');
      await waitForHydration(page);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
      await expectVisible(page.getByText(/Everything is in: after payment your order goes straight to our team/));
      await page.getByRole('link', { name: 'Back to your order' }).click();
      await page.waitForURL((url) => url.pathname === '/service-order' && !url.searchParams.has('checkout'));
      await expectVisible(page.getByRole('heading', { level: 1, name: /Other Civil Documents/ }));
      await expectVisible(page.getByText('Payment pending').first());
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await expectVisible(timeline.getByRole('listitem').first());
      expect(await timeline.textContent()).toMatch(/Payment pending/);
      await expectVisible(page.getByText('Form: Answers complete').first());
      expect(await page.getByText('Form: Answers complete').count()).toBe(2);
      await noSeriousViolations(page);

      // The order in the profile's Orders tab, linking back to its page.
      await page.goto('/profile?tab=orders');
      await waitForHydration(page);
      const listed = page.getByRole('link', { name: new RegExp(orderId) }).first();
      await expectVisible(listed);
      await listed.click();
      await page.waitForURL((url) => url.pathname === '/service-order');
      await expectVisible(page.getByRole('region', { name: 'Timeline' }));
    },
    JOURNEY_TIMEOUT_MS,
  );
});
