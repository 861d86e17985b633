import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  apiCall,
  completeOciAnswers,
  requiredItems,
  startApplication,
  uploadItems,
} from '../modules/applications/testing.ts';
import { createSignedInUser, signIn } from '../modules/auth/testing.ts';
import { paymentRecords, payWithSandbox } from '../modules/payments/testing.ts';
import type { TestApp } from '../test/app.ts';

/** What a customer sees of an order: the list, the member's answers and checklist, each file's bytes. */
async function customerView(app: FastifyInstance, token: string, ref: string, memberId: number) {
  const member = `/application/order/${ref}/members/${memberId}`;
  const checklist = (await apiCall(app, 'GET', `${member}/checklist`, token)).json().data;
  const links: string[] = checklist.items.flatMap((item: { documents: { links: { download: string } }[] }) =>
    item.documents.map((document) => document.links.download),
  );
  const files = await Promise.all(
    links.map(async (url) => (await app.inject({ url, headers: { authorization: `Bearer ${token}` } })).rawPayload),
  );
  return {
    orders: (await apiCall(app, 'GET', '/users/orders', token)).json().data,
    form: (await apiCall(app, 'GET', `${member}/form`, token)).json().data,
    checklist,
    files,
  };
}

/** A shop's content a backup must keep: a customer's paid order, with answers and uploaded files. */
export interface BackedUpOrder {
  customer: { email: string; password: string; token: string; id: number };
  orderId: number;
  ref: string;
  memberId: number;
  /** What the customer saw before the backup. */
  view: Awaited<ReturnType<typeof customerView>>;
  payments: Awaited<ReturnType<ReturnType<typeof paymentRecords>['attemptsOf']>>;
}

/** A customer orders, pays, answers the form and uploads every required file. */
export async function placeOrderWithFiles(shop: TestApp): Promise<BackedUpOrder> {
  const customer = await createSignedInUser(shop.app);
  const order = await startApplication(shop.app, customer.token);
  const memberId = order.members[0]?.id ?? 0;
  const ref = order.displayId;
  await payWithSandbox(shop, customer.token, ref);
  const saved = await apiCall(shop.app, 'PUT', `/application/order/${ref}/members/${memberId}/form`, customer.token, {
    currentStep: 1,
    answers: completeOciAnswers('Adult'),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const items = await requiredItems(shop.app, customer.token, ref, memberId);
  await uploadItems(shop.app, customer.token, ref, memberId, items);
  const view = await customerView(shop.app, customer.token, ref, memberId);
  expect(view.files.length).toBeGreaterThan(0);
  const payments = await paymentRecords(() => shop, '').attemptsOf(order.id);
  expect(payments.map((p) => p.status)).toContain('succeeded');
  return { customer, orderId: order.id, ref, memberId, view, payments };
}

/** The restored shop shows the customer the same order, answers, files and payments. */
export async function expectRestored(restored: TestApp, order: BackedUpOrder): Promise<void> {
  const token = await signIn(restored.app, order.customer.email, order.customer.password);
  expect(await customerView(restored.app, token, order.ref, order.memberId)).toEqual(order.view);
  expect(await paymentRecords(() => restored, '').attemptsOf(order.orderId)).toEqual(order.payments);
}
