import { DAY_MS } from '../domain/time.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { MailQueue } from './mail/outbox.ts';
import type { AuthService } from './modules/auth/service.ts';
import type { ContactService } from './modules/contact/service.ts';
import type { MarketingService } from './modules/marketing/service.ts';

/**
 * Rows whose work is done are deleted after a retention, once a day (decision 0089): the
 * database of a small shop should not grow with every e-mail and sign-in forever. Finished jobs
 * are pg-boss's own to delete (`deleteAfterSeconds`, 7 days, in its maintenance pass). Customers'
 * files (orders' and visitors' photo checks), and the cancelling of orders left unpaid that closes
 * their files' retention, are the retention sweep's (retention.ts).
 */
export const HOUSEKEEPING_QUEUE = 'housekeeping.prune';
/** Daily at 03:17 UTC: a quiet hour, off the top of the hour other schedules favour. */
export const HOUSEKEEPING_CRON = '17 3 * * *';

export const RETENTION_MS = {
  /**
   * Sent and failed e-mails, and the dev mailbox. An account-mail job finds its e-mail by key to
   * run once, so this must outlast any job's retries (hours at most); a month also leaves support
   * the record of what went to whom.
   */
  settledMail: 30 * DAY_MS,
  /** Link tokens past their expiry (a used verification link answers "already verified" until then). */
  expiredTokens: 30 * DAY_MS,
  /** A sign-up whose job never ran to its end (its retries take minutes): the hash goes after a day. */
  waitingSignUps: DAY_MS,
  /**
   * Contact enquiries (with our replies) a year after staff handled them, or two years after they
   * were sent when nobody did; campaign leads (a request to be called back) a year after. Most
   * come from people without an account, whose details no erasure would ever reach (decision 0168).
   */
  handledEnquiries: 365 * DAY_MS,
  unhandledEnquiries: 2 * 365 * DAY_MS,
  campaignLeads: 365 * DAY_MS,
} as const;

export interface HousekeepingDeps {
  jobs: Pick<JobQueue, 'work' | 'schedule'>;
  mail: Pick<MailQueue, 'pruneSettled'>;
  auth: Pick<AuthService, 'pruneEnded'>;
  contact: Pick<ContactService, 'pruneOld'>;
  marketing: Pick<MarketingService, 'pruneLeads'>;
  log: { info(details: object, message: string): void };
  now?: () => Date;
}

export function createHousekeeping({
  jobs,
  mail,
  auth,
  contact,
  marketing,
  log,
  now = () => new Date(),
}: HousekeepingDeps) {
  /** One pass: every kind of finished row older than its retention. Running it twice deletes nothing more. */
  async function prune() {
    const at = now().getTime();
    const mailPruned = await mail.pruneSettled(new Date(at - RETENTION_MS.settledMail));
    const accountsPruned = await auth.pruneEnded(RETENTION_MS.expiredTokens, RETENTION_MS.waitingSignUps);
    const enquiries = await contact.pruneOld(
      new Date(at - RETENTION_MS.handledEnquiries),
      new Date(at - RETENTION_MS.unhandledEnquiries),
    );
    const campaignLeads = await marketing.pruneLeads(new Date(at - RETENTION_MS.campaignLeads));
    const pruned = { ...mailPruned, ...accountsPruned, enquiries, campaignLeads };
    log.info({ pruned }, 'pruned finished rows');
    return pruned;
  }

  return {
    prune,
    /** The daily job and its schedule (one run a day however many processes share the database). */
    async registerJobs(): Promise<void> {
      await jobs.work(HOUSEKEEPING_QUEUE, async () => {
        await prune();
      });
      await jobs.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON);
    },
  };
}
export type Housekeeping = ReturnType<typeof createHousekeeping>;
