import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';
import { removeStaleFiles } from '../lib/stale-files.ts';
import type { FileStorage } from '../storage/index.ts';
import { createUploadService, type UploadService } from './accept-upload.ts';
import { MULTIPART_LIMITS } from './limits.ts';

export type { AcceptedUpload, AcceptUploadOptions, UploadService } from './accept-upload.ts';
export { createUploadService } from './accept-upload.ts';
export type { ReencodedImage } from './image.ts';
export { CONTENT_LIMITS, type ContentLimits } from './limits.ts';
export { pdfPageImage } from './pdf-image.ts';
export { type PagedDocument, withPageAdded, withPageRemoved } from './pdf-pages.ts';
export { storedPortalPdf } from './portal-pdf.ts';
export { type ServableFile, type ServeFileOptions, serveFile, serveMadeFile, serveThumbnail } from './serve-file.ts';

const STALE_SCRATCH_MS = 60 * 60 * 1000;

/** Where files are received and checked before storage keeps them: DATA_DIR/upload-scratch. */
export function uploadScratchDir(dataDir: string): string {
  return join(dataDir, 'upload-scratch');
}

/** The upload service of an app: files checked in DATA_DIR/upload-scratch, kept in `storage`. */
export function createUploads(env: Pick<Env, 'dataDir'>, storage: FileStorage): UploadService {
  const scratchDir = uploadScratchDir(env.dataDir);
  // Files of uploads cut short by a crash; a live upload's file is minutes old at most.
  void removeStaleFiles(scratchDir, STALE_SCRATCH_MS).catch(() => {});
  return createUploadService({ storage, scratchDir });
}

/**
 * Lets the routes of `scope` (and only them) read multipart bodies, with hard limits: one file,
 * five small fields, twenty headers per part. Register it inside the scope of the upload routes:
 * `app.register(async (scope) => { await registerUploadParsing(scope); scope.post(…) })`.
 */
export async function registerUploadParsing(scope: FastifyInstance): Promise<void> {
  // Their bodies are judged on progress, not the 30 s of other bodies (http/body-deadlines.ts).
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, upload: true };
  });
  await scope.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}
