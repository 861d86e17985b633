import { and, asc, count, eq, gt, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { banners, campaignLeads, offers, partnerServices } from './tables.ts';

export type NewLead = typeof campaignLeads.$inferInsert;

/** Active, and inside its start/end window when it has one. */
function liveOffer(now: Date) {
  return and(
    eq(offers.isActive, true),
    or(isNull(offers.startsAt), lte(offers.startsAt, now)),
    or(isNull(offers.endsAt), gt(offers.endsAt, now)),
  );
}

export function createMarketingRepository(db: Database) {
  return {
    async countLiveOffers(now: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(offers).where(liveOffer(now));
      return row?.n ?? 0;
    },

    listLiveOffers(now: Date, offset: number, limit: number) {
      return db
        .select({ id: offers.id, title: offers.title, description: offers.description, isActive: offers.isActive })
        .from(offers)
        .where(liveOffer(now))
        .orderBy(asc(offers.position), asc(offers.id))
        .limit(limit)
        .offset(offset);
    },

    async countActiveBanners(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(banners).where(eq(banners.isActive, true));
      return row?.n ?? 0;
    },

    listActiveBanners(offset: number, limit: number) {
      return db
        .select({
          id: banners.id,
          bannerImage: banners.bannerImage,
          altText: banners.altText,
          link: banners.link,
          buttonText: banners.buttonText,
        })
        .from(banners)
        .where(eq(banners.isActive, true))
        .orderBy(asc(banners.position), asc(banners.id))
        .limit(limit)
        .offset(offset);
    },

    async countActivePartners(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(partnerServices).where(eq(partnerServices.isActive, true));
      return row?.n ?? 0;
    },

    listActivePartners(offset: number, limit: number) {
      return db
        .select({
          id: partnerServices.id,
          name: partnerServices.name,
          description: partnerServices.description,
          logo: partnerServices.logo,
          link: partnerServices.link,
        })
        .from(partnerServices)
        .where(eq(partnerServices.isActive, true))
        .orderBy(asc(partnerServices.position), asc(partnerServices.id))
        .limit(limit)
        .offset(offset);
    },

    async insertLead(lead: NewLead) {
      const [row] = await db
        .insert(campaignLeads)
        .values(lead)
        .returning({ id: campaignLeads.id, createdAt: campaignLeads.createdAt });
      if (!row) throw new Error('campaign lead was not stored');
      return row;
    },

    /** Deletes the campaign leads left before `before`. */
    async deleteLeadsBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(campaignLeads)
        .where(lt(campaignLeads.createdAt, before))
        .returning({ id: campaignLeads.id });
      return rows.length;
    },

    /** Deletes the campaign leads left with this e-mail address. */
    async deleteLeadsOf(email: string): Promise<number> {
      const rows = await db
        .delete(campaignLeads)
        .where(sql`lower(${campaignLeads.email}) = ${email.toLowerCase()}`)
        .returning({ id: campaignLeads.id });
      return rows.length;
    },

    /** Leads from `ip` after `since`, and when the first of them came (null: none). */
    async countLeadsFromIpSince(ip: string, since: Date): Promise<{ count: number; first: Date | null }> {
      const [row] = await db
        .select({ n: count(), first: min(campaignLeads.createdAt) })
        .from(campaignLeads)
        .where(and(eq(campaignLeads.ip, ip), gt(campaignLeads.createdAt, since)));
      return { count: row?.n ?? 0, first: row?.first ?? null };
    },
  };
}
