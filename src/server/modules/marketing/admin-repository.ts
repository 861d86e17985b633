import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { changedSince } from '../../lib/edit-version.ts';
import { banners, offers, partnerServices } from './tables.ts';

export type OfferRow = typeof offers.$inferSelect;
export type NewOffer = typeof offers.$inferInsert;
export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;
export type PartnerRow = typeof partnerServices.$inferSelect;
export type NewPartner = typeof partnerServices.$inferInsert;

/** The back office's queries on offers, banners and partner services (admin.ts, decisions 0072 and 0075). */
export function createMarketingAdminRepository(db: Database) {
  const editable = { offer: offers, banner: banners, partner: partnerServices };
  return {
    /** Locks the record for the transaction; whether it changed since `loadedAt` (lib/edit-version.ts). */
    changedSince: (record: keyof typeof editable, id: number, loadedAt: string) =>
      changedSince(db, editable[record], id, loadedAt),

    /** Whether a banner or a partner shows the image stored under `path`. */
    async imageInUse(path: string): Promise<boolean> {
      const [banner] = await db.select({ id: banners.id }).from(banners).where(eq(banners.bannerImage, path)).limit(1);
      if (banner) return true;
      const [partner] = await db
        .select({ id: partnerServices.id })
        .from(partnerServices)
        .where(eq(partnerServices.logo, path))
        .limit(1);
      return Boolean(partner);
    },

    listOffers(): Promise<OfferRow[]> {
      return db.select().from(offers).orderBy(asc(offers.position), asc(offers.id));
    },

    async findOffer(id: number): Promise<OfferRow | undefined> {
      const [row] = await db.select().from(offers).where(eq(offers.id, id));
      return row;
    },

    async insertOffer(values: NewOffer): Promise<OfferRow | undefined> {
      const [row] = await db.insert(offers).values(values).returning();
      return row;
    },

    async updateOffer(id: number, values: Partial<NewOffer>): Promise<OfferRow | undefined> {
      const [row] = await db.update(offers).set(values).where(eq(offers.id, id)).returning();
      return row;
    },

    async deleteOffer(id: number): Promise<OfferRow | undefined> {
      const [row] = await db.delete(offers).where(eq(offers.id, id)).returning();
      return row;
    },

    listBanners(): Promise<BannerRow[]> {
      return db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
    },

    async findBanner(id: number): Promise<BannerRow | undefined> {
      const [row] = await db.select().from(banners).where(eq(banners.id, id));
      return row;
    },

    async insertBanner(values: NewBanner): Promise<BannerRow | undefined> {
      const [row] = await db.insert(banners).values(values).returning();
      return row;
    },

    async updateBanner(id: number, values: Partial<NewBanner>): Promise<BannerRow | undefined> {
      const [row] = await db.update(banners).set(values).where(eq(banners.id, id)).returning();
      return row;
    },

    async deleteBanner(id: number): Promise<BannerRow | undefined> {
      const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
      return row;
    },

    listPartners(): Promise<PartnerRow[]> {
      return db.select().from(partnerServices).orderBy(asc(partnerServices.position), asc(partnerServices.id));
    },

    async findPartner(id: number): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partnerServices).where(eq(partnerServices.id, id));
      return row;
    },

    async insertPartner(values: NewPartner): Promise<PartnerRow | undefined> {
      const [row] = await db.insert(partnerServices).values(values).returning();
      return row;
    },

    async updatePartner(id: number, values: Partial<NewPartner>): Promise<PartnerRow | undefined> {
      const [row] = await db.update(partnerServices).set(values).where(eq(partnerServices.id, id)).returning();
      return row;
    },

    async deletePartner(id: number): Promise<PartnerRow | undefined> {
      const [row] = await db.delete(partnerServices).where(eq(partnerServices.id, id)).returning();
      return row;
    },
  };
}
