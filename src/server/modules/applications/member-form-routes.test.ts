import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES as A, ANSWERS_OPEN } from '../../../domain/applications/application.ts';
import { documentFileRef } from '../../../domain/applications/documents.ts';
import { MEMBER_FORM_MESSAGES as F, MEMBER_FORM_BODY_LIMIT } from '../../../domain/applications/member-form.ts';
import type { MemberKind } from '../../../domain/applications/member-kinds.ts';
import { MEMBER_MESSAGES as M } from '../../../domain/applications/members.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { smallPng } from '../../test/upload-fixtures.ts';
import { bearer, createSignedInUser, signIn } from '../auth/testing.ts';
import { fakeAnalyse } from '../photos/testing.ts';
import { definitionForPackage } from './form-definitions/index.ts';
import { createApplicationsRepository } from './repository.ts';
import { applicationMembers, packageForms } from './tables.ts';
import {
  ADULT,
  type ApiMethod,
  afterAutosaveWindow,
  apiCall,
  type ChecklistItem,
  completeOciAnswers,
  MINOR,
  moveOrderTo,
  requiredItems as requiredItemsOf,
  seededPackage,
  startApplication,
  uploadItems as uploadItemsOf,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  // Photos and signatures are fitted on upload: a stand-in engine fits the test's small images.
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
});
afterAll(() => t.close());

const call = (method: ApiMethod, url: string, token: string | null, payload?: object) =>
  apiCall(t.app, method, url, token, payload);

const orderPath = (ref: string) => `/application/order/${ref}`;
const formPath = (ref: string, memberId: number) => `${orderPath(ref)}/members/${memberId}/form`;
const save = (token: string | null, ref: string, memberId: number, body: object) =>
  call('PUT', formPath(ref, memberId), token, body);
const review = (token: string | null, ref: string, memberId: number) =>
  call('POST', `${formPath(ref, memberId)}/review`, token);
const removeReview = (token: string | null, ref: string, memberId: number) =>
  call('DELETE', `${formPath(ref, memberId)}/review`, token);

const OCI = definitionForPackage('oci-card', 'new-oci-card');
const STEPS: Record<MemberKind, number> = { Adult: 7, Minor: 8 };
const completeAnswers = completeOciAnswers;

const memberRow = async (memberId: number) => {
  const [row] = await t.database.db.select().from(applicationMembers).where(eq(applicationMembers.id, memberId));
  if (!row) throw new Error(`no member ${memberId}`);
  return row;
};

async function customerWithOrder(members = [ADULT], choices = { applyingFrom: 'US' }) {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token, { members, choices });
  return { user, order, ref: order.displayId, memberId: order.members[0]?.id ?? 0 };
}

const moveTo = (orderId: number, to: OrderStatus, actor?: 'system' | 'staff') => moveOrderTo(t.app, orderId, to, actor);

/** A second session of the same customer (another tab or device): its own autosave allowance. */
const anotherSession = (user: { email: string; password: string }) => signIn(t.app, user.email, user.password);

/** The form's photo field sending a photo to the member's photo slot, as `token`'s tab does. */
const uploadPhoto = async (token: string, ref: string, memberId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${orderPath(ref)}/members/${memberId}/documents/photo`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(token) },
    payload: multipart([filePart('photo.png', await smallPng(), 'image/png')]),
  });

describe('GET …/form: the order’s form definition', () => {
  it('answers the version the order started with', async () => {
    const { user, ref, order } = await customerWithOrder();
    const res = await call('GET', `${orderPath(ref)}/form`, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, message: F.definitionLoaded });
    const { definition } = res.json().data;
    expect(definition).toEqual({ ...OCI, version: 1 });
    const view = (await call('GET', orderPath(ref), user.token)).json().data;
    expect(view.formDefinitionId).toEqual(expect.any(Number));
    expect(view.formDefinitionId).not.toBeNull();
    expect(order.members).toHaveLength(1);
  });
});

describe('GET …/members/{memberId}/form', () => {
  it('starts on step 1 with no answers and no review', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const res = await call('GET', formPath(ref, memberId), user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, message: F.loaded });
    expect(res.json().data).toEqual({
      memberId,
      currentStep: 1,
      answers: {},
      reviewDetails: null,
      canEdit: true,
      canRemoveReview: false,
      savedAt: expect.any(String),
      // No autosave yet: the first save is built on no answers.
      answersSavedAt: null,
      // What the order and the account already know (issue 30): the form starts with it.
      household: {
        answers: {
          surname: { value: 'SHARMA', from: 'From “Who is applying”' },
          givenName: { value: 'PRIYA', from: 'From “Who is applying”' },
          dateOfBirth: { value: ADULT.dateOfBirth, from: 'From “Who is applying”' },
          email: { value: user.email, from: 'From your account' },
          mobile: { value: expect.stringMatching(/^\+1/), from: 'From your account' },
          addressCountry: { value: 'US', from: 'From the country you apply from' },
        },
        offers: [],
      },
    });
  });

  it('gives a child the parent’s answers as they were saved, and offers the parent’s address with one tap', async () => {
    const { user, order, ref, memberId: parent } = await customerWithOrder([ADULT, MINOR]);
    const child = order.members[1]?.id ?? 0;
    const answers = { sex: 'female', passportNumber: 'x1234567', addressCountry: 'US', addressCity: 'Austin' };
    expect((await save(user.token, ref, parent, { currentStep: 1, answers })).statusCode).toBe(200);
    const { household } = (await call('GET', formPath(ref, child), user.token)).json().data;
    expect(household.answers.motherPassportNumber).toEqual({ value: 'X1234567', from: 'From Priya Sharma’s answers' });
    expect(household.answers.motherName.value).toBe('Priya Sharma');
    expect(household.answers.fatherName).toBeUndefined();
    expect(household.offers).toEqual([
      {
        group: 'address',
        memberId: parent,
        label: 'Same address as Priya',
        from: 'From Priya Sharma’s answers',
        values: { addressCountry: 'US', addressCity: 'Austin' },
      },
    ]);
  });

  it('starts a new order’s forms from the customer’s earlier applications, and never from another customer’s', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const answers = { sex: 'female', passportNumber: 'x1234567', addressCountry: 'US', addressCity: 'Austin' };
    expect((await save(user.token, ref, memberId, { currentStep: 1, answers })).statusCode).toBe(200);

    // The child's passport, in an order of its own: the mother's answers and address from hers.
    const forChild = await startApplication(t.app, user.token, { members: [MINOR] });
    const child = (await call('GET', formPath(forChild.displayId, forChild.members[0]?.id ?? 0), user.token)).json()
      .data.household;
    expect(child.answers.motherPassportNumber).toEqual({ value: 'X1234567', from: `From Priya’s application ${ref}` });
    expect(child.offers.map((o: { label: string }) => o.label)).toEqual(['Same address as Priya']);

    // Priya again, a year on: her own answers, named by the order they came from.
    const again = await startApplication(t.app, user.token, { members: [ADULT] });
    const own = (await call('GET', formPath(again.displayId, again.members[0]?.id ?? 0), user.token)).json().data
      .household;
    expect(own.answers.passportNumber).toEqual({ value: 'X1234567', from: `From Priya’s application ${ref}` });
    expect(own.answers.addressCity).toEqual({ value: 'Austin', from: `From Priya’s application ${ref}` });

    // Another customer with a Priya Sharma of the same birthday starts from nothing of hers.
    const stranger = await customerWithOrder();
    const theirs = (await call('GET', formPath(stranger.ref, stranger.memberId), stranger.user.token)).json().data
      .household;
    expect(theirs.answers.passportNumber).toBeUndefined();
    expect(theirs.answers.addressCity).toBeUndefined();
  });

  it('reads earlier applications past any number of photo orders since', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const answers = { sex: 'female', passportNumber: 'x1234567' };
    expect((await save(user.token, ref, memberId, { currentStep: 1, answers })).statusCode).toBe(200);
    // More SevaPhotos orders than the form reads earlier orders: they have no members to read.
    // Made through the service: the route allows only a few a minute.
    for (let i = 0; i < 21; i++) {
      const photo = await t.app.services.photos.create(user, { idempotencyKey: `photo-order-${i}-${ref}` });
      expect(photo.ok).toBe(true);
    }
    const again = await startApplication(t.app, user.token, { members: [ADULT] });
    const own = (await call('GET', formPath(again.displayId, again.members[0]?.id ?? 0), user.token)).json().data
      .household;
    expect(own.answers.passportNumber).toEqual({ value: 'X1234567', from: `From Priya’s application ${ref}` });
  });

  it('pre-fills only a form never saved: an answer the customer cleared stays cleared, the one-tap copies stay', async () => {
    const { user, order, ref, memberId } = await customerWithOrder([ADULT, MINOR]);
    const child = order.members[1]?.id ?? 0;
    await save(user.token, ref, memberId, { currentStep: 1, answers: { addressCountry: 'US', addressCity: 'Austin' } });
    expect((await call('GET', formPath(ref, child), user.token)).json().data.household.answers.surname).toBeDefined();
    // The child's passport prints no surname: the parent cleared the one "Who is applying" gave.
    await save(user.token, ref, child, { currentStep: 1, answers: { givenName: 'AARAV SHARMA' } });
    const again = (await call('GET', formPath(ref, child), user.token)).json().data.household;
    expect(again.answers).toEqual({});
    expect(again.offers.map((o: { label: string }) => o.label)).toContain('Same address as Priya');
  });

  it('offers nothing once the answers can no longer change', async () => {
    const { user, order, ref, memberId } = await customerWithOrder();
    await moveTo(order.id, 'Order pending');
    const form = (await call('GET', formPath(ref, memberId), user.token)).json().data;
    expect(form.canEdit).toBe(false);
    expect(form.household).toBeUndefined();
  });
});

describe('PUT …/members/{memberId}/form: autosave', () => {
  it('stores the normalised answers and the step, and answers them back', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const res = await save(user.token, ref, memberId, {
      currentStep: 2,
      answers: { givenName: '  Priya  ', changedName: 'no', notAQuestion: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, message: F.saved });
    expect(res.json().data).toMatchObject({ memberId, currentStep: 2, reviewDetails: null, canEdit: true });
    expect(res.json().data.answers).toEqual({ givenName: 'PRIYA', changedName: 'no' });
    const again = await call('GET', formPath(ref, memberId), user.token);
    // The same form, with what the household offers it (only an opening carries it).
    expect(again.json().data).toEqual({ ...res.json().data, household: expect.any(Object) });
    expect(await memberRow(memberId)).toMatchObject({
      currentStep: 2,
      answers: { givenName: 'PRIYA', changedName: 'no' },
    });
  });
  it('replaces the whole answer set (answers left out are removed) and drops hidden and unknown answers', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    await save(user.token, ref, memberId, {
      currentStep: 1,
      answers: { givenName: 'Priya', surname: 'Sharma', changedName: 'yes', previousGivenName: 'Priya Devi' },
    });
    expect((await memberRow(memberId)).answers).toMatchObject({ previousGivenName: 'PRIYA DEVI' });
    // The customer answers No: the follow-up questions hide, and what they held is not kept.
    const res = await save(await anotherSession(user), ref, memberId, {
      currentStep: 1,
      answers: { givenName: 'Priya', changedName: 'no', previousGivenName: 'Priya Devi', constructor: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.answers).toEqual({ givenName: 'PRIYA', changedName: 'no' });
    expect((await memberRow(memberId)).answers).toEqual({ givenName: 'PRIYA', changedName: 'no' });
  });

  it('refuses malformed answers with 400 and field messages, and stores nothing (answers and step untouched)', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    await save(user.token, ref, memberId, { currentStep: 2, answers: { givenName: 'Priya' } });
    const before = await memberRow(memberId);
    const res = await save(await anotherSession(user), ref, memberId, {
      currentStep: 3,
      answers: { givenName: 'Asha', sex: 'banana', dateOfBirth: '2999-01-01', birthCountry: 'XX' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: false, statusCode: 400, message: F.invalidAnswers, data: null });
    expect(Object.keys(body.errors).sort()).toEqual(['birthCountry', 'dateOfBirth', 'sex']);
    for (const message of Object.values(body.errors)) expect(message).toEqual(expect.any(String));
    expect(await memberRow(memberId)).toEqual(before);
  });

  it('takes a step from 1 to the member’s steps + 1 (the review step), else 400', async () => {
    const { user, ref, memberId } = await customerWithOrder([ADULT, MINOR]);
    const minorId = (await startedMembers(user.token, ref))[1] ?? 0;
    const last = await save(user.token, ref, memberId, { currentStep: STEPS.Adult + 1, answers: {} });
    expect(last.statusCode).toBe(200);
    expect(last.json().data.currentStep).toBe(STEPS.Adult + 1);
    for (const [id, step] of [
      [memberId, STEPS.Adult + 2],
      [minorId, STEPS.Minor + 2],
      [minorId, 0],
      [minorId, 1.5],
    ] as const) {
      const res = await save(await anotherSession(user), ref, id, { currentStep: step, answers: {} });
      expect(res.statusCode, `step ${step}`).toBe(400);
      expect(res.json()).toMatchObject({ message: F.stepInvalid, errors: { currentStep: F.stepInvalid } });
    }
    const minor = await save(await anotherSession(user), ref, minorId, { currentStep: STEPS.Minor + 1, answers: {} });
    expect(minor.statusCode).toBe(200);
  });

  it('refuses a body over the limit with 413 and the form’s words, storing nothing', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const before = await memberRow(memberId);
    const res = await save(user.token, ref, memberId, {
      currentStep: 1,
      answers: { givenName: 'x'.repeat(MEMBER_FORM_BODY_LIMIT) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ isSuccess: false, statusCode: 413, message: F.tooLarge, data: null });
    expect(await memberRow(memberId)).toEqual(before);
    // Just under the limit is read (and then checked like any other save).
    const under = await save(await anotherSession(user), ref, memberId, {
      currentStep: 1,
      answers: { notAQuestion: 'x'.repeat(MEMBER_FORM_BODY_LIMIT - 200) },
    });
    expect(under.statusCode).toBe(200);
  });

  it('takes one save per member per second per session: 429 with Retry-After, then saves again', async () => {
    const { user, ref, memberId } = await customerWithOrder([ADULT, MINOR]);
    const minorId = (await startedMembers(user.token, ref))[1] ?? 0;
    const first = await save(user.token, ref, memberId, { currentStep: 1, answers: { givenName: 'Priya' } });
    expect(first.statusCode).toBe(200);
    const second = await save(user.token, ref, memberId, { currentStep: 1, answers: { givenName: 'Asha' } });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ isSuccess: false, statusCode: 429, message: F.tooFrequent, data: null });
    expect(second.headers['retry-after']).toBe('1');
    expect((await memberRow(memberId)).answers).toEqual({ givenName: 'PRIYA' });
    // Another member of the same session, and the same member from another session, count apart.
    expect((await save(user.token, ref, minorId, { currentStep: 1, answers: {} })).statusCode).toBe(200);
    const other = await save(await anotherSession(user), ref, memberId, { currentStep: 1, answers: {} });
    expect(other.statusCode).toBe(200);
    await afterAutosaveWindow();
    const later = await save(user.token, ref, memberId, { currentStep: 2, answers: { givenName: 'Asha' } });
    expect(later.statusCode).toBe(200);
    expect((await memberRow(memberId)).answers).toEqual({ givenName: 'ASHA' });
  });

  it('refuses a save built on answers older than those stored (another tab saved since) with 409, keeping the newer answers', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const [tabA, tabB] = await Promise.all([anotherSession(user), anotherSession(user)]);
    // Nothing saved yet: both tabs build on no answers.
    const opened = (await call('GET', formPath(ref, memberId), tabA)).json().data.answersSavedAt;
    expect(opened).toBeNull();
    expect((await call('GET', formPath(ref, memberId), tabB)).json().data.answersSavedAt).toBeNull();
    const fromB = await save(tabB, ref, memberId, {
      currentStep: 1,
      answers: { givenName: 'Priya', surname: 'Sharma', birthCity: 'Edison' },
      basedOn: opened,
    });
    expect(fromB.statusCode, fromB.body).toBe(200);
    // Tab A's whole set, built on what it opened, would drop tab B's birthplace.
    const stale = await save(tabA, ref, memberId, {
      currentStep: 1,
      answers: { givenName: 'Priya', surname: 'Verma' },
      basedOn: opened,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(F.changedElsewhere);
    expect((await memberRow(memberId)).answers).toMatchObject({ surname: 'SHARMA', birthCity: 'Edison' });
    // Built on what tab B stored, it is saved (past the session's one-save-a-second window).
    await afterAutosaveWindow();
    const caughtUp = await save(tabA, ref, memberId, {
      currentStep: 1,
      answers: { givenName: 'Priya', surname: 'Verma', birthCity: 'Edison' },
      basedOn: fromB.json().data.answersSavedAt,
    });
    expect(caughtUp.statusCode, caughtUp.body).toBe(200);
    expect((await memberRow(memberId)).answers).toMatchObject({ surname: 'VERMA', birthCity: 'Edison' });
  });

  it('keeps an upload’s answer from a tab opened before it (409), while the uploading tab goes on from the upload', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const [tabA, tabB] = await Promise.all([anotherSession(user), anotherSession(user)]);
    const answers = { givenName: 'Priya', surname: 'Sharma' };
    const first = await save(tabA, ref, memberId, { currentStep: 1, answers, basedOn: null });
    expect(first.statusCode, first.body).toBe(200);
    // Tab B opens the form after that save: both tabs build on it.
    const opened = (await call('GET', formPath(ref, memberId), tabB)).json().data.answersSavedAt;
    expect(opened).toBe(first.json().data.answersSavedAt);

    // Tab A's photo field uploads: the answer refers to the new file, and the upload says when it was stored.
    const uploaded = await uploadPhoto(tabA, ref, memberId);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { document, answersSavedAt } = uploaded.json().data;
    expect(answersSavedAt).toEqual(expect.any(String));
    expect(answersSavedAt).not.toBe(opened);
    const photo = documentFileRef(document);
    expect((await memberRow(memberId)).answers.photo).toEqual(photo);

    // Tab B's whole set, built on what it opened, has no photo: refused, and the new file stays the answer.
    const stale = await save(tabB, ref, memberId, {
      currentStep: 1,
      answers: { ...answers, birthCity: 'Edison' },
      basedOn: opened,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(F.changedElsewhere);
    expect((await memberRow(memberId)).answers.photo).toEqual(photo);

    // Tab A's next save is built on the upload's answers: it goes through.
    await afterAutosaveWindow();
    const next = await save(tabA, ref, memberId, {
      currentStep: 2,
      answers: { ...answers, photo },
      basedOn: answersSavedAt,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect((await memberRow(memberId)).answers.photo).toEqual(photo);
  });

  it('two saves of the same member at once end with one of them whole, never a mix', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const [a, b] = await Promise.all([anotherSession(user), anotherSession(user)]);
    const one = { currentStep: 2, answers: { givenName: 'Priya', surname: 'Sharma', changedName: 'no' } };
    const two = { currentStep: 3, answers: { givenName: 'Asha', sex: 'female' } };
    const results = await Promise.all([save(a, ref, memberId, one), save(b, ref, memberId, two)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const row = await memberRow(memberId);
    const stored = { currentStep: row.currentStep, answers: row.answers };
    expect([
      { currentStep: 2, answers: { givenName: 'PRIYA', surname: 'SHARMA', changedName: 'no' } },
      { currentStep: 3, answers: { givenName: 'ASHA', sex: 'female' } },
    ]).toContainEqual(stored);
  });
});

/** The member ids of an order, in order. */
async function startedMembers(token: string, ref: string): Promise<number[]> {
  return (await call('GET', `${orderPath(ref)}/members`, token)).json().data.map((m: { id: number }) => m.id);
}

describe('the review step', () => {
  it('refuses incomplete answers with 400, the field messages and nothing stored', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    await save(user.token, ref, memberId, { currentStep: 3, answers: { givenName: 'Priya' } });
    const before = await memberRow(memberId);
    const res = await review(user.token, ref, memberId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, message: F.incomplete });
    expect(res.json().errors).toMatchObject({ sex: 'Sex is required', dateOfBirth: 'Date of birth is required' });
    expect(res.json().errors).not.toHaveProperty('givenName');
    expect(await memberRow(memberId)).toEqual(before);
  });

  it('reviews only a form whose date of birth is the member’s, saying so at the field', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const answers = { ...completeAnswers('Adult'), dateOfBirth: '1984-01-15' };
    // Autosave keeps what was typed, to be corrected.
    expect((await save(user.token, ref, memberId, { currentStep: 3, answers })).statusCode).toBe(200);
    const reviewed = await review(user.token, ref, memberId);
    expect(reviewed.statusCode).toBe(400);
    expect(reviewed.json().errors).toEqual({ dateOfBirth: F.dateOfBirthNotMember(ADULT.dateOfBirth) });
    expect((await memberRow(memberId)).reviewDetails).toBeNull();
    await afterAutosaveWindow();
    await save(user.token, ref, memberId, { currentStep: 3, answers: { ...answers, dateOfBirth: ADULT.dateOfBirth } });
    const again = await review(user.token, ref, memberId);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('follows a date of birth corrected in the member’s details: the form said the old one, and its review passes', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const corrected = '1985-05-12';
    // Answers generated for the corrected date (the day's sample moves with today): every other date
    // is after both birth dates, so the review questions the date of birth only.
    const answers = { ...completeAnswers('Adult', 51, corrected), dateOfBirth: ADULT.dateOfBirth };
    expect((await save(user.token, ref, memberId, { currentStep: 3, answers })).statusCode).toBe(200);
    const savedAt = (await memberRow(memberId)).answersSavedAt;
    const edited = await call('PUT', `${orderPath(ref)}/members/${memberId}`, user.token, {
      ...ADULT,
      dateOfBirth: corrected,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const row = await memberRow(memberId);
    expect(row.answers.dateOfBirth).toBe(corrected);
    // A tab that still shows the old answers reloads them before its next save.
    expect(row.answersSavedAt?.getTime()).toBeGreaterThan(savedAt?.getTime() ?? 0);
    const reviewed = await review(user.token, ref, memberId);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
  });

  it('leaves a form’s date of birth that was neither the old nor the new one, for the review to question', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const answers = { ...completeAnswers('Adult'), dateOfBirth: '1984-01-15' };
    expect((await save(user.token, ref, memberId, { currentStep: 3, answers })).statusCode).toBe(200);
    await call('PUT', `${orderPath(ref)}/members/${memberId}`, user.token, { ...ADULT, dateOfBirth: '1985-05-12' });
    expect((await memberRow(memberId)).answers.dateOfBirth).toBe('1984-01-15');
    expect((await review(user.token, ref, memberId)).json().errors).toEqual({
      dateOfBirth: F.dateOfBirthNotMember('1985-05-12'),
    });
  });

  it('words a minor’s messages as the minor’s form does: the child’s name, never “your”', async () => {
    const { user, ref, memberId } = await customerWithOrder([MINOR]);
    const res = await review(user.token, ref, memberId);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ photo: 'Aarav’s photo is required' });
    expect(Object.values(res.json().errors).join(' ')).not.toMatch(/\b(you|your)\b/i);
  });

  it('stores the review details of complete answers and moves to the review step; the order page follows', async () => {
    const { user, ref, memberId } = await customerWithOrder([ADULT, MINOR]);
    const minorId = (await startedMembers(user.token, ref))[1] ?? 0;
    const before = (await call('GET', orderPath(ref), user.token)).json().data;
    expect(before.toDo.incompleteForms).toEqual([
      { memberId, fullName: ADULT.fullName },
      { memberId: minorId, fullName: MINOR.fullName },
    ]);
    expect(before.members.map((m: { progress: unknown }) => m.progress)).toEqual([
      { currentStep: 1, totalSteps: STEPS.Adult, reviewed: false },
      { currentStep: 1, totalSteps: STEPS.Minor, reviewed: false },
    ]);

    await save(user.token, ref, memberId, { currentStep: 4, answers: completeAnswers('Adult') });
    const res = await review(user.token, ref, memberId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, message: F.reviewed });
    expect(res.json().data).toMatchObject({
      currentStep: STEPS.Adult + 1,
      reviewDetails: { reviewedAt: expect.any(String), definitionVersion: 1 },
      canEdit: true,
      canRemoveReview: true,
    });
    expect(Date.parse(res.json().data.reviewDetails.reviewedAt)).toBeGreaterThan(Date.now() - 60_000);

    const after = (await call('GET', orderPath(ref), user.token)).json().data;
    expect(after.members[0].progress).toEqual({
      currentStep: STEPS.Adult + 1,
      totalSteps: STEPS.Adult,
      reviewed: true,
    });
    expect(after.toDo.incompleteForms).toEqual([{ memberId: minorId, fullName: MINOR.fullName }]);
    // Before payment the order stays where it is: checkout moves it.
    expect(after.status).toBe('Payment pending');
  });

  it('a later save keeps the review while the answers are complete and removes it when they are not', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const answers = completeAnswers('Adult');
    await save(user.token, ref, memberId, { currentStep: STEPS.Adult, answers });
    const reviewed = (await review(user.token, ref, memberId)).json().data.reviewDetails;

    const still = await save(await anotherSession(user), ref, memberId, {
      currentStep: 2,
      answers: { ...answers, givenName: 'Asha' },
    });
    expect(still.statusCode).toBe(200);
    expect(still.json().data.reviewDetails).toEqual(reviewed);

    const { givenName: _left, ...missingOne } = answers;
    const dropped = await save(await anotherSession(user), ref, memberId, { currentStep: 1, answers: missingOne });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().data).toMatchObject({ reviewDetails: null, canRemoveReview: false });
    expect((await memberRow(memberId)).reviewDetails).toBeNull();
  });

  it('a later save with a date of birth other than the member’s removes the review, as the review would refuse it', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    const answers = completeAnswers('Adult');
    await save(user.token, ref, memberId, { currentStep: STEPS.Adult, answers });
    expect((await review(user.token, ref, memberId)).statusCode).toBe(200);
    const moved = await save(await anotherSession(user), ref, memberId, {
      currentStep: STEPS.Adult,
      answers: { ...answers, dateOfBirth: '1984-01-15' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.reviewDetails).toBeNull();
    expect((await memberRow(memberId)).reviewDetails).toBeNull();
  });

  it('removing the review opens the form again on its last step; removing it twice changes nothing', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    await save(user.token, ref, memberId, { currentStep: 2, answers: completeAnswers('Adult') });
    await review(user.token, ref, memberId);
    const res = await removeReview(user.token, ref, memberId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, message: F.reviewRemoved });
    expect(res.json().data).toMatchObject({ reviewDetails: null, currentStep: STEPS.Adult, canEdit: true });
    const again = await removeReview(user.token, ref, memberId);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(res.json().data);
  });

  describe('an address in the other country than the order was priced for', () => {
    const fromCanada = { applyingFrom: 'CA' };
    const inSanFrancisco = { ...completeAnswers('Adult'), zipCode: '94107' };
    const inToronto = { ...completeAnswers('Adult'), addressCountry: 'CA', caProvince: 'ON', postalCode: 'M5V 2T6' };
    const missionOf = async (token: string, ref: string) =>
      (await call('GET', orderPath(ref), token)).json().data.mission;

    it('is refused at the review, at the country, and sends the order nowhere; the country’s address is taken', async () => {
      const { user, ref, memberId } = await customerWithOrder([ADULT], fromCanada);
      await save(user.token, ref, memberId, { currentStep: STEPS.Adult, answers: inSanFrancisco });
      // Priced in CAD for BLS in Canada: a San Francisco address would send it to VFS with Canada's checklist.
      expect(await missionOf(user.token, ref)).toBeNull();
      const refused = await review(user.token, ref, memberId);
      expect(refused.statusCode).toBe(400);
      const message =
        'This application was priced for applying from Canada: its fees, its checklist and the mission it goes to are those of Canada. ' +
        'This address is in the USA. Correct the address if it is wrong, or start a new application for applying from the USA.';
      expect(refused.json()).toMatchObject({ message, errors: { addressCountry: message } });
      expect((await memberRow(memberId)).reviewDetails).toBeNull();

      await save(await anotherSession(user), ref, memberId, { currentStep: STEPS.Adult, answers: inToronto });
      expect(await missionOf(user.token, ref)).toMatchObject({ country: 'CA', mission: { city: 'Toronto' } });
      expect((await review(user.token, ref, memberId)).statusCode).toBe(200);
    });

    it('takes the review away from a reviewed member whose save moves the address there, as the review would', async () => {
      const { user, ref, memberId } = await customerWithOrder([ADULT], fromCanada);
      await save(user.token, ref, memberId, { currentStep: STEPS.Adult, answers: inToronto });
      expect((await review(user.token, ref, memberId)).statusCode).toBe(200);
      const moved = await save(await anotherSession(user), ref, memberId, {
        currentStep: STEPS.Adult,
        answers: inSanFrancisco,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data.reviewDetails).toBeNull();
      expect(await missionOf(user.token, ref)).toBeNull();
    });
  });

  it('a member whose date of birth makes them a minor loses a review the minor’s form would not pass', async () => {
    const { user, ref, memberId } = await customerWithOrder();
    await save(user.token, ref, memberId, { currentStep: 1, answers: completeAnswers('Adult') });
    await review(user.token, ref, memberId);
    const res = await call('PUT', `${orderPath(ref)}/members/${memberId}`, user.token, {
      ...MINOR,
      relationship: 'Self',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'Minor', progress: { totalSteps: STEPS.Minor, reviewed: false } });
    expect((await memberRow(memberId)).reviewDetails).toBeNull();
  });
});

describe('when answers may change', () => {
  it('saves and reviews are a 409 once the order is in staff’s hands; removing a review is too from In review on', async () => {
    const { user, order, ref, memberId } = await customerWithOrder();
    await save(user.token, ref, memberId, { currentStep: 2, answers: completeAnswers('Adult') });
    await review(user.token, ref, memberId);
    await moveTo(order.id, 'Order pending');
    const form = (await call('GET', formPath(ref, memberId), user.token)).json().data;
    expect(form).toMatchObject({ canEdit: false, canRemoveReview: true });
    const view = (await call('GET', orderPath(ref), user.token)).json().data;
    expect(view.actions.canChangeAnswers).toBe(false);
    expect(view.toDo.incompleteForms).toEqual([]);

    const before = await memberRow(memberId);
    for (const res of [
      await save(await anotherSession(user), ref, memberId, { currentStep: 1, answers: {} }),
      await review(user.token, ref, memberId),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ isSuccess: false, message: F.locked });
    }
    expect(await memberRow(memberId)).toEqual(before);

    await moveTo(order.id, 'In review', 'staff');
    const removed = await removeReview(user.token, ref, memberId);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(F.locked);
    expect((await memberRow(memberId)).reviewDetails).not.toBeNull();
  });
});

const requiredItems = (token: string, ref: string, memberId: number) => requiredItemsOf(t.app, token, ref, memberId);
const uploadItems = (token: string, ref: string, memberId: number, items: readonly ChecklistItem[]) =>
  uploadItemsOf(t.app, token, ref, memberId, items);

const uploadRequiredDocuments = async (token: string, ref: string, memberId: number) =>
  uploadItems(token, ref, memberId, await requiredItems(token, ref, memberId));

const timelineOf = async (token: string, ref: string) =>
  (await call('GET', orderPath(ref), token)).json().data.timeline as {
    status: string;
    by: string;
    remark: string | null;
  }[];

describe('the order’s status follows its forms and documents after payment', () => {
  it('moves to Order pending with the last review, back with a review removed, and on again', async () => {
    const { user, order, ref, memberId } = await customerWithOrder([ADULT, MINOR]);
    const minorId = (await startedMembers(user.token, ref))[1] ?? 0;
    await moveTo(order.id, 'Forms incomplete');

    await save(user.token, ref, memberId, { currentStep: 1, answers: completeAnswers('Adult') });
    await save(user.token, ref, minorId, { currentStep: 1, answers: completeAnswers('Minor', 52) });
    // After the answers: the checklist follows them (a former Indian citizen's renunciation certificate).
    await uploadRequiredDocuments(user.token, ref, memberId);
    await uploadRequiredDocuments(user.token, ref, minorId);
    expect((await review(user.token, ref, memberId)).json().data.canEdit).toBe(true);
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Forms incomplete');

    const last = await review(user.token, ref, minorId);
    expect(last.statusCode).toBe(200);
    // The answer already says the order moved on.
    expect(last.json().data).toMatchObject({ canEdit: false, canRemoveReview: true });
    let timeline = await timelineOf(user.token, ref);
    expect(timeline.at(-1)).toMatchObject({ status: 'Order pending', by: 'system', remark: A.allItemsIn });

    // The customer's notification, as for every status change.
    const notes = await t.app.services.notifications.list(user.id, { page: 1, limit: 10 });
    expect(notes.notifications[0]).toMatchObject({ orderId: ref, orderStatus: 'Order pending', remark: A.allItemsIn });

    const reopened = await removeReview(user.token, ref, memberId);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({ canEdit: true, reviewDetails: null });
    timeline = await timelineOf(user.token, ref);
    expect(timeline.at(-1)).toMatchObject({ status: 'Forms incomplete', by: 'system', remark: A.itemMissingAgain });
    const view = (await call('GET', orderPath(ref), user.token)).json().data;
    expect(view.toDo.incompleteForms).toEqual([{ memberId, fullName: ADULT.fullName }]);

    await review(user.token, ref, memberId);
    timeline = await timelineOf(user.token, ref);
    expect(timeline.map((c) => c.status)).toEqual([
      'Payment pending',
      'Forms incomplete',
      'Order pending',
      'Forms incomplete',
      'Order pending',
    ]);
  });

  it('keeps an application staff sent back with the customer until they change something, not a step change', async () => {
    const { user, order, ref, memberId } = await customerWithOrder([ADULT]);
    await moveTo(order.id, 'Forms incomplete');
    const answers = completeAnswers('Adult');
    await save(user.token, ref, memberId, { currentStep: 1, answers });
    await uploadRequiredDocuments(user.token, ref, memberId);
    await review(user.token, ref, memberId);
    await moveTo(order.id, 'In review', 'staff');
    await moveTo(order.id, 'Forms incomplete', 'staff');

    // The form opened and a step changed: the same answers (the uploads' too) saved again, past
    // the one-save-a-second window (on a fast database the steps above take less than a second).
    const stored = (await call('GET', formPath(ref, memberId), user.token)).json().data.answers;
    await afterAutosaveWindow();
    const stepped = await save(user.token, ref, memberId, { currentStep: 2, answers: stored });
    expect(stepped.statusCode).toBe(200);
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Forms incomplete');

    // The correction staff asked for: the order goes back to them.
    const corrected = await save(await anotherSession(user), ref, memberId, {
      currentStep: 2,
      answers: { ...stored, addressLine1: '210 North Church Street' },
    });
    expect(corrected.statusCode).toBe(200);
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Order pending');
  });

  it('moves to Order pending when a reviewed member’s answer takes away the last item missing', async () => {
    const { user, order, ref, memberId } = await customerWithOrder();
    await moveTo(order.id, 'Forms incomplete');
    const origin = ['eligibility', 'lastIndianPassportNumber', 'lastIndianPassportIssueDate']
      .concat(['lastIndianPassportIssuePlace', 'surrenderCertificateNumber', 'surrenderCertificateDate'])
      .concat([
        'relativeRelationship',
        'relativeName',
        'relativeDocument',
        'marriageRegisteredOn',
        'marriageRegisteredAt',
      ]);
    const base = Object.fromEntries(Object.entries(completeAnswers('Adult')).filter(([key]) => !origin.includes(key)));
    const formerCitizen = {
      ...base,
      eligibility: 'former-citizen',
      lastIndianPassportNumber: 'Z1234567',
      lastIndianPassportIssueDate: '2005-03-01',
      lastIndianPassportIssuePlace: 'Mumbai',
      surrenderCertificateNumber: 'SFO/SUR/2019-0456',
      surrenderCertificateDate: '2019-06-01',
    };
    const saved = await save(user.token, ref, memberId, { currentStep: 1, answers: formerCitizen });
    expect(saved.statusCode, saved.body).toBe(200);
    const required = await requiredItems(user.token, ref, memberId);
    const certificate = required.filter((item) => /renunciation|surrender/.test(item.id));
    expect(certificate).toHaveLength(1);
    await uploadItems(
      user.token,
      ref,
      memberId,
      required.filter((item) => !certificate.includes(item)),
    );
    expect((await review(user.token, ref, memberId)).statusCode).toBe(200);
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Forms incomplete');

    // Not a former citizen after all: the certificate is no longer asked for, and nothing else is missing.
    await afterAutosaveWindow();
    const descendant = {
      ...base,
      eligibility: 'descendant',
      relativeRelationship: 'parent',
      relativeName: 'Ravi Sharma',
      relativeDocument: 'K1234567',
    };
    const changed = await save(user.token, ref, memberId, { currentStep: STEPS.Adult + 1, answers: descendant });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.reviewDetails).not.toBeNull();
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Order pending');
  });

  it('moves to Order pending with the last required document', async () => {
    const { user, order, ref, memberId } = await customerWithOrder();
    await moveTo(order.id, 'Forms incomplete');
    await save(user.token, ref, memberId, { currentStep: 1, answers: completeAnswers('Adult') });
    await review(user.token, ref, memberId);
    const [last, ...others] = await requiredItems(user.token, ref, memberId);
    if (!last) throw new Error('the New OCI Card asks for documents');
    await uploadItems(user.token, ref, memberId, others);
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Forms incomplete');
    await uploadItems(user.token, ref, memberId, [last]);
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Order pending');
    expect((await timelineOf(user.token, ref)).at(-1)).toMatchObject({ by: 'system', remark: A.allItemsIn });
  });

  it('a photo uploaded through the form as the last thing missing is the answer too: its autosave is no 409', async () => {
    const { user, order, ref, memberId } = await customerWithOrder();
    await moveTo(order.id, 'Forms incomplete');
    const answers = completeAnswers('Adult');
    await save(user.token, ref, memberId, { currentStep: 1, answers });
    await review(user.token, ref, memberId);
    const items = await requiredItems(user.token, ref, memberId);
    await uploadItems(
      user.token,
      ref,
      memberId,
      items.filter((i) => i.id !== 'photo'),
    );
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Forms incomplete');
    // The signature slot is the form's signature answer too: what the form holds before the photo.
    const held = (await memberRow(memberId)).answers;

    // The form's photo field uploads to the photo slot, then autosaves the answer that refers to it.
    await uploadItems(
      user.token,
      ref,
      memberId,
      items.filter((i) => i.id === 'photo'),
    );
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Order pending');
    const [photo] = (await call('GET', `${orderPath(ref)}/documents`, user.token))
      .json()
      .data.results.filter((d: { itemId: string }) => d.itemId === 'photo');
    const fileRef = { documentId: String(photo.id), name: photo.name, type: photo.type, size: photo.size };
    // The form's next save comes a debounce after its last (above); without the wait a fast
    // machine met the 429 (run 22b).
    await afterAutosaveWindow();
    const saved = await save(user.token, ref, memberId, { currentStep: 3, answers: { ...held, photo: fileRef } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ canEdit: false, answers: { photo: fileRef } });
    // Saved with the upload, in its transaction: the order moved on with the answer in.
    expect((await memberRow(memberId)).answers.photo).toEqual(fileRef);

    // Any other change is still refused: the order is complete (another tab: autosave's own allowance).
    const changed = await save(await anotherSession(user), ref, memberId, {
      currentStep: 3,
      answers: { ...held, photo: fileRef, birthCity: 'SOMEWHERE ELSE' },
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(F.locked);
  });
});

describe('a package without a form', () => {
  it('has no definition, no steps and no forms to do; the member form calls answer 409', async () => {
    const { pkg } = await seededPackage(t.app, 'oci-card', 'lost-or-damaged-oci');
    await t.database.db.delete(packageForms).where(eq(packageForms.packageId, pkg.id));
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { packageId: pkg.id });
    const ref = order.displayId;
    const memberId = order.members[0]?.id ?? 0;
    const view = (await call('GET', orderPath(ref), user.token)).json().data;
    expect(view).toMatchObject({ formDefinitionId: null, toDo: { incompleteForms: [] } });
    expect(view.members[0].progress).toEqual({ currentStep: 1, totalSteps: null, reviewed: false });
    const form = await call('GET', `${orderPath(ref)}/form`, user.token);
    expect(form.statusCode).toBe(200);
    expect(form.json().data).toEqual({ definition: null });
    for (const res of [
      await call('GET', formPath(ref, memberId), user.token),
      await save(user.token, ref, memberId, { currentStep: 1, answers: {} }),
      await review(user.token, ref, memberId),
      await removeReview(user.token, ref, memberId),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ isSuccess: false, message: F.noForm });
    }
    // Only the documents are needed: the last one moves the paid order on.
    await moveTo(order.id, 'Forms incomplete');
    await uploadRequiredDocuments(user.token, ref, memberId);
    expect((await call('GET', orderPath(ref), user.token)).json().data.status).toBe('Order pending');
  });
});

describe('form versions', () => {
  it('a changed form becomes the next version: existing orders keep theirs, new orders start with it', async () => {
    const { pkg } = await seededPackage(t.app, 'oci-card', 'oci-reissue');
    const user = await createSignedInUser(t.app);
    const before = await startApplication(t.app, user.token, { packageId: pkg.id });
    const seeded = definitionForPackage('oci-card', 'oci-reissue');
    if (!seeded) throw new Error('no seeded OCI re-issue form');

    const same = await t.app.services.forms.storeVersion(seeded);
    expect(same).toMatchObject({ version: 1, created: false });
    const changed = await t.app.services.forms.storeVersion({ ...seeded, title: 'OCI card re-issue (2027)' });
    expect(changed).toMatchObject({ version: 2, created: true });
    expect(await t.app.services.forms.storeVersion({ ...seeded, title: 'OCI card re-issue (2027)' })).toEqual({
      ...changed,
      created: false,
    });

    const kept = (await call('GET', `${orderPath(before.displayId)}/form`, user.token)).json().data.definition;
    expect(kept).toMatchObject({ version: 1, title: seeded.title });
    const after = await startApplication(t.app, user.token, { packageId: pkg.id });
    const current = (await call('GET', `${orderPath(after.displayId)}/form`, user.token)).json().data.definition;
    expect(current).toMatchObject({ id: 'oci-card/oci-reissue', version: 2, title: 'OCI card re-issue (2027)' });
    expect((await call('GET', orderPath(after.displayId), user.token)).json().data.formDefinitionId).toBe(changed.id);
  });
});

describe('ownership', () => {
  it('another customer gets 404 on every member form call, exactly like an unknown order; a visitor 401', async () => {
    const { user, ref, order, memberId } = await customerWithOrder();
    await save(user.token, ref, memberId, { currentStep: 2, answers: { givenName: 'Priya' } });
    const before = await memberRow(memberId);
    const other = await createSignedInUser(t.app);
    const requests = (token: string | null, orderRef: string) => [
      call('GET', `${orderPath(orderRef)}/form`, token),
      call('GET', formPath(orderRef, memberId), token),
      save(token, orderRef, memberId, { currentStep: 1, answers: { givenName: 'Mallory' } }),
      review(token, orderRef, memberId),
      removeReview(token, orderRef, memberId),
    ];
    // A session of its own per round: the autosave limit counts per session and member, whoever owns it.
    for (const orderRef of [ref, String(order.id), 'DOC-99999999']) {
      for (const res of await Promise.all(requests(await anotherSession(other), orderRef))) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ isSuccess: false, statusCode: 404, message: A.orderNotFound, data: null });
      }
    }
    for (const res of await Promise.all(requests(null, ref))) expect(res.statusCode).toBe(401);
    expect(await memberRow(memberId)).toEqual(before);
  });

  it('a member of another order is a 404, even of the same customer', async () => {
    const { user, ref } = await customerWithOrder();
    const second = await startApplication(t.app, user.token);
    const foreign = second.members[0]?.id ?? 0;
    for (const res of [
      await call('GET', formPath(ref, foreign), user.token),
      await save(user.token, ref, foreign, { currentStep: 1, answers: {} }),
      await review(user.token, ref, foreign),
      await removeReview(user.token, ref, foreign),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    expect((await memberRow(foreign)).answers).toEqual({});
  });
});

describe('the OpenAPI document', () => {
  it('lists the member form operations with their tag', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const form = doc.paths['/api/v1/application/order/{orderRef}/members/{memberId}/form'];
    expect(Object.keys(form).sort()).toEqual(['get', 'put']);
    expect(form.put.tags).toEqual(['application forms']);
    expect(
      Object.keys(doc.paths['/api/v1/application/order/{orderRef}/members/{memberId}/form/review']).sort(),
    ).toEqual(['delete', 'post']);
    expect(doc.paths['/api/v1/application/order/{orderRef}/form'].get.summary).toEqual(expect.any(String));
  });
});

describe('autosave’s one-statement write (the unlocked path)', () => {
  const repository = () => createApplicationsRepository(t.database.db);
  const values = { answers: { givenName: 'ASHA' }, currentStep: 2, answersSavedAt: new Date() };

  it('writes while the member and the order are as the answers were checked against', async () => {
    const { order, memberId } = await customerWithOrder();
    const member = await memberRow(memberId);
    const row = await repository().updateAnswersIfUnchanged(order.id, member, values, ANSWERS_OPEN);
    expect(row).toMatchObject(values);
  });

  it('writes nothing once the order left the open statuses, the kind changed or the review came or went', async () => {
    const { order, memberId } = await customerWithOrder();
    const member = await memberRow(memberId);
    const unchanged = async () => expect((await memberRow(memberId)).answers).toEqual(member.answers);

    // Checked as a Minor, but the member is an Adult now (a corrected date of birth).
    expect(
      await repository().updateAnswersIfUnchanged(order.id, { ...member, kind: 'Minor' }, values, ANSWERS_OPEN),
    ).toBeNull();
    await unchanged();
    // Checked as reviewed, but the review is gone (or the other way round).
    const reviewed = { ...member, reviewDetails: { reviewedAt: new Date().toISOString(), definitionVersion: 1 } };
    expect(await repository().updateAnswersIfUnchanged(order.id, reviewed, values, ANSWERS_OPEN)).toBeNull();
    await unchanged();
    // The order moved on (paid, then everything in): answers are closed.
    await moveTo(order.id, 'Forms incomplete');
    await moveTo(order.id, 'Order pending');
    expect(await repository().updateAnswersIfUnchanged(order.id, member, values, ANSWERS_OPEN)).toBeNull();
    await unchanged();
    // Another order's member is never written through this order.
    const other = await customerWithOrder();
    expect(await repository().updateAnswersIfUnchanged(other.order.id, member, values, ANSWERS_OPEN)).toBeNull();
    await unchanged();
  });
});
