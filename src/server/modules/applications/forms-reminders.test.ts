import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from '../../jobs/queue.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { FORMS_REMINDER_QUEUE, type ReminderDay } from './forms-reminders.ts';
import { ADULT, MINOR, moveOrderTo, sendBackApplication, startApplication } from './testing.ts';

/**
 * Issue 30 §4: a paid application whose forms are not done is reminded 2 and 7 days after the
 * payment, once each, with a link to its forms; a complete one never is. The queue runs on the
 * database's clock, so the test holds time still and moves each job's due time instead.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'https://sevadocs.test' });
});
afterAll(() => t.close());

const DAY_SECONDS = 24 * 60 * 60;

/** The reminder jobs of an order: which day, and how long after filing each is due (seconds). */
async function reminderJobs(orderId: number) {
  const { rows } = await t.database.executeSql(
    `select (data->>'day')::int as day, extract(epoch from start_after - created_on)::float as "dueAfter"
       from ${JOBS_SCHEMA}.job where name = $1 and (data->>'orderId')::int = $2 order by day`,
    [FORMS_REMINDER_QUEUE, orderId],
  );
  return rows as { day: ReminderDay; dueAfter: number }[];
}

/** The clock reaches a reminder's day: its job is due now. */
async function reachDay(orderId: number, day: ReminderDay) {
  await t.database.executeSql(
    `update ${JOBS_SCHEMA}.job set start_after = now() - interval '1 second'
      where name = $1 and (data->>'orderId')::int = $2 and (data->>'day')::int = $3`,
    [FORMS_REMINDER_QUEUE, orderId, day],
  );
}

async function remindersTo(email: string) {
  return (await deliveredMail(t.app, 500)).filter((m) => m.to === email && m.subject.startsWith('Finish the forms'));
}

describe('reminders to finish the forms after paying', () => {
  it('are filed with the payment for 2 and 7 days, sent once each while the forms are incomplete', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, {
      members: [ADULT, { ...MINOR, fullName: 'Anaya Sharma' }],
    });
    expect(await reminderJobs(order.id)).toEqual([]);

    // Paid with the forms still to do ("Pay now, finish the forms later").
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    const jobs = await reminderJobs(order.id);
    expect(jobs.map((j) => j.day)).toEqual([2, 7]);
    for (const job of jobs) expect(Math.abs(job.dueAfter - job.day * DAY_SECONDS)).toBeLessThan(5);

    // Day 1: nothing is due.
    expect(await remindersTo(user.email)).toEqual([]);

    await reachDay(order.id, 2);
    const [first, ...others] = await remindersTo(user.email);
    expect(others).toEqual([]);
    expect(first?.subject).toBe(`Finish the forms of your ${order.displayId} application`);
    expect(first?.text).toContain('OCI Card for Priya and Anaya: the forms are waiting');
    expect(first?.links).toContain(`https://sevadocs.test/package-form?orderId=${order.displayId}`);

    // Run again (pg-boss is at-least-once), or the job twice: still one e-mail.
    expect(await t.app.services.formsReminders.remind({ orderId: order.id, day: 2 })).toBe('not-needed');
    expect(await remindersTo(user.email)).toHaveLength(1);

    await reachDay(order.id, 7);
    expect(await remindersTo(user.email)).toHaveLength(2);
    expect(await t.app.services.formsReminders.remind({ orderId: order.id, day: 7 })).toBe('not-needed');
    expect(await remindersTo(user.email)).toHaveLength(2);
  });

  it('are not sent once the forms are complete', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    // The last form and document came in before the reminders' days.
    await moveOrderTo(t.app, order.id, 'Order pending');
    await reachDay(order.id, 2);
    await reachDay(order.id, 7);
    expect(await remindersTo(user.email)).toEqual([]);
    expect(await t.app.services.formsReminders.remind({ orderId: order.id, day: 2 })).toBe('not-needed');
  });

  it('are not sent once our team had the order and sent it back: their remark is what it waits for', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    // Paid with the forms to do, finished on day 1, in review on day 2, sent back on day 4.
    await sendBackApplication(t.app, order.id);
    expect(await t.app.services.formsReminders.remind({ orderId: order.id, day: 7 })).toBe('not-needed');
    expect(await remindersTo(user.email)).toEqual([]);
  });

  it('are filed by the payment only: a paid order that becomes incomplete again files none', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    await moveOrderTo(t.app, order.id, 'Order pending');
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    expect(await reminderJobs(order.id)).toEqual([]);
  });
});
