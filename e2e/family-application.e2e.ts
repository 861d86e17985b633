import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mrzLines } from '../src/domain/passports/testing.ts';
import { phonePhoto } from '../src/server/modules/photos/compliance/test-images.ts';
import { passportPhoto } from '../src/server/ocr/testing.ts';
import { TINY_HEIC } from '../src/server/test/upload-fixtures.ts';
import { STRONG_PASSWORD, uniqueEmail, waitForInteractive, waitForLink } from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { choosePackageOn } from './support/catalog.ts';
import { onePagePdf } from './support/files.ts';
import { overlapArea, screenshot } from './support/looks.ts';
import { expectVisible, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

/**
 * Issue 30's measure: a family of two adults and a 10-year-old applies for New OCI Cards from the
 * USA on a phone (390 px), from sign-up to a paid order, filling every member's form and
 * uploading what each checklist requires. Every input the customer must make goes through
 * `Inputs`, which counts it, and an answer the page already shows (pre-filled) is left as it is:
 * the count is what this family has to type, pick and upload.
 *
 * Measured: 157 inputs (137 typed or picked, 20 uploads) before the household pre-fill, 107 (92
 * and 15) with it; 90 (73 and 17) once the verification link signs in, the passport page is read
 * first (its zone fills names, sex, nationality, number and expiry: one upload instead of four
 * answers), the under-5 question is gone and the address country, a child's education and the
 * parent of Indian origin follow from what the order knows. The issue's target is at most 90.
 * 84 (67 and 17, 14 taps) since the background questions are one tap ("No to each, as Priya
 * answered") for the members after the first; 80 (63 and 17, 16 taps) since each adult's parent of
 * Indian origin is one tap as the father or the mother (decision 0193).
 */
const PACKAGE_PAGE = '/oci-card/new-oci-card/us';
const PACKAGE_NAME = 'New OCI Card';
const INPUTS_AT_MOST = 90;
const JOURNEY_TIMEOUT_MS = 420_000;
/** The sandbox's event goes through the webhook inbox and a queued job before the page sees it. */
const CONFIRM_TIMEOUT_MS = 20_000;

/** Every input the customer makes, counted; taps on buttons are counted apart (they type nothing). */
class Inputs {
  fills = 0;
  uploads = 0;
  taps = 0;

  get total() {
    return this.fills + this.uploads;
  }

  /** Types or picks `value` unless the control already holds an answer (a pre-filled one). */
  async answer(control: Locator, value: string): Promise<void> {
    await control.waitFor({ state: 'visible' });
    if ((await control.inputValue()) !== '') return;
    const tag = await control.evaluate((node) => node.tagName);
    if (tag === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
    this.fills += 1;
  }

  /** Ticks `option` in the radio group unless one of its options is ticked already. */
  async choose(group: Locator, option: string): Promise<void> {
    await group.waitFor({ state: 'visible' });
    const radios = group.getByRole('radio');
    const count = await radios.count();
    for (let i = 0; i < count; i++) if (await radios.nth(i).isChecked()) return;
    await group.getByRole('radio', { name: option, exact: true }).check();
    this.fills += 1;
  }

  async tick(box: Locator): Promise<void> {
    if (await box.isChecked()) return;
    await box.check();
    this.fills += 1;
  }

  async upload(input: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await input.setInputFiles(file);
    this.uploads += 1;
  }

  async tap(button: Locator): Promise<void> {
    await button.click();
    this.taps += 1;
  }
}

interface Person {
  fullName: string;
  surname: string;
  givenName: string;
  sex: 'Female' | 'Male';
  dateOfBirth: string;
  birthCity: string;
  passportNumber: string;
  occupation?: string;
}

const PRIYA: Person = {
  fullName: 'Priya Sharma',
  surname: 'SHARMA',
  givenName: 'PRIYA',
  sex: 'Female',
  dateOfBirth: '1985-04-12',
  birthCity: 'Edison',
  passportNumber: '561234870',
  occupation: 'homemaker',
};
const RAHUL: Person = {
  fullName: 'Rahul Sharma',
  surname: 'SHARMA',
  givenName: 'RAHUL',
  sex: 'Male',
  dateOfBirth: '1983-11-02',
  birthCity: 'Chicago',
  passportNumber: '571298340',
  occupation: 'retired',
};
/** Ten years old today. */
const ANAYA: Person = {
  fullName: 'Anaya Sharma',
  surname: 'SHARMA',
  givenName: 'ANAYA',
  sex: 'Female',
  dateOfBirth: `${new Date().getUTCFullYear() - 10}-01-15`,
  birthCity: 'San Jose',
  passportNumber: '582736410',
};

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
const PASSPORT_EXPIRY = inDays(365 * 4);

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const group = (page: Page, name: string | RegExp) => page.getByRole('group', { name });

async function continueTo(page: Page, next: string) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectVisible(stepHeading(page, next), 10_000);
}

/** The answers of one member, step by step, as a customer would give them. */
async function fillForm(page: Page, inputs: Inputs, person: Person, minor: boolean, files: Files) {
  const label = (text: string) => page.getByLabel(text, { exact: true });
  // A minor's form names the child where an adult's says "you" (issue 30 §3).
  const firstName = person.fullName.split(' ')[0] ?? '';
  const asked = (adult: string, child: string) => (minor ? child.replaceAll('{name}', firstName) : adult);
  await expectVisible(stepHeading(page, asked('About you', 'About {name}')), 10_000);
  // The passport page first: what its machine-readable zone says fills this step and the passport's.
  await readPassport(page, inputs, person, asked);
  // Optional in the form (a passport may show no surname): its label ends in “(optional)”.
  await inputs.answer(page.getByLabel(/^Surname/), person.surname);
  await inputs.answer(label('Given name(s)'), person.givenName);
  await inputs.choose(group(page, /known by another name/), 'No');
  await inputs.choose(group(page, 'Sex'), person.sex);
  await inputs.answer(label('Date of birth'), person.dateOfBirth);
  await inputs.answer(label('Village, town or city of birth'), person.birthCity);
  await inputs.answer(label('Country of birth'), 'US');
  if (!minor) await inputs.answer(label('Marital status'), 'married');
  await inputs.answer(label('Educational qualification'), minor ? 'below-matriculation' : 'graduate');

  await continueTo(page, 'Passport and citizenship');
  await inputs.answer(label('Passport number'), person.passportNumber);
  await inputs.answer(label('Country that issued it'), 'US');
  await inputs.answer(label('Place of issue'), 'U.S. Department of State');
  await inputs.answer(label('Date of issue'), '2021-05-10');
  await inputs.answer(label('Date of expiry'), PASSPORT_EXPIRY);
  await inputs.answer(label('Present nationality'), 'US');
  await inputs.choose(group(page, asked('How did you acquire it?', 'How did {name} acquire it?')), 'By birth');
  await inputs.choose(group(page, /held any other nationality/), 'No');

  await continueTo(page, 'Indian origin');
  if (minor) {
    await inputs.choose(group(page, 'Which parent is of Indian origin?'), 'Both');
    await inputs.answer(page.getByLabel(/That parent’s OCI card/), 'R4412098');
  } else {
    await inputs.choose(
      group(page, 'How are you eligible for an OCI card?'),
      'A parent, grandparent or great-grandparent was an Indian citizen',
    );
    await inputs.answer(label('Relationship to you'), 'parent');
    await inputs.answer(label('Their full name'), person === PRIYA ? 'Sunita Iyer' : 'Mohan Sharma');
    await inputs.answer(
      label('Their Indian passport number or birth certificate number'),
      person === PRIYA ? 'J1234567' : 'K7654321',
    );
  }

  await continueTo(page, 'Family');
  if (person === ANAYA) {
    // The parents' answers, shown and said where they came from, never hidden.
    expect(await page.getByLabel(/^Father’s passport number/).inputValue()).toBe(RAHUL.passportNumber);
    await expectVisible(page.getByText('From Rahul Sharma’s answers').first());
    await shoot(page, 'family-minor-parents');
  }
  const father = person === PRIYA ? 'Ramesh Iyer' : person === RAHUL ? 'Mohan Sharma' : RAHUL.fullName;
  const mother = person === PRIYA ? 'Sunita Iyer' : person === RAHUL ? 'Lata Sharma' : PRIYA.fullName;
  // The parent of Indian origin named on the step before: one tap as the father or the mother (decision 0193).
  const origin = minor ? null : person === PRIYA ? 'mother' : 'father';
  if (origin) {
    const name = origin === 'mother' ? mother : father;
    await inputs.tap(page.getByRole('button', { name: `${name} is the ${origin}` }));
    expect(
      (await label(origin === 'mother' ? 'Mother’s full name' : 'Father’s full name').inputValue()).toLowerCase(),
    ).toBe(name.toLowerCase());
  }
  if (origin !== 'father') await inputs.answer(label('Father’s full name'), father);
  await inputs.answer(label('Father’s nationality'), person === ANAYA ? 'US' : 'IN');
  if (origin !== 'mother') await inputs.answer(label('Mother’s full name'), mother);
  await inputs.answer(label('Mother’s nationality'), person === ANAYA ? 'US' : 'IN');
  if (minor) {
    await inputs.answer(page.getByLabel(/^Father’s passport number/), RAHUL.passportNumber);
    await inputs.answer(page.getByLabel(/^Mother’s passport number/), PRIYA.passportNumber);
  } else {
    const spouse = person === PRIYA ? RAHUL : PRIYA;
    await inputs.answer(label('Spouse’s full name'), spouse.fullName);
    await inputs.answer(label('Spouse’s nationality'), 'US');
    await inputs.answer(label('Spouse’s place of birth'), spouse.birthCity);
    await inputs.answer(label('Spouse’s country of birth'), 'US');
    await inputs.choose(group(page, /Is your spouse an Indian citizen/), 'No');
  }

  await continueTo(page, 'Addresses and contact');
  const sameAddress = page.getByRole('button', { name: /^Same address as / });
  if ((await sameAddress.count()) > 0) await inputs.tap(sameAddress.first());
  const sameContact = page.getByRole('button', { name: /^Same contact as / });
  if ((await sameContact.count()) > 0) await inputs.tap(sameContact.first());
  await inputs.answer(label('Country'), 'US');
  await inputs.answer(label('Street address'), '1200 Market Street');
  await inputs.answer(label('City'), 'San Francisco');
  await inputs.answer(label('State or territory'), 'CA');
  await inputs.answer(label('ZIP code'), '94107');
  await inputs.choose(
    group(page, asked('Do you have an address in India?', 'Does {name} have an address in India?')),
    'No',
  );
  await inputs.answer(label('Email'), `family.${Date.now().toString(36)}@example.com`);
  await inputs.answer(page.getByRole('textbox', { name: 'Mobile number' }), '4155550123');

  await continueTo(page, 'Work and background');
  if (!minor) await inputs.answer(label('Present occupation'), person.occupation ?? 'homemaker');
  const noToEach = page.getByRole('button', { name: /^No to each, as / });
  if ((await noToEach.count()) > 0) await inputs.tap(noToEach.first());
  await inputs.choose(group(page, /convicted of an offence/), 'No');
  await inputs.choose(group(page, /criminal proceedings pending/), 'No');
  await inputs.choose(group(page, /refused entry to, or deported/), 'No');

  if (minor) {
    await continueTo(page, 'Parents’ consent');
    await inputs.choose(group(page, 'Which describes the child’s parents?'), 'Married and both involved');
    await inputs.tick(group(page, 'Consent').getByRole('checkbox'));
  }

  await continueTo(page, asked('Photo and signature', 'Photo'));
  await uploadFormImage(page, inputs, 'photo', files.photo);
  // The same camera file as Priya's: said beside Rahul's photo, where it can still be replaced.
  if (person === RAHUL) {
    await expectVisible(
      page.getByText(
        'It is the same file as Priya’s photo. Each applicant needs their own: please check it is the right one.',
      ),
      15_000,
    );
  }
  if (!minor) await uploadFormImage(page, inputs, 'signature', files.heic);

  await continueTo(page, 'Documents');
  if (person === ANAYA) await shoot(page, 'family-minor-documents');
  await uploadRequiredDocuments(page, inputs, files);
}

/**
 * A photo of the passport's photo page, read on the server: the customer checks what was read and
 * takes it ("Use these values"), which fills the passport's answers (one upload and one tap).
 */
async function readPassport(
  page: Page,
  inputs: Inputs,
  person: Person,
  asked: (adult: string, child: string) => string,
) {
  // A parent reads a child's passport: the reader names the child.
  const reader = page.getByRole('region', { name: asked('Read my passport', 'Read {name}’s passport') });
  await expectVisible(reader);
  const [year, month, day] = person.dateOfBirth.split('-');
  const [ey, em, ed] = PASSPORT_EXPIRY.split('-');
  const page1 = await passportPhoto(
    mrzLines({
      surname: person.surname,
      givenNames: person.givenName,
      number: person.passportNumber,
      birth: `${year?.slice(2)}${month}${day}`,
      sex: person.sex === 'Female' ? 'F' : 'M',
      expiry: `${ey?.slice(2)}${em}${ed}`,
    }),
  );
  await inputs.upload(reader.getByLabel('Photo or scan of the passport’s photo page (JPEG, PNG, HEIC or PDF)'), {
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: page1,
  });
  await expectVisible(
    reader.getByRole('heading', {
      name: asked('We read these from your passport', 'We read these from {name}’s passport'),
    }),
    30_000,
  );
  await inputs.tap(reader.getByRole('button', { name: 'Use these values' }));
  await expectVisible(
    reader.getByText(asked('Your answers match the passport you read', 'The answers match {name}’s passport')),
  );
}

/** The open step at 390 and at 1440 px, to look at by hand (git-ignored); the journey goes on at 390. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.getByRole('heading', { level: 2 }).first().scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

interface Files {
  photo: { name: string; mimeType: string; buffer: Buffer };
  signature: { name: string; mimeType: string; buffer: Buffer };
  /** The form's signature field takes the phone's HEIC as it is. */
  heic: { name: string; mimeType: string; buffer: Buffer };
  pdf: { name: string; mimeType: string; buffer: Buffer };
}

/** An image question of the form: chosen (and sent with "Upload" where the field asks for it). */
async function uploadFormImage(page: Page, inputs: Inputs, key: string, file: Files['photo']) {
  const zone = page.getByTestId(`drop-${key}`);
  if ((await zone.getByRole('button', { name: /^Remove / }).count()) > 0) return;
  await inputs.upload(page.locator(`input[type=file][name=${key}]`), file);
  const send = zone.getByRole('button', { name: 'Upload', exact: true });
  if ((await send.count()) > 0) await send.click();
  await expectVisible(zone.getByRole('button', { name: /^Remove / }), 20_000);
}

/** Every required document not in yet: another member's copy where the page offers one, else a file. */
async function uploadRequiredDocuments(page: Page, inputs: Inputs, files: Files) {
  const items = page
    .getByRole('listitem')
    .filter({ has: page.getByText('Required', { exact: true }) })
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const item = items.nth(i);
    if ((await item.getByRole('button', { name: /^Delete / }).count()) > 0) continue;
    const reuse = item.getByRole('button', { name: /^Use .+ copy$/ });
    if ((await reuse.count()) > 0) {
      await inputs.tap(reuse.first());
    } else {
      const input = item.locator('input[type=file]');
      const accept = (await input.getAttribute('accept')) ?? '';
      await inputs.upload(input, accept.includes('pdf') ? files.pdf : files.signature);
    }
    await expectVisible(item.getByRole('button', { name: /^Delete / }), 20_000);
  }
}

async function signUp(page: Page, inputs: Inputs, email: string) {
  await page.goto(`/signup?redirect=${encodeURIComponent(PACKAGE_PAGE)}`);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Sign Up' });
  await waitForInteractive(form);
  await inputs.answer(form.getByLabel('Full Name'), PRIYA.fullName);
  await inputs.answer(form.getByLabel('Email', { exact: true }), email);
  await inputs.answer(form.getByRole('textbox', { name: 'Phone' }), '4155550123');
  await inputs.answer(form.getByLabel('Set Password'), STRONG_PASSWORD);
  await inputs.answer(form.getByLabel('Re-enter Password'), STRONG_PASSWORD);
  await inputs.tick(form.getByRole('checkbox', { name: /I agree to the Privacy Policy/ }));
  await form.getByRole('button', { name: 'Apply Now' }).click();
  // The link in the e-mail verifies, signs this browser in and comes back to the package (issue 30 §4).
  const link = await waitForLink(e2e.baseURL, email, '/verify-email');
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === PACKAGE_PAGE, { timeout: 15_000 });
}

async function whoIsApplying(page: Page, inputs: Inputs) {
  await choosePackageOn(page, PACKAGE_PAGE, PACKAGE_NAME);
  await page.waitForURL((url) => url.pathname === '/package-form');
  const members = page.getByRole('form', { name: 'Who is applying?' });
  await waitForInteractive(members.getByRole('button', { name: 'Start the forms' }));
  const member = (n: number) => members.getByRole('group', { name: `Member ${n}` });
  const fullName = 'Full name (as in the passport)';
  await inputs.answer(member(1).getByLabel(fullName), PRIYA.fullName);
  await inputs.answer(member(1).getByLabel('Date of birth'), PRIYA.dateOfBirth);
  await members.getByRole('button', { name: 'Add a family member' }).click();
  await inputs.answer(member(2).getByLabel(fullName), RAHUL.fullName);
  await inputs.answer(member(2).getByLabel('Date of birth'), RAHUL.dateOfBirth);
  await inputs.answer(member(2).getByLabel('Relationship to you'), 'Spouse');
  await members.getByRole('button', { name: 'Add a family member' }).click();
  await inputs.answer(member(3).getByLabel(fullName), ANAYA.fullName);
  await inputs.answer(member(3).getByLabel('Date of birth'), ANAYA.dateOfBirth);
  await inputs.answer(member(3).getByLabel('Relationship to you'), 'Child');
  await expectVisible(member(3).getByText('Minor', { exact: true }));
  await members.getByRole('button', { name: 'Start the forms' }).click();
  await page.waitForURL((url) => url.pathname === '/package-form' && url.searchParams.has('orderId'));
  await waitForHydration(page);
}

async function reviewMember(page: Page) {
  await page.getByRole('button', { name: /^(Review answers|Next member)$/ }).click();
}

describe('a family applies on a phone (issue 30)', () => {
  it(
    'two adults and a 10-year-old: sign-up → New OCI Card from the USA → three forms and their documents → paid, with at most 90 inputs',
    async () => {
      const started = Date.now();
      const inputs = new Inputs();
      const { page } = await e2e.mobile();
      const email = uniqueEmail('family30');
      const pdf = await onePagePdf('scan');
      const files: Files = {
        // What a phone makes: the camera's 4000 × 3000 JPEG and an iPhone HEIC.
        photo: { name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: await phonePhoto() },
        signature: {
          name: 'signature.png',
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 600, height: 200, channels: 3, background: '#ffffff' } })
            .png()
            .toBuffer(),
        },
        heic: { name: 'IMG_0002.HEIC', mimeType: 'image/heic', buffer: TINY_HEIC },
        pdf: { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) },
      };

      await signUp(page, inputs, email);
      await whoIsApplying(page, inputs);
      const ordered = Date.now();

      for (const [person, minor] of [
        [PRIYA, false],
        [RAHUL, false],
        [ANAYA, true],
      ] as const) {
        await expectVisible(page.getByRole('heading', { level: 2, name: person.fullName }), 10_000);
        await fillForm(page, inputs, person, minor, files);
        await reviewMember(page);
      }
      const formsDone = Date.now();

      await expectVisible(page.getByRole('heading', { level: 2, name: 'Review your application' }), 10_000);
      // Every member's answers make a long page (24,000 px for a family of four at 390 px): the way on
      // is in view without scrolling through them, and the chat button does not cover it.
      const toCheckout = page.getByRole('link', { name: 'Continue to checkout' });
      // Anaya's Parental Authorization Form is ours to prepare once paid: the review says so, not "Everything is in".
      await expectVisible(page.getByText('Everything you can send before paying is in. You can continue to checkout.'));
      await expectVisible(
        page
          .getByRole('list', { name: 'After payment, we prepare these for you to sign and upload on your order page:' })
          .getByText('Parental Authorization Form'),
      );
      expect(await toCheckout.evaluate((link) => link.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
      expect(await overlapArea(toCheckout, page.locator('aside[aria-label="Chat"] > a'))).toBe(0);
      await toCheckout.click();
      await page.waitForURL((url) => url.pathname === '/checkout');
      await waitForHydration(page);
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL((url) => url.pathname === '/api/v1/payments/sandbox/checkout');
      await page.getByRole('button', { name: 'Simulate successful payment' }).click();
      await page.waitForURL((url) => url.pathname === '/service-payment-success');
      await waitForHydration(page);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment received' }), CONFIRM_TIMEOUT_MS);
      const paid = Date.now();

      console.info(
        `family journey: ${inputs.total} inputs (${inputs.fills} typed or picked, ${inputs.uploads} uploads), ` +
          `${inputs.taps} one-tap reuses; sign-up to order ${((ordered - started) / 1000).toFixed(1)} s, ` +
          `forms ${((formsDone - ordered) / 1000).toFixed(1)} s, checkout ${((paid - formsDone) / 1000).toFixed(1)} s`,
      );
      expect(inputs.total).toBeLessThanOrEqual(INPUTS_AT_MOST);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
