import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_FORM_MESSAGES as F } from '../../../domain/applications/member-form.ts';
import { checkAnswers } from '../../../domain/forms/answers.ts';
import { addYears } from '../../../domain/forms/dates.ts';
import { validAnswers } from '../../../domain/forms/testing.ts';
import { VISALIA_ADDRESS_ANSWERS } from '../../../domain/jurisdiction/testing.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import { type MrzReading, PASSPORT_MESSAGES as P, type PassportFields } from '../../../domain/passports/mrz-reading.ts';
import { readMrzLines } from '../../../domain/passports/read-mrz.ts';
import { mrzLines, PRIYA, PRIYA_FIELDS, type TestPassport } from '../../../domain/passports/testing.ts';
import { tooManyPixelsMessage, UPLOAD_MESSAGES } from '../../../domain/uploads/messages.ts';
import { stopPassportOcr } from '../../ocr/mrz-ocr.ts';
import { passportPhoto } from '../../ocr/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, filesUnder, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { handmadePdf, pdfWithImageStreams, pdfWithPages, scannedPdf, smallPng } from '../../test/upload-fixtures.ts';
import { CONTENT_LIMITS } from '../../uploads/index.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { definitionForPackage } from './form-definitions/index.ts';
import { createPassportsRepository } from './passports-repository.ts';
import {
  ADULT,
  afterAutosaveWindow,
  apiCall,
  completeOciAnswers,
  MINOR,
  seededPackage,
  startApplication,
} from './testing.ts';

let t: TestApp;
let page: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  page = await passportPhoto(mrzLines(PRIYA));
});
afterAll(async () => {
  await stopPassportOcr();
  await t.close();
});

const memberPath = (ref: string, memberId: number) => `/application/order/${ref}/members/${memberId}`;
const storedFiles = () => filesUnder(join(t.app.env.dataDir, 'files'));

function uploadPage(token: string, url: string, data: Buffer, name = 'passport.jpg') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(token) },
    payload: multipart([filePart(name, data, 'image/jpeg')]),
  });
}

async function customerWithOrder() {
  const user = await createSignedInUser(t.app);
  // Born when her passport says (priyasAnswers): the form's date of birth must be the member's.
  const order = await startApplication(t.app, user.token, { members: [{ ...ADULT, dateOfBirth: '1985-03-14' }] });
  const memberId = order.members[0]?.id ?? 0;
  return { token: user.token, ref: order.displayId, memberId, path: memberPath(order.displayId, memberId) };
}

/** Priya's passport as typed answers: a complete OCI form whose passport answers are hers. */
function priyasAnswers(overrides: Record<string, unknown> = {}) {
  return {
    ...completeOciAnswers('Adult'),
    surname: 'SHARMA',
    givenName: 'PRIYA DEVI',
    sex: 'female',
    dateOfBirth: '1985-03-14',
    passportNumber: 'X12345678',
    passportCountry: 'US',
    passportIssueDate: '2021-07-16',
    passportExpiryDate: '2031-07-15',
    presentNationality: 'US',
    ...overrides,
  };
}

const confirmBody = (lines = mrzLines(PRIYA)) => ({
  lines,
  fields: { ...PRIYA_FIELDS },
});

describe('reading a passport page', () => {
  it('reads the zone of an uploaded photo through Tesseract and stores nothing', async () => {
    const { token, path } = await customerWithOrder();
    const before = await storedFiles();
    const res = await uploadPage(token, `${path}/passport/read`, page);
    expect(res.statusCode, res.body).toBe(200);
    const reading = res.json().data as MrzReading;
    expect(res.json().message).toBe(P.read);
    expect(reading.lines).toEqual(mrzLines(PRIYA));
    expect(reading.fields).toEqual(confirmBody().fields);
    expect(reading.checks.every((c) => c.valid)).toBe(true);
    expect(await storedFiles()).toEqual(before);
  });

  it("answers a page without a zone with words, not a stack; another customer's member is a 404", async () => {
    const { token, path } = await customerWithOrder();
    const res = await uploadPage(token, `${path}/passport/read`, await smallPng(), 'photo.png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isSuccess: false, message: P.unreadable });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);

    const other = await customerWithOrder();
    expect((await uploadPage(other.token, `${path}/passport/read`, page)).statusCode).toBe(404);
    expect((await apiCall(t.app, 'GET', `${path}/passport`, other.token)).statusCode).toBe(404);
    expect((await apiCall(t.app, 'GET', `${path}/passport`, null)).statusCode).toBe(401);
  });

  it('refuses a file that is neither an image nor a PDF by its first bytes', async () => {
    const { token, path } = await customerWithOrder();
    const res = await uploadPage(token, `${path}/passport/read`, Buffer.from('GIF89a passport'), 'passport.gif');
    expect(res.statusCode).toBe(415);
  });

  it("reads the member's uploaded passport copy in place", async () => {
    const { token, path } = await customerWithOrder();
    const uploaded = await uploadPage(token, `${path}/documents/foreign-passport`, page);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = uploaded.json().data.document.id as number;
    const res = await apiCall(t.app, 'POST', `${path}/passport/read/documents/${documentId}`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as MrzReading).fields.passportNumber).toBe('X12345678');
    // Another member's document, or another customer asking: not found.
    const other = await customerWithOrder();
    const foreign = await apiCall(t.app, 'POST', `${other.path}/passport/read/documents/${documentId}`, other.token);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('reading a PDF scan (decision 0095, "PDF copies")', () => {
  async function uploadCopy(token: string, path: string, pdf: Buffer) {
    const copy = await uploadPage(token, `${path}/documents/foreign-passport`, pdf, 'passport.pdf');
    expect(copy.statusCode, copy.body).toBe(201);
    return copy.json().data.document.id as number;
  }

  it("reads the member's PDF copy holding a JPEG scan, in place", async () => {
    const { token, path } = await customerWithOrder();
    const documentId = await uploadCopy(token, path, await scannedPdf(page));
    const res = await apiCall(t.app, 'POST', `${path}/passport/read/documents/${documentId}`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(P.read);
    expect((res.json().data as MrzReading).fields).toEqual(PRIYA_FIELDS);
  });

  it('reads a PDF sent to the reader whose scan is a PNG (deflated pixels), storing nothing', async () => {
    const { token, path } = await customerWithOrder();
    const before = await storedFiles();
    const pdf = await scannedPdf(await sharp(page).png().toBuffer(), { type: 'png' });
    const res = await uploadPage(token, `${path}/passport/read`, pdf, 'scan.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as MrzReading).lines).toEqual(mrzLines(PRIYA));
    expect(await storedFiles()).toEqual(before);
  });

  it('answers a PDF of text only in words: there is no scanned page to read', async () => {
    const { token, path } = await customerWithOrder();
    const documentId = await uploadCopy(token, path, await pdfWithPages());
    const read = await apiCall(t.app, 'POST', `${path}/passport/read/documents/${documentId}`, token);
    expect(read.statusCode).toBe(422);
    expect(read.json().message).toBe(
      'We could not find a scanned page in this PDF. Choose a photo or scan of the passport page (JPEG, PNG or HEIC) instead.',
    );
    const sent = await uploadPage(token, `${path}/passport/read`, await pdfWithPages(), 'letter.pdf');
    expect(sent.statusCode).toBe(422);
    expect(sent.json().message).toBe(P.pdfNotRead);
  });

  it('refuses a hostile PDF sent to the reader: the PDF check first, then an image declared past the limits', async () => {
    const { token, path } = await customerWithOrder();
    const script = await uploadPage(
      token,
      `${path}/passport/read`,
      handmadePdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>' }),
      'scan.pdf',
    );
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toBe(UPLOAD_MESSAGES.pdfActiveContent);

    const huge = await pdfWithImageStreams([
      {
        contents: deflateSync(Buffer.alloc(1000)),
        dict: { Width: 100_000, Height: 100_000, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'FlateDecode' },
      },
    ]);
    const started = performance.now();
    const res = await uploadPage(token, `${path}/passport/read`, huge, 'scan.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(tooManyPixelsMessage(50));
    expect(performance.now() - started).toBeLessThan(CONTENT_LIMITS.pdfTimeoutMs);
  });
});

describe('confirming a reading and the review step', () => {
  it('keeps only lines whose check digits hold, with their number and dates', async () => {
    const { token, path } = await customerWithOrder();
    const [first, second] = mrzLines(PRIYA);
    const oneDigitChanged = `${second.slice(0, 3)}9${second.slice(4)}`;
    const bad = await apiCall(t.app, 'PUT', `${path}/passport`, token, confirmBody([first, oneDigitChanged]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(P.notConfirmable);

    const changed = confirmBody();
    changed.fields.passportNumber = 'X12345679';
    const edited = await apiCall(t.app, 'PUT', `${path}/passport`, token, changed);
    expect(edited.json().message).toBe(P.checkedFieldChanged);

    // A misread letter in a name is the customer's to correct.
    const corrected = confirmBody();
    corrected.fields.givenNames = 'PRIYA DEVI';
    const res = await apiCall(t.app, 'PUT', `${path}/passport`, token, corrected);
    expect(res.statusCode, res.body).toBe(200);
    expect((await apiCall(t.app, 'GET', `${path}/passport`, token)).json().data.fields).toEqual(corrected.fields);
  });

  it('refuses a review while typed answers disagree with the passport, listing each', async () => {
    const { token, path } = await customerWithOrder();
    await apiCall(t.app, 'PUT', `${path}/passport`, token, confirmBody());
    const typo = priyasAnswers({ passportNumber: 'X12354678', dateOfBirth: '1985-03-15' });
    expect((await apiCall(t.app, 'PUT', `${path}/form`, token, { currentStep: 2, answers: typo })).statusCode).toBe(
      200,
    );

    const refused = await apiCall(t.app, 'POST', `${path}/form/review`, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: P.mismatch,
      errors: {
        passportNumber:
          'Passport number: two characters are swapped. You typed X12354678, the passport says X12345678.',
        dateOfBirth: 'Date of birth: you typed 15 Mar 1985, the passport says 14 Mar 1985.',
      },
    });

    // Autosave takes one save a second per member.
    await afterAutosaveWindow();
    await apiCall(t.app, 'PUT', `${path}/form`, token, { currentStep: 2, answers: priyasAnswers() });
    const reviewed = await apiCall(t.app, 'POST', `${path}/form/review`, token);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().message).toBe(F.reviewed);
  });

  it("drops a member's review when a passport confirmed afterwards disagrees with the answers", async () => {
    const { token, path } = await customerWithOrder();
    await apiCall(t.app, 'PUT', `${path}/form`, token, {
      currentStep: 2,
      answers: priyasAnswers({ passportNumber: 'X12345670' }),
    });
    expect((await apiCall(t.app, 'POST', `${path}/form/review`, token)).statusCode).toBe(200);
    expect((await apiCall(t.app, 'PUT', `${path}/passport`, token, confirmBody())).statusCode).toBe(200);
    const form = (await apiCall(t.app, 'GET', `${path}/form`, token)).json().data;
    expect(form.reviewDetails).toBeNull();
    // Removing the reading lets the answers stand on their own again.
    expect((await apiCall(t.app, 'DELETE', `${path}/passport`, token)).statusCode).toBe(200);
    expect((await apiCall(t.app, 'POST', `${path}/form/review`, token)).statusCode).toBe(200);
  });
});

/** The fields `passport`'s zone reads as on `today`: what confirming it sends. */
function fieldsOf(passport: TestPassport, today = todayIsoDate()): PassportFields {
  const reading = readMrzLines(mrzLines(passport), today);
  if (!reading?.valid) throw new Error('test passport does not read');
  return reading.fields;
}

/** A date as the zone writes it: 2025-11-28 → 251128. */
const zoneDate = (iso: string) => iso.slice(2).replaceAll('-', '');

describe('a renewal of an expired Indian passport', () => {
  const RENEWAL = definitionForPackage('indian-passport-renewal', 'adult-36-pages');
  const today = todayIsoDate();
  const expiry = addYears(today, -1);
  const expired: TestPassport = { ...PRIYA, issuingState: 'IND', number: 'Z1234567', expiry: zoneDate(expiry) };

  /** A complete renewal form whose passport answers are the expired passport's. */
  function renewalAnswers(): Record<string, unknown> {
    if (!RENEWAL) throw new Error('no seeded renewal form');
    const fields = fieldsOf(expired);
    const passportAnswers = {
      surname: fields.surname,
      givenName: fields.givenNames,
      sex: fields.sex,
      dateOfBirth: fields.dateOfBirth,
      indianPassportNumber: fields.passportNumber,
      indianPassportIssueDate: addYears(expiry, -10),
      indianPassportExpiryDate: fields.expiryDate,
    };
    const [values] = fc.sample(validAnswers(RENEWAL, today, { ...VISALIA_ADDRESS_ANSWERS, ...passportAnswers }), {
      numRuns: 1,
      seed: 51,
    });
    const checked = checkAnswers(RENEWAL, values, { mode: 'complete', memberKind: 'Adult', today });
    if (Object.keys(checked.errors).length > 0) throw new Error(`incomplete: ${JSON.stringify(checked.errors)}`);
    return checked.answers;
  }

  it('is reviewed against the passport read, which may have expired: the form asks for such a passport', async () => {
    const user = await createSignedInUser(t.app);
    const { pkg } = await seededPackage(t.app, 'indian-passport-renewal', 'adult-36-pages');
    const order = await startApplication(t.app, user.token, {
      packageId: pkg.id,
      members: [{ ...ADULT, dateOfBirth: '1985-03-14' }],
    });
    const path = memberPath(order.displayId, order.members[0]?.id ?? 0);
    const saved = await apiCall(t.app, 'PUT', `${path}/form`, user.token, {
      currentStep: 2,
      answers: renewalAnswers(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await apiCall(t.app, 'POST', `${path}/form/review`, user.token)).statusCode).toBe(200);

    // Confirming the expired passport keeps the review, and the review can be made again.
    const body = { lines: mrzLines(expired), fields: fieldsOf(expired) };
    const confirmed = await apiCall(t.app, 'PUT', `${path}/passport`, user.token, body);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await apiCall(t.app, 'GET', `${path}/form`, user.token)).json().data.reviewDetails).not.toBeNull();
    const reviewed = await apiCall(t.app, 'POST', `${path}/form/review`, user.token);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
  });
});

describe("a twin's passport on the other twin's form", () => {
  const AARAV: TestPassport = {
    surname: 'SHARMA',
    givenNames: 'AARAV',
    number: 'A11111111',
    birth: '160930',
    sex: 'M',
    expiry: '310715',
  };
  const ARJUN: TestPassport = { ...AARAV, givenNames: 'ARJUN', number: 'B22222222' };
  const confirmOf = (passport: TestPassport) => ({ lines: mrzLines(passport), fields: fieldsOf(passport) });

  async function twins() {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, {
      members: [MINOR, { ...MINOR, fullName: 'Arjun Sharma' }],
    });
    const [aarav, arjun] = order.members.map((m) => memberPath(order.displayId, m.id));
    return { token: user.token, aarav: aarav as string, arjun: arjun as string, ids: order.members.map((m) => m.id) };
  }

  it("refuses to confirm it: its names are the other twin's, or the other twin confirmed it", async () => {
    const { token, aarav, arjun } = await twins();
    expect((await apiCall(t.app, 'PUT', `${arjun}/passport`, token, confirmOf(ARJUN))).statusCode).toBe(200);

    const other = await apiCall(t.app, 'PUT', `${aarav}/passport`, token, confirmOf(ARJUN));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(P.notMembersName('ARJUN SHARMA', 'Aarav Sharma'));
    // Renamed to pass the name check, it is still the passport Arjun confirmed.
    const renamed = confirmOf(ARJUN);
    renamed.fields.givenNames = 'AARAV';
    const taken = await apiCall(t.app, 'PUT', `${aarav}/passport`, token, renamed);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(P.numberOfAnotherMember('Arjun Sharma'));
    expect((await apiCall(t.app, 'GET', `${aarav}/passport`, token)).json().data).toBeNull();
    expect((await apiCall(t.app, 'PUT', `${aarav}/passport`, token, confirmOf(AARAV))).statusCode).toBe(200);
  });

  it('refuses the review of answers that agree with it', async () => {
    const { token, aarav, ids } = await twins();
    // Kept as a confirmation before names were checked would have kept it.
    await createPassportsRepository(t.database.db).save(ids[0] ?? 0, confirmOf(ARJUN), new Date());
    const answers = {
      ...completeOciAnswers('Minor'),
      surname: 'SHARMA',
      givenName: 'ARJUN',
      sex: 'male',
      passportNumber: 'B22222222',
      passportCountry: 'US',
      passportIssueDate: '2021-07-16',
      passportExpiryDate: '2031-07-15',
      presentNationality: 'US',
    };
    expect((await apiCall(t.app, 'PUT', `${aarav}/form`, token, { currentStep: 2, answers })).statusCode).toBe(200);
    const refused = await apiCall(t.app, 'POST', `${aarav}/form/review`, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(P.notMembersName('ARJUN SHARMA', 'Aarav Sharma'));
  });
});
