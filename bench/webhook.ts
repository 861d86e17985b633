// The payment webhook scenario of `npm run bench` (issue 11): the inbox under a provider's burst.
import { createHmac, randomUUID } from 'node:crypto';
import { SANDBOX_SIGNATURE_HEADER } from '../src/server/modules/payments/sandbox.ts';
import { MEMBERS, newOciCardPackage } from './autosave.ts';
import type { RotatingRequest, ScenarioContext } from './scenarios.ts';

/** The bench server's sandbox signing secret (bench/server.ts passes it as SANDBOX_WEBHOOK_SECRET). */
export const BENCH_WEBHOOK_SECRET = 'bench-sandbox-webhook-secret';

/**
 * More distinct events than a run sends, so every request is a new event (verified, stored with its
 * job in one transaction) and none is a replay, which the inbox answers without writing. Signed
 * now: a run lasts far less than the sandbox's five-minute tolerance. They all name one real open
 * sandbox payment, so each job runs its whole path (the provider's record read, the order and the
 * attempt locked) and finds it still open: the inbox is measured with its jobs competing for the
 * same cores, as in a provider's burst.
 */
const EVENTS = 100_000;

export async function webhookEvents(context: ScenarioContext): Promise<RotatingRequest[]> {
  const pkg = await newOciCardPackage(context);
  const started = (await context.sendJson(
    'POST',
    '/api/v1/application/order',
    { idempotencyKey: randomUUID(), packageId: pkg.id, choices: { applyingFrom: 'US' }, members: MEMBERS.slice(0, 1) },
    context.sessionCookie,
  )) as { data: { displayId: string } };
  const payment = (await context.sendJson(
    'POST',
    `/api/v1/application/order/${started.data.displayId}/payment`,
    {},
    context.sessionCookie,
  )) as { data: { redirectUrl: string } };
  const paymentId = new URL(payment.data.redirectUrl).searchParams.get('payment');
  if (!paymentId) throw new Error('the sandbox answered no payment');
  const t = Math.floor(Date.now() / 1000);
  return Array.from({ length: EVENTS }, () => {
    const body = JSON.stringify({
      id: `evt_bench_${randomUUID()}`,
      type: 'payment.succeeded',
      data: { paymentId },
    });
    const v1 = createHmac('sha256', BENCH_WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
    return {
      path: '/api/v1/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `t=${t},v1=${v1}` },
      body,
    };
  });
}
