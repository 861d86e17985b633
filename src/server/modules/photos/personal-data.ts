import type { Database } from '../../db/client.ts';
import { safeEntryName } from '../../lib/zip.ts';
import type { FileStorage } from '../../storage/index.ts';
import { createPhotosPersonalDataRepository } from './personal-data-repository.ts';

/**
 * Removes a photo order's photos from storage (the upload and the fitted file the check made),
 * each row deleted once its files are gone; answers how many photos were removed. A file storage
 * no longer has counts as removed, so a run cut short is finished by the next.
 */
export async function erasePhotoFiles(
  on: Database,
  storage: Pick<FileStorage, 'delete'>,
  orderId: number,
): Promise<number> {
  const repository = createPhotosPersonalDataRepository(on);
  let removed = 0;
  for (const { photo } of await repository.photos(orderId)) {
    await storage.delete(photo.storageKey);
    if (photo.fittedKey) await storage.delete(photo.fittedKey);
    await repository.deletePhoto(photo.id);
    removed += 1;
  }
  return removed;
}

/** A photo order's personal data (issue 34 §3): its export and the erasure of its delivery. */
export function createPhotosPersonalData(db: Database) {
  return {
    /** The order's steps, items, delivery and photos, and the files to add beside them. */
    async exportOrder(orderId: number, displayId: string) {
      const repository = createPhotosPersonalDataRepository(db);
      const details = await repository.order(orderId);
      if (!details) return { data: null, files: [] };
      const [items, photos] = await Promise.all([repository.items(orderId), repository.photos(orderId)]);
      const files: { path: string; storageKey: string }[] = [];
      const photoList = photos.map(({ photo }) => {
        const path = safeEntryName(`photos/${displayId}/${photo.id}-${photo.displayName}`);
        files.push({ path, storageKey: photo.storageKey });
        const fitted = photo.fittedKey
          ? safeEntryName(`photos/${displayId}/${photo.id}-fitted-${photo.displayName}`)
          : null;
        if (fitted && photo.fittedKey) files.push({ path: fitted, storageKey: photo.fittedKey });
        return {
          id: photo.id,
          itemId: photo.itemId,
          name: photo.displayName,
          contentType: photo.contentType,
          sizeBytes: photo.sizeBytes,
          sha256: photo.sha256,
          state: photo.state,
          report: photo.report,
          failedRuleChoice: photo.failedRuleChoice,
          secondLook: photo.secondLook,
          uploadedAt: photo.createdAt.toISOString(),
          fileInArchive: path,
          fittedFileInArchive: fitted,
        };
      });
      return {
        data: {
          plan: details.pricingPlanId,
          options: details.options,
          delivery: details.delivery,
          items: items.map((item) => ({ id: item.id, size: item.sizeId, documentType: item.documentType })),
          photos: photoList,
        },
        files,
      };
    },

    /** Erases the orders' delivery details, in the caller's transaction (their photos go with eraseFiles). */
    erase(tx: Database, orderIds: readonly number[]): Promise<void> {
      return createPhotosPersonalDataRepository(tx).eraseDelivery(orderIds);
    },
  };
}
export type PhotosPersonalData = ReturnType<typeof createPhotosPersonalData>;
