import { asc, eq } from 'drizzle-orm';
import {
  type AdminBanner,
  type AdminOffer,
  type BannerInput,
  type ContentToggle,
  changedFields,
  CONTENT_MESSAGES as M,
  type OfferInput,
  UPLOADED_MEDIA_PREFIX,
} from '../../../domain/admin/content.ts';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import { banners, offers } from './tables.ts';

export type AdminResult<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; message: string };

type OfferRow = typeof offers.$inferSelect;
type BannerRow = typeof banners.$inferSelect;

const offerView = (row: OfferRow): AdminOffer => ({
  id: row.id,
  title: row.title,
  description: row.description,
  isActive: row.isActive,
  position: row.position,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

const bannerView = (row: BannerRow): AdminBanner => ({
  id: row.id,
  bannerImage: row.bannerImage,
  altText: row.altText,
  link: row.link,
  buttonText: row.buttonText,
  isActive: row.isActive,
  position: row.position,
  updatedAt: row.updatedAt.toISOString(),
});

/** The stored, audited fields of an offer (dates as ISO strings so the audit log's JSON reads well). */
const offerFieldsOf = (
  o: Pick<AdminOffer, 'title' | 'description' | 'isActive' | 'position' | 'startsAt' | 'endsAt'>,
) => ({
  title: o.title,
  description: o.description,
  isActive: o.isActive,
  position: o.position,
  startsAt: o.startsAt,
  endsAt: o.endsAt,
});
const bannerFieldsOf = (b: Omit<AdminBanner, 'id' | 'updatedAt'>) => ({
  bannerImage: b.bannerImage,
  altText: b.altText,
  link: b.link,
  buttonText: b.buttonText,
  isActive: b.isActive,
  position: b.position,
});

const toDate = (iso: string | null) => (iso ? new Date(iso) : null);

/** The storage key of an uploaded banner image path ('uploads/ab/ab….jpg'), or null for a bundled one. */
export function uploadedKeyOf(bannerImage: string): string | null {
  return bannerImage.startsWith(UPLOADED_MEDIA_PREFIX) ? bannerImage.slice(UPLOADED_MEDIA_PREFIX.length) : null;
}

export interface MarketingAdminDeps {
  audit: Pick<AuditLog, 'record'>;
  storage: Pick<FileStorage, 'delete'>;
  /** Called after every committed change: clears the read caches and the page cache. */
  changed: () => void;
}

/**
 * Offers and banners for admins (decision 0072): each change and its audit entry (only the changed
 * fields, before → after) commit in one transaction, then the public reads are invalidated.
 */
export function createMarketingAdmin(db: Database, { audit, storage, changed }: MarketingAdminDeps) {
  async function offerById(tx: Database, id: number) {
    const [row] = await tx.select().from(offers).where(eq(offers.id, id));
    return row;
  }
  async function bannerById(tx: Database, id: number) {
    const [row] = await tx.select().from(banners).where(eq(banners.id, id));
    return row;
  }
  const offerMissing = { ok: false, status: 404, message: M.offerNotFound } as const;
  const bannerMissing = { ok: false, status: 404, message: M.bannerNotFound } as const;

  /** Writes the offer's new fields and its audit entry; nothing when nothing changed. */
  async function updateOffer(
    actor: StaffActor,
    id: number,
    next: (row: AdminOffer) => ReturnType<typeof offerFieldsOf>,
    action: string,
  ): Promise<AdminResult<AdminOffer>> {
    const result = await db.transaction(async (tx) => {
      const row = await offerById(tx, id);
      if (!row) return null;
      const current = offerView(row);
      const diff = changedFields(offerFieldsOf(current), next(current));
      if (!diff) return current;
      const after = { ...offerFieldsOf(current), ...diff.after };
      const [updated] = await tx
        .update(offers)
        .set({ ...after, startsAt: toDate(after.startsAt), endsAt: toDate(after.endsAt), updatedAt: new Date() })
        .where(eq(offers.id, id))
        .returning();
      await audit.record(tx, { actor, action, subject: { type: 'offer', id }, ...diff });
      return offerView(updated as OfferRow);
    });
    if (!result) return offerMissing;
    changed();
    return { ok: true, value: result };
  }

  async function updateBanner(
    actor: StaffActor,
    id: number,
    next: (row: AdminBanner) => ReturnType<typeof bannerFieldsOf>,
    action: string,
  ): Promise<AdminResult<AdminBanner> & { replacedImage?: string }> {
    const result = await db.transaction(async (tx) => {
      const row = await bannerById(tx, id);
      if (!row) return bannerMissing;
      const current = bannerView(row);
      const wanted = next(current);
      if (wanted.isActive && !wanted.bannerImage)
        return { ok: false, status: 409, message: M.bannerNeedsImage } as const;
      const diff = changedFields(bannerFieldsOf(current), wanted);
      if (!diff) return { ok: true, value: current } as const;
      const [updated] = await tx
        .update(banners)
        .set({ ...wanted, updatedAt: new Date() })
        .where(eq(banners.id, id))
        .returning();
      await audit.record(tx, { actor, action, subject: { type: 'banner', id }, ...diff });
      return { ok: true, value: bannerView(updated as BannerRow), previousImage: current.bannerImage } as const;
    });
    if (!result.ok) return result;
    changed();
    return {
      ok: true,
      value: result.value,
      ...('previousImage' in result ? { replacedImage: result.previousImage } : {}),
    };
  }

  /** Removes an uploaded image no banner uses any more (bundled ones under public/media stay). */
  async function dropImageIfUnused(bannerImage: string | undefined) {
    const key = bannerImage ? uploadedKeyOf(bannerImage) : null;
    if (!key || !bannerImage) return;
    const [stillUsed] = await db.select({ id: banners.id }).from(banners).where(eq(banners.bannerImage, bannerImage));
    if (!stillUsed) await storage.delete(key);
  }

  return {
    async adminListOffers(): Promise<AdminOffer[]> {
      return (await db.select().from(offers).orderBy(asc(offers.position), asc(offers.id))).map(offerView);
    },

    async adminGetOffer(id: number): Promise<AdminOffer | null> {
      const row = await offerById(db, id);
      return row ? offerView(row) : null;
    },

    async createOffer(actor: StaffActor, input: OfferInput): Promise<AdminOffer> {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(offers)
          .values({ ...input, startsAt: toDate(input.startsAt), endsAt: toDate(input.endsAt) })
          .returning();
        const view = offerView(row as OfferRow);
        await audit.record(tx, {
          actor,
          action: 'offer.create',
          subject: { type: 'offer', id: view.id },
          after: offerFieldsOf(view),
        });
        return view;
      });
      changed();
      return created;
    },

    editOffer(actor: StaffActor, id: number, input: OfferInput) {
      return updateOffer(actor, id, () => offerFieldsOf(input), 'offer.edit');
    },

    toggleOffer(actor: StaffActor, id: number, patch: ContentToggle) {
      return updateOffer(
        actor,
        id,
        (row) => ({ ...offerFieldsOf(row), ...definedOf(patch) }),
        patch.isActive === undefined ? 'offer.position' : 'offer.visibility',
      );
    },

    async deleteOffer(actor: StaffActor, id: number): Promise<AdminResult<null>> {
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx.delete(offers).where(eq(offers.id, id)).returning();
        if (!row) return false;
        await audit.record(tx, {
          actor,
          action: 'offer.delete',
          subject: { type: 'offer', id },
          before: offerFieldsOf(offerView(row)),
        });
        return true;
      });
      if (!gone) return offerMissing;
      changed();
      return { ok: true, value: null };
    },

    async adminListBanners(): Promise<AdminBanner[]> {
      return (await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id))).map(bannerView);
    },

    async adminGetBanner(id: number): Promise<AdminBanner | null> {
      const row = await bannerById(db, id);
      return row ? bannerView(row) : null;
    },

    /** A new banner has no image yet, so it starts hidden whatever was asked. */
    async createBanner(actor: StaffActor, input: BannerInput): Promise<AdminBanner> {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(banners)
          .values({ ...input, isActive: false, bannerImage: '' })
          .returning();
        const view = bannerView(row as BannerRow);
        await audit.record(tx, {
          actor,
          action: 'banner.create',
          subject: { type: 'banner', id: view.id },
          after: bannerFieldsOf(view),
        });
        return view;
      });
      changed();
      return created;
    },

    editBanner(actor: StaffActor, id: number, input: BannerInput) {
      return updateBanner(actor, id, (row) => ({ ...input, bannerImage: row.bannerImage }), 'banner.edit');
    },

    toggleBanner(actor: StaffActor, id: number, patch: ContentToggle) {
      return updateBanner(
        actor,
        id,
        (row) => ({ ...bannerFieldsOf(row), ...definedOf(patch) }),
        patch.isActive === undefined ? 'banner.position' : 'banner.visibility',
      );
    },

    /**
     * Points the banner at a newly stored image (`storageKey` from acceptUpload); the image it
     * replaces is removed from storage when it was an upload no other banner uses. When the banner
     * is gone, the new object is removed instead.
     */
    async setBannerImage(actor: StaffActor, id: number, storageKey: string): Promise<AdminResult<AdminBanner>> {
      const bannerImage = `${UPLOADED_MEDIA_PREFIX}${storageKey}`;
      const result = await updateBanner(actor, id, (row) => ({ ...bannerFieldsOf(row), bannerImage }), 'banner.image');
      if (!result.ok) {
        await storage.delete(storageKey);
        return result;
      }
      await dropImageIfUnused(result.replacedImage);
      return { ok: true, value: result.value };
    },

    async deleteBanner(actor: StaffActor, id: number): Promise<AdminResult<null>> {
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning();
        if (!row) return null;
        await audit.record(tx, {
          actor,
          action: 'banner.delete',
          subject: { type: 'banner', id },
          before: bannerFieldsOf(bannerView(row)),
        });
        return row;
      });
      if (!gone) return bannerMissing;
      changed();
      await dropImageIfUnused(gone.bannerImage);
      return { ok: true, value: null };
    },

    /** Whether an uploaded image is one a banner shows: only those are served publicly. */
    async isPublicImage(storageKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: banners.id })
        .from(banners)
        .where(eq(banners.bannerImage, `${UPLOADED_MEDIA_PREFIX}${storageKey}`))
        .limit(1);
      return Boolean(row);
    },
  };
}

function definedOf(patch: ContentToggle): Partial<{ isActive: boolean; position: number }> {
  return {
    ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
    ...(patch.position === undefined ? {} : { position: patch.position }),
  };
}
