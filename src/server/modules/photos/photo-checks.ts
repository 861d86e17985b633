import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { APPLICATION_PHOTO_MESSAGES as P } from '../../../domain/photos/application-photos.ts';
import {
  PHOTO_CHECK_MESSAGES as C,
  PHOTO_CHECK_TTL_MS,
  type PhotoCheck,
  photoCheckLinks,
} from '../../../domain/photos/checks.ts';
import { PHOTO_ORDER_UPLOAD } from '../../../domain/photos/orders.ts';
import { PHOTO_SIZES, type PhotoSizeId } from '../../../domain/photos/sizes.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { ServableFile } from '../../uploads/index.ts';
import type { AnalysePhoto } from './analyser.ts';
import { createPhotoChecksRepository, type PhotoCheckRow } from './check-repository.ts';
import { FaceDetectionError } from './compliance/engine.ts';

/** Receives the request's photo against the photo order's upload rule (the route passes uploads.acceptUpload). */
type ReceivePhoto = (rule: typeof PHOTO_ORDER_UPLOAD) => Promise<{
  storageKey: string;
  displayName: string;
  type: PhotoCheckRow['contentType'];
  size: number;
  sha256: string;
}>;

export interface PhotoChecksDeps {
  storage: Pick<FileStorage, 'get' | 'put'>;
  analyse: AnalysePhoto;
  /** Queues the removal of stored files in `tx` (the photos module's removal job), so a crash leaves no orphan. */
  removeFilesLater(tx: Database, keys: string[]): Promise<void>;
  /** Removes files now (a refused check's upload, which no row ever named). */
  removeFiles(keys: string[]): Promise<void>;
  now?: () => Date;
}

/** What the table keeps of a token: its SHA-256, like the session tokens'. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const notFound = () => formFailure(404, C.notFound);
const filesOfCheck = (row: Pick<PhotoCheckRow, 'storageKey' | 'fittedKey'>) =>
  row.fittedKey ? [row.storageKey, row.fittedKey] : [row.storageKey];

/**
 * Check first, account later (docs/decisions/0102-photo-check-first.md): a visitor's photo checked
 * and fitted before any account, held by the browser whose cookie carries a random token (only
 * its SHA-256 is stored, so a database read cannot be replayed as a cookie). One check per
 * browser: a new one replaces it. Without the token, or past its expiry, a check does not exist
 * (404, the same answer for every case), and an order claims it once.
 */
export function createPhotoChecks(db: Database, deps: PhotoChecksDeps) {
  const { storage, analyse, now = () => new Date() } = deps;

  /** The live check the token holds, or null (unknown, expired, claimed). */
  async function find(token: string | undefined, on: Database = db): Promise<PhotoCheckRow | null> {
    if (!token) return null;
    return createPhotoChecksRepository(on).findLive(hashToken(token), now());
  }

  function toView(row: PhotoCheckRow): PhotoCheck {
    return {
      photoSize: row.sizeId,
      name: row.displayName,
      report: row.report,
      links: photoCheckLinks(row.fittedKey !== null),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  return {
    find,
    toView,

    /**
     * POST /photo-checks: receives and re-encodes the photo (accept-upload's checks), runs the
     * engine on it at once (about half a second) and keeps both files under a new token; the
     * browser's previous check, if any, is deleted. Answers the token the route sets as a cookie.
     */
    async create(
      previousToken: string | undefined,
      sizeId: PhotoSizeId,
      receive: ReceivePhoto,
    ): Promise<{ token: string; check: PhotoCheck }> {
      const file = await receive(PHOTO_ORDER_UPLOAD);
      let fittedKey: string | null = null;
      try {
        const stored = await storage.get(file.storageKey);
        if (!stored) throw new Error('an accepted photo is missing from storage');
        let result: Awaited<ReturnType<AnalysePhoto>>;
        try {
          // Behind customers' photos, and refused while many visitors' checks wait (a 503: try again).
          result = await analyse(await buffer(stored.stream), PHOTO_SIZES[sizeId], { visitor: true });
        } catch (error) {
          // Detection could not run at all: a retry in a moment can succeed.
          if (error instanceof FaceDetectionError) throw new HttpError(503, P.notChecked);
          throw error;
        }
        if (result.fitted) {
          fittedKey = (await storage.put(Readable.from([result.fitted]), { contentType: 'image/jpeg' })).key;
        }
        const token = randomBytes(32).toString('base64url');
        const row = await db.transaction(async (tx) => {
          const repository = createPhotoChecksRepository(tx);
          const previous = previousToken ? await repository.delete(hashToken(previousToken)) : [];
          if (previous.length > 0) await deps.removeFilesLater(tx, previous.flatMap(filesOfCheck));
          return repository.insert({
            tokenHash: hashToken(token),
            sizeId,
            storageKey: file.storageKey,
            displayName: file.displayName,
            contentType: file.type,
            sizeBytes: file.size,
            sha256: file.sha256,
            report: result.report,
            fittedKey,
            expiresAt: new Date(now().getTime() + PHOTO_CHECK_TTL_MS),
          });
        });
        return { token, check: toView(row) };
      } catch (error) {
        await deps.removeFiles(fittedKey ? [file.storageKey, fittedKey] : [file.storageKey]);
        throw error;
      }
    },

    /** The original (re-encoded, metadata removed) or fitted photo, for the holder of the token only. */
    async openFile(token: string | undefined, which: 'original' | 'fitted'): Promise<FormResult<ServableFile>> {
      const row = await find(token);
      if (!row) return notFound();
      if (which === 'original')
        return { ok: true, value: { storageKey: row.storageKey, displayName: row.displayName } };
      if (!row.fittedKey) return notFound();
      const size = PHOTO_SIZES[row.sizeId];
      return {
        ok: true,
        value: { storageKey: row.fittedKey, displayName: `${size.id}-${size.widthPx}x${size.heightPx}.jpg` },
      };
    },

    /** DELETE /photo-checks/current: the visitor drops their check (its files go with it). */
    async remove(token: string | undefined): Promise<FormResult<null>> {
      if (!token) return notFound();
      return db.transaction(async (tx) => {
        const rows = await createPhotoChecksRepository(tx).delete(hashToken(token));
        if (rows.length === 0) return notFound();
        await deps.removeFilesLater(tx, rows.flatMap(filesOfCheck));
        return { ok: true, value: null };
      });
    },

    /**
     * Takes the live check out of the table in `tx` (the claiming order's transaction): the row is
     * deleted, its files now the order's, so a second claim (another tab, a replay) finds nothing.
     */
    async take(tx: Database, token: string | undefined): Promise<PhotoCheckRow | null> {
      if (!token) return null;
      return createPhotoChecksRepository(tx).takeLive(hashToken(token), now());
    },

    /**
     * The retention sweep (issue 34 §4): deletes the checks past their 24 hours at `at`, a batch
     * per transaction (short locks however many piled up); each batch queues the removal of its
     * files in the same transaction (the photos module's removal job), so no file outlives its row.
     */
    async pruneExpired(at: Date = now(), batch = 200): Promise<{ photoChecks: number }> {
      let pruned = 0;
      for (;;) {
        const deleted = await db.transaction(async (tx) => {
          const rows = await createPhotoChecksRepository(tx).deleteExpired(at, batch);
          if (rows.length > 0) await deps.removeFilesLater(tx, rows.flatMap(filesOfCheck));
          return rows.length;
        });
        pruned += deleted;
        if (deleted < batch) return { photoChecks: pruned };
      }
    },
  };
}
export type PhotoChecks = ReturnType<typeof createPhotoChecks>;
