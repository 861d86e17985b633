import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JURISDICTION_MESSAGES } from '../../../domain/jurisdiction/messages.ts';
import { PROOF_OF_ADDRESS_MESSAGES as P } from '../../../domain/jurisdiction/proof-of-address.ts';
import { VISALIA_ADDRESS_ANSWERS as VISALIA } from '../../../domain/jurisdiction/testing.ts';
import { USER_MESSAGES } from '../../../domain/users/messages.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { fakeAnalyse } from '../photos/testing.ts';
import { apiCall, completeOciAnswers, moveOrderTo, requiredItems, startApplication, uploadItems } from './testing.ts';

let t: TestApp;
// Building the app migrates a fresh database: slow on a busy machine.
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
}, 60_000);
afterAll(() => t.close());

const KERN_CONFLICT =
  'Priya’s proof of address (ZIP 93215) belongs to the Consulate General of India, Los Angeles, but this application goes to the Consulate General of India, San Francisco (Tulare County), from the address in the form. Upload a proof of the address in the form, or correct the address in the form if you have moved.';

/** A paid order whose one member's form is reviewed, with her proof of address uploaded and nothing else yet. */
async function paidOrderWithProof() {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token);
  const memberId = order.members[0]?.id ?? 0;
  const ref = order.displayId;
  await moveOrderTo(t.app, order.id, 'Forms incomplete');
  const form = `/application/order/${ref}/members/${memberId}/form`;
  const saved = await apiCall(t.app, 'PUT', form, user.token, {
    currentStep: 1,
    answers: { ...completeOciAnswers('Adult'), ...VISALIA },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await apiCall(t.app, 'POST', `${form}/review`, user.token)).statusCode).toBe(200);
  const items = await requiredItems(t.app, user.token, ref, memberId);
  const proof = items.filter((i) => i.id === 'address-proof');
  expect(proof).toHaveLength(1);
  // The code is first asked in the country of the order's mission (the form's Visalia address),
  // starting as the ZIP the form's address step gave.
  expect(proof[0]?.proofCountry).toBe('US');
  expect(proof[0]?.proofPostalCode).toBe(VISALIA.zipCode);
  await uploadItems(t.app, user.token, ref, memberId, proof);
  const codePath = `/application/order/${ref}/members/${memberId}/documents/address-proof/postal-code`;
  const setCode = (country: string, postalCode: string) =>
    apiCall(t.app, 'PUT', codePath, user.token, { country, postalCode });
  const uploadTheRest = () =>
    uploadItems(
      t.app,
      user.token,
      ref,
      memberId,
      items.filter((i) => i.id !== 'address-proof'),
    );
  const view = async () => (await apiCall(t.app, 'GET', `/application/order/${ref}`, user.token)).json().data;
  return { user, ref, memberId, setCode, uploadTheRest, view, codePath };
}

describe('the postal code on a proof of address (issue 32 §1)', () => {
  it('lets the application go to our team when the proof is from the order’s own mission', async () => {
    const { setCode, uploadTheRest, view } = await paidOrderWithProof();
    const res = await setCode('US', '93291');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(P.saved);
    const proof = res.json().data.items.find((i: { id: string }) => i.id === 'address-proof');
    expect(proof.conflict).toBeUndefined();
    expect(proof.documents[0].proofAddress).toMatchObject({
      country: 'US',
      postalCode: '93291',
      mission: { mission: { city: 'San Francisco' } },
    });
    await uploadTheRest();
    expect(await view()).toMatchObject({ status: 'Order pending', missing: [] });
  });

  it('holds the application back while the proof is from another mission’s area, naming both and what to do', async () => {
    const { setCode, uploadTheRest, view } = await paidOrderWithProof();
    const res = await setCode('US', '93215');
    expect(res.statusCode, res.body).toBe(200);
    const proof = res.json().data.items.find((i: { id: string }) => i.id === 'address-proof');
    expect(`Priya’s ${proof.conflict}`).toBe(KERN_CONFLICT);
    expect(res.json().data.complete).toBe(false);
    await uploadTheRest();
    expect(await view()).toMatchObject({ status: 'Forms incomplete', missing: [KERN_CONFLICT] });

    // The right code lets it through at once.
    expect((await setCode('US', '93277')).statusCode).toBe(200);
    expect(await view()).toMatchObject({ status: 'Order pending', missing: [] });
  });

  it('answers a code no mission is known for, or a malformed one, with a clear message and stores nothing', async () => {
    const { setCode, view } = await paidOrderWithProof();
    const unknown = await setCode('US', '09001');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: JURISDICTION_MESSAGES.unknown });
    const malformed = await setCode('US', '9321');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: USER_MESSAGES.zipInvalid });
    expect((await view()).missing).not.toContainEqual(expect.stringContaining('proof of address ('));
  });

  it('asks for the proof first, and keeps another customer out', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    const memberId = order.members[0]?.id ?? 0;
    const path = `/application/order/${order.displayId}/members/${memberId}/documents/address-proof/postal-code`;
    const first = await apiCall(t.app, 'PUT', path, user.token, { country: 'US', postalCode: '93277' });
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(P.uploadFirst);
    const stranger = await createSignedInUser(t.app);
    const other = await apiCall(t.app, 'PUT', path, stranger.token, { country: 'US', postalCode: '93277' });
    expect(other.statusCode).toBe(404);
  });

  it('asks for the code in the country applied from until the form’s address sets the order’s mission', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { choices: { applyingFrom: 'CA' } });
    const memberId = order.members[0]?.id ?? 0;
    const res = await apiCall(
      t.app,
      'GET',
      `/application/order/${order.displayId}/members/${memberId}/checklist`,
      user.token,
    );
    const items = res.json().data.items as { id: string; proofCountry?: string; proofPostalCode?: string }[];
    expect(items.find((i) => i.id === 'address-proof')?.proofCountry).toBe('CA');
    // No address in the form yet: no code to start with.
    expect(items.find((i) => i.id === 'address-proof')?.proofPostalCode).toBeUndefined();
    expect(items.filter((i) => i.proofCountry !== undefined).map((i) => i.id)).toEqual(['address-proof']);
  });
});
