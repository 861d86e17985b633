import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_IMAGE_UPLOAD, CONTENT_MESSAGES } from '../../domain/admin/content.ts';
import { ok } from '../../domain/api/envelope.ts';
import { envelopeSchema } from '../../domain/api/pagination.ts';
import type { StaffActor } from '../modules/audit/service.ts';
import { currentUser } from '../plugins/session.ts';
import { registerUploadParsing } from '../uploads/index.ts';
import { HttpError } from './errors.ts';
import { idParams } from './id-params.ts';

type Outcome<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; message: string };

/** One record kind whose public image an admin uploads: a banner, a partner's logo, a team member's photo. */
export interface ContentImageRoute<T> {
  /** `/admin/banners/:id/image`. */
  url: string;
  summary: string;
  /** The record as the endpoint answers it. */
  record: z.ZodType<T>;
  /** The 404 message, given before the file is read when the record does not exist. */
  missing: string;
  exists: (id: number) => Promise<boolean>;
  /** Points the record at the stored image (the service audits it and drops the image it replaces). */
  save: (actor: StaffActor, id: number, storageKey: string) => Promise<Outcome<T>>;
}

/**
 * The back office's content image uploads (decisions 0072, 0075), admins only: multipart, one JPEG,
 * PNG or HEIC file up to 5 MB, checked by its first bytes and re-encoded by acceptUpload, then kept
 * in the file storage. Registered as one plugin so only these routes parse multipart bodies.
 */
export function contentImageRoutes(routes: ContentImageRoute<unknown>[]): FastifyPluginAsyncZod {
  return async (scope) => {
    await registerUploadParsing(scope);
    for (const route of routes) {
      scope.post(
        route.url,
        {
          schema: {
            tags: ['admin'],
            summary: `${route.summary} (multipart/form-data, one JPEG, PNG or HEIC file, up to 5 MB)`,
            consumes: ['multipart/form-data'],
            params: idParams,
            body: z.object({ file: z.string().meta({ format: 'binary' }) }).nullish(),
            response: { 200: envelopeSchema(route.record) },
          },
        },
        async (request) => {
          const id = request.params.id;
          if (!(await route.exists(id))) throw new HttpError(404, route.missing);
          const upload = await scope.uploads.acceptUpload(request, { itemLimits: CONTENT_IMAGE_UPLOAD });
          const { viewer } = currentUser(request);
          const saved = await route.save({ id: viewer.id, email: viewer.email }, id, upload.storageKey);
          if (!saved.ok) throw new HttpError(saved.status, saved.message);
          return ok(saved.value, CONTENT_MESSAGES.imageSaved);
        },
      );
    }
  };
}
