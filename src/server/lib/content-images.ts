import { UPLOADED_MEDIA_PREFIX } from '../../domain/admin/content.ts';
import type { FileStorage } from '../storage/index.ts';

/** The storage key of an uploaded media path ('uploads/ab/ab….jpg'), or null for a bundled one under public/media. */
export function uploadedKeyOf(path: string): string | null {
  return path.startsWith(UPLOADED_MEDIA_PREFIX) ? path.slice(UPLOADED_MEDIA_PREFIX.length) : null;
}

/** A change that pointed a record at a new image, answering the path it had before. */
export type ImageChange<T> =
  | { ok: true; value: T; replaced?: string | null }
  | { ok: false; status: 404 | 409; message: string };

/**
 * The images admins upload for public content (banners, partner logos, team photos; decisions
 * 0072, 0075). The file storage also holds customers' private files, so an upload is public only
 * while a record shows it (`inUse`, asked by the media route) and leaves storage once none does.
 */
export function createContentImages({
  storage,
  inUse,
}: {
  storage: Pick<FileStorage, 'delete'>;
  /** Whether a record of the module shows this media path. */
  inUse: (path: string) => Promise<boolean>;
}) {
  async function dropIfUnused(path: string | null | undefined): Promise<void> {
    const key = path ? uploadedKeyOf(path) : null;
    if (path && key && !(await inUse(path))) await storage.delete(key);
  }

  return {
    dropIfUnused,

    /** Whether an uploaded object is one a record shows: only those are served publicly. */
    isPublic(storageKey: string): Promise<boolean> {
      return inUse(`${UPLOADED_MEDIA_PREFIX}${storageKey}`);
    },

    /**
     * Points a record at a newly stored image (`storageKey` from acceptUpload) through `apply`;
     * the image it replaces leaves storage when nothing shows it any more. When `apply` refuses
     * (the record is gone), the new object is removed instead.
     */
    async replace<T>(
      storageKey: string,
      apply: (path: string) => Promise<ImageChange<T>>,
    ): Promise<{ ok: true; value: T } | { ok: false; status: 404 | 409; message: string }> {
      const result = await apply(`${UPLOADED_MEDIA_PREFIX}${storageKey}`);
      if (!result.ok) {
        await storage.delete(storageKey);
        return result;
      }
      await dropIfUnused(result.replaced);
      return { ok: true, value: result.value };
    },
  };
}
