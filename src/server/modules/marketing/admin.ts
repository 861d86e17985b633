import {
  type AdminBanner,
  type AdminOffer,
  type AdminPartner,
  type BannerEdit,
  type BannerInput,
  type ContentToggle,
  changedFields,
  CONTENT_MESSAGES as M,
  type OfferEdit,
  type OfferInput,
  PARTNER_MESSAGES,
  type PartnerEdit,
  type PartnerInput,
  sentFields,
} from '../../../domain/admin/content.ts';
import type { Database } from '../../db/client.ts';
import { createContentImages, type ImageChange } from '../../lib/content-images.ts';
import { staleEdit } from '../../lib/edit-version.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import { type BannerRow, createMarketingAdminRepository, type OfferRow, type PartnerRow } from './admin-repository.ts';

export type AdminResult<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; message: string };

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

const partnerView = (row: PartnerRow): AdminPartner => ({
  id: row.id,
  name: row.name,
  description: row.description,
  logo: row.logo,
  link: row.link,
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

const partnerFieldsOf = (p: Omit<AdminPartner, 'id' | 'updatedAt'>) => ({
  name: p.name,
  description: p.description,
  logo: p.logo,
  link: p.link,
  isActive: p.isActive,
  position: p.position,
});

const toDate = (iso: string | null) => (iso ? new Date(iso) : null);

export interface MarketingAdminDeps {
  audit: Pick<AuditLog, 'record'>;
  storage: Pick<FileStorage, 'delete'>;
  /** Called after every committed change: clears the read caches and the page cache. */
  changed: () => void;
}

/**
 * Offers, banners (decision 0072) and partner services (decision 0075) for admins: each change and
 * its audit entry (only the changed fields, before → after) commit in one transaction, then the
 * public reads are invalidated.
 */
export function createMarketingAdmin(db: Database, { audit, storage, changed }: MarketingAdminDeps) {
  const repository = createMarketingAdminRepository(db);
  const offerMissing = { ok: false, status: 404, message: M.offerNotFound } as const;
  const bannerMissing = { ok: false, status: 404, message: M.bannerNotFound } as const;
  const partnerMissing = { ok: false, status: 404, message: PARTNER_MESSAGES.notFound } as const;
  const images = createContentImages({ storage, inUse: (path) => repository.imageInUse(path) });

  /*
   * The update helpers write the record's new fields and their audit entry, nothing when nothing
   * changed. `loadedAt`: an edit's `updatedAt`, refused when the record has changed since.
   */
  async function updateOffer(
    actor: StaffActor,
    id: number,
    next: (row: AdminOffer) => ReturnType<typeof offerFieldsOf>,
    action: string,
    loadedAt?: string,
  ): Promise<AdminResult<AdminOffer>> {
    const result = await db.transaction(async (tx) => {
      const inTx = createMarketingAdminRepository(tx);
      const stale = loadedAt !== undefined && (await inTx.changedSince('offer', id, loadedAt));
      const row = await inTx.findOffer(id);
      if (!row) return offerMissing;
      if (stale) return staleEdit;
      const current = offerView(row);
      const diff = changedFields(offerFieldsOf(current), next(current));
      if (!diff) return { ok: true, value: current } as const;
      const after = { ...offerFieldsOf(current), ...diff.after };
      const updated = await inTx.updateOffer(id, {
        ...after,
        startsAt: toDate(after.startsAt),
        endsAt: toDate(after.endsAt),
        updatedAt: new Date(),
      });
      await audit.record(tx, { actor, action, subject: { type: 'offer', id }, ...diff });
      return { ok: true, value: offerView(updated as OfferRow) } as const;
    });
    if (result.ok) changed();
    return result;
  }

  async function updateBanner(
    actor: StaffActor,
    id: number,
    next: (row: AdminBanner) => ReturnType<typeof bannerFieldsOf>,
    action: string,
    loadedAt?: string,
  ): Promise<ImageChange<AdminBanner>> {
    const result = await db.transaction(async (tx) => {
      const inTx = createMarketingAdminRepository(tx);
      const stale = loadedAt !== undefined && (await inTx.changedSince('banner', id, loadedAt));
      const row = await inTx.findBanner(id);
      if (!row) return bannerMissing;
      if (stale) return staleEdit;
      const current = bannerView(row);
      const wanted = next(current);
      if (wanted.isActive && !wanted.bannerImage)
        return { ok: false, status: 409, message: M.bannerNeedsImage } as const;
      const diff = changedFields(bannerFieldsOf(current), wanted);
      if (!diff) return { ok: true, value: current } as const;
      const updated = await inTx.updateBanner(id, { ...wanted, updatedAt: new Date() });
      await audit.record(tx, { actor, action, subject: { type: 'banner', id }, ...diff });
      return { ok: true, value: bannerView(updated as BannerRow), previousImage: current.bannerImage } as const;
    });
    if (!result.ok) return result;
    changed();
    return {
      ok: true,
      value: result.value,
      ...('previousImage' in result ? { replaced: result.previousImage } : {}),
    };
  }

  async function updatePartner(
    actor: StaffActor,
    id: number,
    next: (row: AdminPartner) => ReturnType<typeof partnerFieldsOf>,
    action: string,
    loadedAt?: string,
  ): Promise<ImageChange<AdminPartner>> {
    const result = await db.transaction(async (tx) => {
      const inTx = createMarketingAdminRepository(tx);
      const stale = loadedAt !== undefined && (await inTx.changedSince('partner', id, loadedAt));
      const row = await inTx.findPartner(id);
      if (!row) return null;
      if (stale) return staleEdit;
      const current = partnerView(row);
      const wanted = next(current);
      const diff = changedFields(partnerFieldsOf(current), wanted);
      if (!diff) return { value: current };
      const updated = await inTx.updatePartner(id, { ...wanted, updatedAt: new Date() });
      await audit.record(tx, { actor, action, subject: { type: 'partner', id }, ...diff });
      return { value: partnerView(updated as PartnerRow), replaced: current.logo };
    });
    if (!result) return partnerMissing;
    if ('ok' in result) return result;
    if ('replaced' in result) changed();
    return { ok: true, ...result };
  }

  return {
    async adminListOffers(): Promise<AdminOffer[]> {
      return (await repository.listOffers()).map(offerView);
    },

    async adminGetOffer(id: number): Promise<AdminOffer | null> {
      const row = await repository.findOffer(id);
      return row ? offerView(row) : null;
    },

    async createOffer(actor: StaffActor, input: OfferInput): Promise<AdminOffer> {
      const created = await db.transaction(async (tx) => {
        const row = await createMarketingAdminRepository(tx).insertOffer({
          ...input,
          startsAt: toDate(input.startsAt),
          endsAt: toDate(input.endsAt),
        });
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

    /** An edit that leaves out `isActive` or `position` keeps the stored one. */
    editOffer(actor: StaffActor, id: number, { updatedAt, ...input }: OfferEdit) {
      return updateOffer(
        actor,
        id,
        (row) => ({ ...offerFieldsOf(row), ...sentFields(input) }),
        'offer.edit',
        updatedAt,
      );
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
        const row = await createMarketingAdminRepository(tx).deleteOffer(id);
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
      return (await repository.listBanners()).map(bannerView);
    },

    async adminGetBanner(id: number): Promise<AdminBanner | null> {
      const row = await repository.findBanner(id);
      return row ? bannerView(row) : null;
    },

    /** A new banner has no image yet, so it starts hidden whatever was asked. */
    async createBanner(actor: StaffActor, input: BannerInput): Promise<AdminBanner> {
      const created = await db.transaction(async (tx) => {
        const row = await createMarketingAdminRepository(tx).insertBanner({
          ...input,
          isActive: false,
          bannerImage: '',
        });
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

    /** An edit that leaves out `isActive` or `position` keeps the stored one; the image is uploaded on its own. */
    editBanner(actor: StaffActor, id: number, { updatedAt, ...input }: BannerEdit) {
      return updateBanner(
        actor,
        id,
        (row) => ({ ...bannerFieldsOf(row), ...sentFields(input), bannerImage: row.bannerImage }),
        'banner.edit',
        updatedAt,
      );
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
    setBannerImage(actor: StaffActor, id: number, storageKey: string): Promise<AdminResult<AdminBanner>> {
      return images.replace(storageKey, (bannerImage) =>
        updateBanner(actor, id, (row) => ({ ...bannerFieldsOf(row), bannerImage }), 'banner.image'),
      );
    },

    async deleteBanner(actor: StaffActor, id: number): Promise<AdminResult<null>> {
      const gone = await db.transaction(async (tx) => {
        const row = await createMarketingAdminRepository(tx).deleteBanner(id);
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
      await images.dropIfUnused(gone.bannerImage);
      return { ok: true, value: null };
    },

    async adminListPartners(): Promise<AdminPartner[]> {
      return (await repository.listPartners()).map(partnerView);
    },

    async adminGetPartner(id: number): Promise<AdminPartner | null> {
      const row = await repository.findPartner(id);
      return row ? partnerView(row) : null;
    },

    async createPartner(actor: StaffActor, input: PartnerInput): Promise<AdminPartner> {
      const created = await db.transaction(async (tx) => {
        const row = await createMarketingAdminRepository(tx).insertPartner(input);
        const view = partnerView(row as PartnerRow);
        await audit.record(tx, {
          actor,
          action: 'partner.create',
          subject: { type: 'partner', id: view.id },
          after: partnerFieldsOf(view),
        });
        return view;
      });
      changed();
      return created;
    },

    /** An edit that leaves out `isActive` or `position` keeps the stored one; the logo is uploaded on its own. */
    editPartner(actor: StaffActor, id: number, { updatedAt, ...input }: PartnerEdit) {
      return updatePartner(
        actor,
        id,
        (row) => ({ ...partnerFieldsOf(row), ...sentFields(input), logo: row.logo }),
        'partner.edit',
        updatedAt,
      );
    },

    togglePartner(actor: StaffActor, id: number, patch: ContentToggle) {
      return updatePartner(
        actor,
        id,
        (row) => ({ ...partnerFieldsOf(row), ...definedOf(patch) }),
        patch.isActive === undefined ? 'partner.position' : 'partner.visibility',
      );
    },

    /** Points the partner at a newly stored logo; the one it replaces leaves storage. */
    setPartnerLogo(actor: StaffActor, id: number, storageKey: string): Promise<AdminResult<AdminPartner>> {
      return images.replace(storageKey, (logo) =>
        updatePartner(actor, id, (row) => ({ ...partnerFieldsOf(row), logo }), 'partner.logo'),
      );
    },

    async deletePartner(actor: StaffActor, id: number): Promise<AdminResult<null>> {
      const gone = await db.transaction(async (tx) => {
        const row = await createMarketingAdminRepository(tx).deletePartner(id);
        if (!row) return null;
        await audit.record(tx, {
          actor,
          action: 'partner.delete',
          subject: { type: 'partner', id },
          before: partnerFieldsOf(partnerView(row)),
        });
        return row;
      });
      if (!gone) return partnerMissing;
      changed();
      await images.dropIfUnused(gone.logo);
      return { ok: true, value: null };
    },

    /** Whether an uploaded image is one a banner or a partner shows: only those are served publicly. */
    isPublicImage: images.isPublic,
  };
}

function definedOf(patch: ContentToggle): Partial<{ isActive: boolean; position: number }> {
  return {
    ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
    ...(patch.position === undefined ? {} : { position: patch.position }),
  };
}
