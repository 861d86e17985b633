import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from '../auth/testing.ts';

/** The customer deletes their account through the API, with no open order: erased at once (200). */
export async function eraseOwnAccount(app: FastifyInstance, customer: { token: string; password: string }) {
  const erased = await app.inject({
    method: 'POST',
    url: '/api/v1/users/data-deletion',
    headers: bearer(customer.token),
    payload: { password: customer.password, confirm: true },
  });
  expect(erased.statusCode, erased.body).toBe(200);
}
