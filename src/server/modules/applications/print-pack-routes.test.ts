import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES as A } from '../../../domain/applications/application.ts';
import { MEMBER_MESSAGES as M } from '../../../domain/applications/members.ts';
import { MISSION_ADDRESS_MISSING, PRINT_PACK_MESSAGES } from '../../../domain/applications/print-pack.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { pdfPageLines } from '../../test/pdf-text.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import {
  ADULT,
  apiCall,
  completeOciAnswers,
  MINOR,
  moveOrderTo,
  requiredItems,
  seededPackage,
  startApplication,
} from './testing.ts';

let t: TestApp;
// Building the app migrates a fresh database: slow on a busy machine.
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

const ADDRESS = {
  addressCountry: 'US',
  addressLine1: '12 Maple Street',
  addressCity: 'San Jose',
  usState: 'CA',
  zipCode: '95112',
};

/** Priya's answers as her OCI form stores them (the form's own normalisation: names in capitals). */
const PRIYA = {
  ...completeOciAnswers('Adult'),
  ...ADDRESS,
  givenName: 'PRIYA',
  surname: 'SHARMA',
  dateOfBirth: '1985-04-12',
  passportNumber: 'X1234567',
};

/** Her son Aarav's, with both parents named as his consent cites them. */
const AARAV = {
  ...completeOciAnswers('Minor'),
  ...ADDRESS,
  givenName: 'AARAV',
  surname: 'SHARMA',
  dateOfBirth: '2016-09-30',
  passportNumber: 'A9876543',
  fatherName: 'Rajesh Sharma',
  fatherPassportNumber: 'P7654321',
  motherName: 'Priya Sharma',
  motherPassportNumber: 'P1234567',
  // Both sign his consent (the sampled answers may have had one parent sign alone).
  parentsSituation: 'together',
};

/** A customer's New OCI Card order for Priya and Aarav, answers saved (at `address`); paid unless told otherwise. */
async function familyOrder({
  paid = true,
  address = ADDRESS,
}: {
  paid?: boolean;
  address?: Record<string, string>;
} = {}) {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token, { members: [ADULT, MINOR] });
  const [adult, minor] = order.members;
  if (!adult || !minor) throw new Error('the order has not both members');
  for (const [member, answers] of [
    [adult, PRIYA],
    [minor, AARAV],
  ] as const) {
    const path = `/application/order/${order.displayId}/members/${member.id}/form`;
    const saved = await apiCall(t.app, 'PUT', path, user.token, {
      answers: { ...answers, ...address },
      currentStep: 1,
    });
    if (saved.statusCode !== 200) throw new Error(`saving ${member.kind}'s answers failed: ${saved.body}`);
  }
  if (paid) await moveOrderTo(t.app, order.id, 'Forms incomplete');
  return { user, order, adultId: adult.id, minorId: minor.id };
}

const packPath = (ref: string, memberId: number) => `/application/order/${ref}/members/${memberId}/print-pack`;

/** The pack's pages, each as its drawn lines and as one text (lines joined: wrapped sentences read whole). */
async function pagesOf(body: Buffer) {
  const pages = await pdfPageLines(body);
  return pages.map((lines) => ({ lines, text: lines.join(' ') }));
}

/** The value drawn beside a label on the same page (the label column is written first). */
const valueAfter = (lines: string[], label: string) => lines[lines.indexOf(label) + 1];

describe('GET …/members/{memberId}/print-pack', () => {
  it('gives each member of a paid family order their pack, answers in their places', async () => {
    const { user, order, adultId, minorId } = await familyOrder();

    const adultRes = await apiCall(t.app, 'GET', packPath(order.displayId, adultId), user.token);
    expect(adultRes.statusCode).toBe(200);
    expect(adultRes.headers['content-type']).toBe('application/pdf');
    expect(adultRes.headers['content-disposition']).toMatch(/^attachment; filename=".*\.pdf"/);
    expect(adultRes.headers['cache-control']).toBe('private, no-store');
    expect(adultRes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const adult = await pagesOf(adultRes.rawPayload);
    const [cover] = adult;
    expect(cover?.lines[1]).toBe('Your checklist');
    // Paid with papers still missing (Forms incomplete): the cover says first not to post it yet.
    expect(cover?.text).toContain(PRINT_PACK_MESSAGES.notComplete('post'));
    expect(valueAfter(cover?.lines ?? [], 'Applicant')).toBe('PRIYA SHARMA');
    expect(valueAfter(cover?.lines ?? [], 'Order')).toBe(order.displayId);
    expect(valueAfter(cover?.lines ?? [], 'Date of birth')).toBe('12 APRIL 1985');
    // VFS Global's reference fee is not in the order: the package's fee note says so, word for word.
    expect(cover?.text).toContain(
      'If you hold a passport other than a US one, or have lived in the USA for less than two years, VFS Global adds a $20 reference fee. Pay what is not in your order as VFS Global asks',
    );
    expect(cover?.text).not.toContain(PRINT_PACK_MESSAGES.noPayment);
    // The government form goes on top, then her checklist in its order.
    const form = cover?.lines.findIndex((l) => l.startsWith('The government application form')) ?? -1;
    const passport = cover?.lines.indexOf('Current foreign passport') ?? -1;
    expect(form).toBeGreaterThan(0);
    expect(passport).toBeGreaterThan(form);
    // An adult has no parental authorisation; her pack ends with the mailing label.
    expect(adult.some((p) => p.text.includes('Parental Authorization Form'))).toBe(false);
    const label = adult.at(-1);
    expect(label?.lines[1]).toBe('Mailing label');
    // To the mission Priya's San Jose (Santa Clara County) address resolved to when she saved it.
    const to = label?.lines.indexOf('To') ?? -1;
    expect(label?.lines.slice(to, to + 6)).toEqual([
      'To',
      'VFS Global',
      'for the Consulate General of India, San Francisco',
      '228 Grant Avenue',
      '5th Floor',
      'San Francisco, CA 94108',
    ]);
    expect(label?.text).not.toContain(MISSION_ADDRESS_MISSING);
    expect(label?.lines).toEqual(
      expect.arrayContaining(['From', 'PRIYA SHARMA', '12 MAPLE STREET', 'SAN JOSE, CA 95112', 'UNITED STATES']),
    );
    expect(label?.lines.at(-1)).toMatch(new RegExp(`^${order.displayId} · PRIYA SHARMA · Page \\d of \\d$`));

    const minorRes = await apiCall(t.app, 'GET', packPath(order.displayId, minorId), user.token);
    expect(minorRes.statusCode).toBe(200);
    const minor = await pagesOf(minorRes.rawPayload);
    expect(valueAfter(minor[0]?.lines ?? [], 'Applicant')).toBe('AARAV SHARMA');
    expect(minor[0]?.text).toContain('Parental Authorization Form In this pack: sign it as the page shows.');
    const consent = minor.find((p) => p.lines[1] === 'Parental Authorization Form');
    if (!consent) throw new Error('no Parental Authorization Form in the minor’s pack');
    expect(valueAfter(consent.lines, 'Child’s name')).toBe('AARAV SHARMA');
    expect(valueAfter(consent.lines, 'Date of birth')).toBe('30 SEPTEMBER 2016');
    expect(valueAfter(consent.lines, 'Child’s passport number')).toBe('A9876543');
    expect(valueAfter(consent.lines, 'Father’s name')).toBe('RAJESH SHARMA');
    expect(valueAfter(consent.lines, 'Father’s passport number')).toBe('P7654321');
    expect(valueAfter(consent.lines, 'Mother’s name')).toBe('PRIYA SHARMA');
    expect(valueAfter(consent.lines, 'Mother’s passport number')).toBe('P1234567');
    expect(consent.text).toContain(
      'We, RAJESH SHARMA and PRIYA SHARMA, the parents of AARAV SHARMA, born on 30 SEPTEMBER 2016, authorise',
    );
    // Both parents sign, each under their printed name, before a notary.
    const father = consent.lines.indexOf('Signature of the father');
    const mother = consent.lines.indexOf('Signature of the mother');
    expect(father).toBeGreaterThan(0);
    expect(consent.lines.slice(father, father + 3)).toContain('RAJESH SHARMA');
    expect(mother).toBeGreaterThan(father);
    expect(consent.lines.slice(mother, mother + 3)).toContain('PRIYA SHARMA');
    expect(consent.lines).toContain('Notary’s acknowledgement');
  });

  it('gives a widowed parent’s child Annexure C to sign alone, and asks no second parent’s passport', async () => {
    // catalog-facts §2: "Annexure D signed by both parents (Annexure C if single parent)".
    const { pkg } = await seededPackage(t.app, 'indian-passport-renewal', 'minor');
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { packageId: pkg.id, members: [MINOR] });
    const minorId = order.members[0]?.id ?? 0;
    const saved = await apiCall(
      t.app,
      'PUT',
      `/application/order/${order.displayId}/members/${minorId}/form`,
      user.token,
      {
        answers: { parentsSituation: 'widowed', fatherName: 'RAJESH SHARMA', motherName: 'PRIYA SHARMA' },
        currentStep: 1,
      },
    );
    expect(saved.statusCode).toBe(200);
    await moveOrderTo(t.app, order.id, 'Forms incomplete');

    const required = (await requiredItems(t.app, user.token, order.displayId, minorId)).map((i) => i.id);
    expect(required).toEqual(
      expect.arrayContaining(['annexure-c', 'signing-parent-passport', 'parent-death-certificate']),
    );
    expect(required).not.toContain('parent-passport-2');
    expect(required).not.toContain('annexure-d');

    const res = await apiCall(t.app, 'GET', packPath(order.displayId, minorId), user.token);
    expect(res.statusCode).toBe(200);
    const pages = await pagesOf(res.rawPayload);
    expect(pages.some((p) => p.text.includes('Annexure D'))).toBe(false);
    const annexure = pages.find((p) => p.lines[1] === 'Annexure C: declaration by one parent of a minor');
    if (!annexure) throw new Error('no Annexure C in the pack');
    expect(annexure.text).toContain('the death certificate is enclosed with this application.');
    // One signature, the living parent's: the form does not say which parent that is.
    expect(annexure.lines.filter((l) => l.startsWith('Signature of the'))).toEqual(['Signature of the parent']);
    expect(pages[0]?.text).toContain('Death certificate of the other parent');
  });

  it('leaves the label’s address to be confirmed where our sources give the mission none', async () => {
    // Washington DC: the Embassy, whose VFS postal address is not in our sources (decision 0105).
    const dc = {
      addressCountry: 'US',
      addressLine1: '1 Main Street',
      addressCity: 'Washington',
      usState: 'DC',
      zipCode: '20001',
    };
    const { user, order, adultId } = await familyOrder({ address: dc });
    const res = await apiCall(t.app, 'GET', packPath(order.displayId, adultId), user.token);
    const label = (await pagesOf(res.rawPayload)).at(-1);
    expect(label?.text).toContain(MISSION_ADDRESS_MISSING);
    expect(label?.text).not.toContain('Embassy of India');
  });

  it('says the file check’s consular fee is paid at the centre, not that every fee was paid', async () => {
    const { pkg } = await seededPackage(t.app, 'visa-application-centre-support', 'consular-appointment-file-check');
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { packageId: pkg.id });
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    const res = await apiCall(t.app, 'GET', packPath(order.displayId, order.members[0]?.id ?? 0), user.token);
    expect(res.statusCode).toBe(200);
    const [cover] = await pagesOf(res.rawPayload);
    expect(cover?.text).toContain('Fees: you paid the VFS Global service fee with your order');
    expect(cover?.text).toContain(PRINT_PACK_MESSAGES.consularFeeAtCentre(PRINT_PACK_MESSAGES.anyCentre));
    expect(cover?.text).not.toContain(PRINT_PACK_MESSAGES.noPayment);
  });

  it('is a US Letter page for an order from the USA', async () => {
    const { user, order, adultId } = await familyOrder();
    const res = await apiCall(t.app, 'GET', packPath(order.displayId, adultId), user.token);
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toContainEqual([612, 792]);
    expect(doc.getPages().every((p) => p.getWidth() === 612 && p.getHeight() === 792)).toBe(true);
  });

  it('answers another customer, an unknown member and a visitor as it answers everyone else', async () => {
    const { order, adultId } = await familyOrder();
    const stranger = await createSignedInUser(t.app);
    const refused = await apiCall(t.app, 'GET', packPath(order.displayId, adultId), stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(A.orderNotFound);

    const { user, order: own } = await familyOrder();
    const unknown = await apiCall(t.app, 'GET', packPath(own.displayId, adultId), user.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.notFound);

    expect((await apiCall(t.app, 'GET', packPath(order.displayId, adultId), null)).statusCode).toBe(401);
  });

  it('is ready only once the order is paid (409 before)', async () => {
    const { user, order, adultId } = await familyOrder({ paid: false });
    const res = await apiCall(t.app, 'GET', packPath(order.displayId, adultId), user.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PRINT_PACK_MESSAGES.notPaid);
  });

  it('lists a document outside the checklist our team asked the member for, in that member’s pack only', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { user, order, adultId, minorId } = await familyOrder();
    const asked = await apiCall(t.app, 'POST', `/admin/orders/${order.displayId}/document-requests`, staff.token, {
      memberId: adultId,
      otherDocument: { label: 'Marriage certificate' },
      note: 'The consulate asks for it.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const packText = async (memberId: number) => {
      const res = await apiCall(t.app, 'GET', packPath(order.displayId, memberId), user.token);
      expect(res.statusCode).toBe(200);
      return (await pagesOf(res.rawPayload)).map((p) => p.text).join(' ');
    };
    expect(await packText(adultId)).toContain('Marriage certificate');
    expect(await packText(minorId)).not.toContain('Marriage certificate');
  });

  it('lets staff download the same pack from the back office', async () => {
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const { order, minorId } = await familyOrder();
    const res = await apiCall(
      t.app,
      'GET',
      `/admin/orders/${order.displayId}/members/${minorId}/print-pack`,
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pagesOf(res.rawPayload);
    expect(pages.some((p) => p.text.includes('RAJESH SHARMA'))).toBe(true);

    const unpaid = await familyOrder({ paid: false });
    const early = await apiCall(
      t.app,
      'GET',
      `/admin/orders/${unpaid.order.displayId}/members/${unpaid.adultId}/print-pack`,
      staff.token,
    );
    expect(early.statusCode).toBe(409);
  });
});
