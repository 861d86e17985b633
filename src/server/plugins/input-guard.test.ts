import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_CHARACTER_MESSAGE, NUL_CHARACTER_MESSAGE } from '../../domain/api/text.ts';
import { apiCall } from '../modules/applications/testing.ts';
import { createSignedInUser } from '../modules/auth/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The first half of 😀 (\ud83d\ude00) alone, as a client that cut the text short sends it. */
const HALF_EMOJI = '\ud83d';

describe('the input guard', () => {
  it('refuses a lone surrogate in a JSON body with a 400 naming the field, never a 500', async () => {
    const user = await createSignedInUser(t.app);
    const calls = [
      [
        'POST',
        '/refund/request',
        null,
        { orderId: 'DOC-000001', email: 'a@example.com', reason: `The card came late ${HALF_EMOJI}` },
        'reason',
      ],
      ['POST', '/auth/email/send', null, { email: 'a@example.com', returnTo: `/orders${HALF_EMOJI}` }, 'returnTo'],
      [
        'PUT',
        '/photo-orders/PHO-000001/delivery',
        user.token,
        { method: 'pickup', serviceType: 'CVS', pinCode: '12345', addressLine: 'Main St', message: HALF_EMOJI },
        'message',
      ],
      [
        'PUT',
        '/application/order/DOC-000001/members/1/form',
        user.token,
        { answers: { fullName: `Asha ${HALF_EMOJI}` } },
        'answers.fullName',
      ],
    ] as const;
    for (const [method, url, token, body, field] of calls) {
      const res = await apiCall(t.app, method, url, token, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        message: BROKEN_CHARACTER_MESSAGE,
        errors: { [field]: BROKEN_CHARACTER_MESSAGE },
      });
    }
  });

  it('checks keys and strings at any depth, and still names a NUL character as such', async () => {
    const refusal = async (payload: object) => (await apiCall(t.app, 'POST', '/refund/request', null, payload)).json();
    expect(await refusal({ reason: { [`x${HALF_EMOJI}`]: 'y' } })).toMatchObject({
      errors: { reason: BROKEN_CHARACTER_MESSAGE },
    });
    // Nested deeper than a recursive check's stack would go (sent as text: too deep to stringify).
    const depth = 20_000;
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/v1/refund/request',
      headers: { 'content-type': 'application/json' },
      payload: `{"reason":${'['.repeat(depth)}"a\\udc00b"${']'.repeat(depth)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(BROKEN_CHARACTER_MESSAGE);
    // The first field in the body's order is named.
    expect(await refusal({ orderId: 'DOC\u0000', reason: `x${HALF_EMOJI}` })).toMatchObject({
      message: NUL_CHARACTER_MESSAGE,
      errors: { orderId: NUL_CHARACTER_MESSAGE },
    });
    // A whole emoji is text like any other: the refusal is the form's own, not the guard's.
    expect((await refusal({ reason: '😀' })).message).not.toBe(BROKEN_CHARACTER_MESSAGE);
  });
});
