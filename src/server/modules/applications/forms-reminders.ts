import { continueHref, openApplicationName, sentBackToCustomer } from '../../../domain/orders/open-application.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { OrdersService, StatusChangeListener } from '../orders/service.ts';
import { createApplicationsRepository } from './repository.ts';

/**
 * Reminders to finish the forms of a paid application (issue 30 §4, decision 0099-way-in-and-back):
 * a customer who chose "Pay now, finish the forms later" (or paid before finishing) is e-mailed 2
 * and 7 days after paying while the order is still `Forms incomplete`, each with a link to the forms.
 *
 * The payment's transaction files one delayed job per reminder on the existing pg-boss queue, so
 * they exist only if the payment commits and survive restarts. When a job runs it looks again: an
 * order that is complete (or moved on, cancelled, refunded, or sent back by our team) gets nothing. Each reminder's e-mail
 * has its own outbox key, so a job that runs twice (pg-boss is at-least-once) mails once.
 */
export const FORMS_REMINDER_QUEUE = 'applications.forms-reminder';
/** Days after payment. */
export const FORMS_REMINDER_DAYS = [2, 7] as const;
export type ReminderDay = (typeof FORMS_REMINDER_DAYS)[number];

const DAY_SECONDS = 24 * 60 * 60;
const RETRY = { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true } as const;

export interface FormsReminderJob {
  orderId: number;
  day: ReminderDay;
}

export interface FormsRemindersDeps {
  orders: Pick<OrdersService, 'findByIds' | 'timeline' | 'onStatusChange' | 'siteUrlOf'>;
  jobs: Pick<JobQueue, 'send' | 'work'>;
  mail: Pick<MailOutbox, 'enqueue'>;
  companyName: string;
}

/** The outbox key of one reminder of one order: the same reminder is never queued twice. */
export const reminderKey = ({ orderId, day }: FormsReminderJob) => `forms-reminder:${orderId}:${day}`;

export function createFormsReminders(db: Database, deps: FormsRemindersDeps) {
  const { orders, jobs, mail, companyName } = deps;

  /** Files the reminders when a payment leaves the forms incomplete, in the payment's transaction. */
  const onStatusChange: StatusChangeListener = async (tx, { order, to }) => {
    if (order.kind !== 'service' || to !== 'Forms incomplete') return;
    // Only the payment: a paid order that goes back to incomplete (a member edited) is reminded
    // by the jobs its payment filed, not again.
    const last = (await orders.timeline(order.id, tx)).at(-1);
    if (last?.fromStatus !== 'Payment pending') return;
    // Due `day` days from now, the payment's moment, by the database's clock that runs the queue.
    for (const day of FORMS_REMINDER_DAYS) {
      await jobs.send<FormsReminderJob>(
        FORMS_REMINDER_QUEUE,
        { orderId: order.id, day },
        { ...RETRY, startAfterSeconds: day * DAY_SECONDS, tx },
      );
    }
  };

  /**
   * One reminder: sent only while the order still waits for its forms since the payment. Once our
   * team had it, Forms incomplete means they sent it back: their own e-mail said what to change,
   * and "we start as soon as every form is in" with a link to the forms would contradict it.
   */
  async function remind(job: FormsReminderJob): Promise<'sent' | 'not-needed'> {
    const [order] = await orders.findByIds([job.orderId]);
    if (order?.status !== 'Forms incomplete') return 'not-needed';
    if (sentBackToCustomer(await orders.timeline(order.id))) return 'not-needed';
    const names = (await createApplicationsRepository(db).memberNamesOf([order.id])).get(order.id) ?? [];
    const name = openApplicationName({ title: order.title, memberNames: names });
    const link = `${await orders.siteUrlOf(order.id)}${continueHref({ displayId: order.displayId, status: 'Forms incomplete' })}`;
    const { queued } = await mail.enqueue(db, {
      ...simpleMail({
        to: order.email,
        subject: `Finish the forms of your ${order.displayId} application`,
        heading: `${name}: the forms are waiting`,
        intro: [
          `Your payment for ${order.displayId} is in. We start on the application as soon as every member's form and documents are in.`,
        ],
        details: [['Order', `${order.displayId} (${order.title})`]],
        outro: [`Pick up where you left off: ${link}`],
        signature: `The ${companyName} team`,
      }),
      purpose: 'forms-reminder',
      key: reminderKey(job),
    });
    return queued ? 'sent' : 'not-needed';
  }

  return {
    onStatusChange,
    /** What the worker runs for one job (exposed for tests). */
    remind,
    registerWorkers(): Promise<void> {
      return jobs.work<FormsReminderJob>(
        FORMS_REMINDER_QUEUE,
        async (job) => {
          await remind(job.data);
        },
        RETRY,
      );
    },
  };
}
export type FormsReminders = ReturnType<typeof createFormsReminders>;
