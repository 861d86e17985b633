import type { Database } from '../../db/client.ts';
import { safeEntryName } from '../../lib/zip.ts';
import { downloadFileName } from '../../uploads/serve-file.ts';
import { createPhotosPersonalDataRepository } from './personal-data-repository.ts';

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
        // Named with the stored type's extension: a HEIC or PNG upload is kept as a JPEG.
        const name = downloadFileName(photo.displayName, photo.contentType);
        const path = safeEntryName(`photos/${displayId}/${photo.id}-${name}`);
        files.push({ path, storageKey: photo.storageKey });
        const fitted = photo.fittedKey
          ? safeEntryName(`photos/${displayId}/${photo.id}-fitted-${downloadFileName(photo.displayName, 'image/jpeg')}`)
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
          // A rejection's reason: staff's words, e-mailed to the customer.
          secondLookReason: photo.secondLookReason,
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
          shipment: details.shipment,
          pickupReady: details.pickupReady,
          items: items.map((item) => ({
            id: item.id,
            size: item.sizeId,
            documentType: item.documentType,
            personName: item.personName,
          })),
          photos: photoList,
        },
        files,
      };
    },

    /**
     * Erases the orders' delivery details (and the tracking or studio number that leads to them)
     * and the names of whose photo each item is, in the caller's transaction (their photos go
     * with eraseFiles).
     */
    async erase(tx: Database, orderIds: readonly number[]): Promise<void> {
      const repository = createPhotosPersonalDataRepository(tx);
      await repository.eraseDelivery(orderIds);
      await repository.forgetItemNames(orderIds);
    },
  };
}
export type PhotosPersonalData = ReturnType<typeof createPhotosPersonalData>;
