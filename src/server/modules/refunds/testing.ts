import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app.ts';
import { REFUND_REQUEST_QUEUE } from './service.ts';
import { refundRequests } from './tables.ts';

/** The refund form sent for the order (from an address of its own), its job run: the logged request. */
export async function requestRefund(t: TestApp, email: string, orderDisplayId: string, amount: string) {
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/refund/request',
    payload: {
      orderId: orderDisplayId,
      email,
      reason: 'We cancelled the trip and no longer need the card, please refund.',
      amount,
    },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (submitted.statusCode !== 201) throw new Error(`refund request failed: ${submitted.body}`);
  // The form answers at once; its job logs the request.
  await t.app.jobs.drain([REFUND_REQUEST_QUEUE]);
  const [request] = await t.database.db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.reference, submitted.json().data.reference));
  if (!request) throw new Error('no refund request');
  return request;
}
