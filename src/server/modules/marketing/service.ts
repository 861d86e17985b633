import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import { type FormResult, formFailure, tooManyRequests } from '../../../domain/contact/result.ts';
import type { CampaignLeadInput } from '../../../domain/marketing/campaign-lead.ts';
import { CAMPAIGN_MESSAGES, CAMPAIGNS, LEAD_RATE_LIMIT } from '../../../domain/marketing/campaigns.ts';
import type { Banner, Offer, PartnerService } from '../../../domain/marketing/marketing.ts';
import type { Database } from '../../db/client.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { AuditLog } from '../audit/service.ts';
import { createMarketingAdmin } from './admin.ts';
import { createMarketingRepository } from './repository.ts';

export interface MarketingServiceDeps {
  /** Queues e-mail in the lead's transaction. */
  mail: Pick<MailOutbox, 'enqueue'>;
  contact: { companyName: string; supportEmail: string };
  now?: () => Date;
  /** The back office's changes (decision 0072) are audited here and their images kept in `storage`. */
  audit?: Pick<AuditLog, 'record'>;
  storage?: Pick<FileStorage, 'delete'>;
  /**
   * The one content-changed hook (lib/content-changes.ts): the lists below are dropped whenever it
   * fires, in whichever process the change was made, and the back office's edits fire it.
   */
  changes: Pick<ContentChanges, 'subscribe' | 'changed'>;
}

function page<T>(results: T[], totalCount: number, { page, limit }: Pagination): ListData<T> {
  return { results, totalCount, page, limit };
}

/**
 * How long the lists are kept in memory: every home page render reads all three, and on the
 * embedded database those six queries were most of an uncached render. An offer that starts or
 * ends shows the change within this time.
 */
const MARKETING_CACHE_TTL_MS = 60_000;

/** Offers, banners and partner services for the home page, and the campaign pages' leads. */
export function createMarketingService(db: Database, deps: MarketingServiceDeps) {
  const repository = createMarketingRepository(db);
  const now = deps.now ?? (() => new Date());
  const cache = createReadCache({ ttlMs: MARKETING_CACHE_TTL_MS });
  /** One page of a list (its count and its rows), kept in the cache under the list's name. */
  const cachedPage = <T>(
    list: string,
    paging: Pagination,
    count: () => Promise<number>,
    rows: (offset: number, limit: number) => Promise<T[]>,
  ): Promise<ListData<T>> =>
    cache.get(`${list}:${paging.page}:${paging.limit}`, async () => {
      const [total, found] = await Promise.all([count(), rows((paging.page - 1) * paging.limit, paging.limit)]);
      return page(found, total, paging);
    });

  deps.changes.subscribe(() => cache.clear());
  const admin = createMarketingAdmin(db, {
    audit: deps.audit ?? {
      record: async () => {
        throw new Error('marketing service built without an audit log');
      },
    },
    storage: deps.storage ?? { delete: async () => false },
    changed: deps.changes.changed,
  });

  return {
    ...admin,

    /** An erased account's campaign leads, left with its e-mail address, go (issue 34 §3). */
    /** The housekeeping's prune (decision 0168): a lead is a request to be called back, kept a year. */
    pruneLeads(before: Date): Promise<number> {
      return repository.deleteLeadsBefore(before);
    },

    eraseLeadsOf(tx: Database, email: string): Promise<number> {
      return createMarketingRepository(tx).deleteLeadsOf(email);
    },

    /** Active offers inside their date window (the sticky offers strip). */
    listOffers(paging: Pagination): Promise<ListData<Offer>> {
      const at = now();
      return cachedPage(
        'offers',
        paging,
        () => repository.countLiveOffers(at),
        (offset, limit) => repository.listLiveOffers(at, offset, limit),
      );
    },

    /** Active banners, first one first (the home popup shows the first). */
    listActiveBanners(paging: Pagination): Promise<ListData<Banner>> {
      return cachedPage('banners', paging, repository.countActiveBanners, repository.listActiveBanners);
    },

    listPartnerServices(paging: Pagination): Promise<ListData<PartnerService>> {
      return cachedPage('partners', paging, repository.countActivePartners, repository.listActivePartners);
    },

    /** Drops this process's cached lists (tests that write rows directly); edits fire `changes` instead. */
    invalidate(): void {
      cache.clear();
    },

    /**
     * Stores a campaign page's lead and queues its e-mail to the sales inbox (support) in one
     * transaction: both are kept, or neither.
     */
    async submitLead(
      input: CampaignLeadInput,
      from: { ip?: string | null } = {},
    ): Promise<FormResult<{ id: number; createdAt: Date }>> {
      if (input.website) return formFailure(400, CAMPAIGN_MESSAGES.honeypot);
      if (from.ip) {
        const since = new Date(now().getTime() - LEAD_RATE_LIMIT.windowMs);
        const sent = await repository.countLeadsFromIpSince(from.ip, since);
        if (sent.count >= LEAD_RATE_LIMIT.max) {
          // One more may be sent once the first of the window's leaves it.
          const wait = (sent.first?.getTime() ?? now().getTime()) + LEAD_RATE_LIMIT.windowMs - now().getTime();
          return tooManyRequests(CAMPAIGN_MESSAGES.rateLimited, wait);
        }
      }
      const campaign = CAMPAIGNS[input.campaign];
      const stored = await db.transaction(async (tx) => {
        const lead = await createMarketingRepository(tx).insertLead({
          campaign: input.campaign,
          name: input.name,
          email: input.email,
          phone: input.phone,
          travelDate: input.travelDate,
          message: input.message,
          ip: from.ip ?? null,
        });
        const mail = simpleMail({
          to: deps.contact.supportEmail,
          subject: `New lead #${lead.id} from ${campaign.path}: ${input.name}`,
          heading: `New campaign lead #${lead.id}`,
          intro: [`Someone asked for a call back from the “${campaign.title}” page (${campaign.path}).`],
          details: [
            ['Name', input.name],
            ['E-mail', input.email],
            ['Phone', input.phone],
            ['Travel date', input.travelDate ?? 'Not given'],
            ['Message', input.message ?? '—'],
          ],
          outro: ['The page promises a call back within one business day.'],
          signature: `${deps.contact.companyName} website`,
        });
        // Support's Reply answers the person who asked for the call back.
        await deps.mail.enqueue(tx, {
          ...mail,
          replyTo: input.email,
          purpose: 'campaign-lead',
          key: `campaign-lead:${lead.id}`,
        });
        return lead;
      });
      return { ok: true, value: stored };
    },
  };
}
export type MarketingService = ReturnType<typeof createMarketingService>;
