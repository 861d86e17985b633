import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addonPriceEditSchema,
  adminAddonPriceSchema,
  adminServiceRowSchema,
  adminServiceSchema,
  CATALOG_MESSAGES,
  faqEditSchema,
  packageEditSchema,
  packagePriceEditSchema,
  processStepEditSchema,
  serviceEditSchema,
  timelineEntryEditSchema,
} from '../../../domain/admin/catalog.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { HttpError, valueOrThrow } from '../../http/errors.ts';
import { currentUser } from '../../plugins/session.ts';

const tags = ['admin'];
const idParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .min(1, 'id must be 1 or more')
    .max(2_147_483_647, 'id is too large'),
});
const editAnswer = envelopeSchema(z.object({ changed: z.array(z.string()) }));
const whole = <T>(results: T[]) => ({
  results,
  totalCount: results.length,
  page: 1,
  limit: Math.max(results.length, 1),
});

function actor(request: FastifyRequest) {
  const { viewer } = currentUser(request);
  return { id: viewer.id, email: viewer.email };
}

/**
 * The back office's catalog (issue 13, decision 0070), admins only. Reads show every row, active
 * or not; each PATCH changes the fields it names, audited, and the public pages show it at once.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is validated: a visitor learns nothing about what this API accepts.
  app.addHook('onRequest', app.requireRole('admin'));
  const admin = app.services.catalogAdmin;

  app.get(
    '/admin/catalog/services',
    {
      schema: {
        tags,
        summary: 'Every service, active or not, with its number of packages',
        response: { 200: listEnvelopeSchema(adminServiceRowSchema) },
      },
    },
    async () => ok(whole(await admin.listServices())),
  );

  app.get(
    '/admin/catalog/services/:id',
    {
      schema: {
        tags,
        summary: 'One service with all its packages, prices per country, timelines, steps and FAQs',
        params: idParams,
        response: { 200: envelopeSchema(adminServiceSchema) },
      },
    },
    async (request) => {
      const service = await admin.getService(request.params.id);
      if (!service) throw new HttpError(404, CATALOG_MESSAGES.notFound('service', request.params.id));
      return ok(service);
    },
  );

  app.get(
    '/admin/catalog/addon-prices',
    {
      schema: {
        tags,
        summary: 'Every add-on price, per add-on and currency',
        response: { 200: listEnvelopeSchema(adminAddonPriceSchema) },
      },
    },
    async () => ok(whole(await admin.listAddonPrices())),
  );

  const edits = [
    [
      '/admin/catalog/services/:id',
      'Edit a service: name, summary, details, active',
      serviceEditSchema,
      admin.updateService,
    ],
    [
      '/admin/catalog/packages/:id',
      'Edit a package: name, description, processing time, fee note, active',
      packageEditSchema,
      admin.updatePackage,
    ],
    [
      '/admin/catalog/prices/:id',
      'Edit a package price: government fee, other mandatory fees (outsourcer, ICWF), our fee, former fee, estimate mark (cents)',
      packagePriceEditSchema,
      admin.updatePrice,
    ],
    ['/admin/catalog/addon-prices/:id', 'Edit an add-on price (cents)', addonPriceEditSchema, admin.updateAddonPrice],
    [
      '/admin/catalog/process-steps/:id',
      'Edit a process step or section',
      processStepEditSchema,
      admin.updateProcessStep,
    ],
    [
      '/admin/catalog/timeline/:id',
      'Edit a package timeline entry',
      timelineEntryEditSchema,
      admin.updateTimelineEntry,
    ],
    ['/admin/catalog/faqs/:id', 'Edit a FAQ: question, answer, active', faqEditSchema, admin.updateFaq],
  ] as const;
  for (const [path, summary, body, update] of edits) {
    app.patch(
      path,
      { schema: { tags, summary, params: idParams, body, response: { 200: editAnswer } } },
      async (request) => {
        const update_ = update as (
          who: ReturnType<typeof actor>,
          id: number,
          patch: typeof request.body,
        ) => ReturnType<typeof admin.updateService>;
        const outcome = valueOrThrow(await update_(actor(request), request.params.id, request.body));
        return ok(outcome, outcome.changed.length ? CATALOG_MESSAGES.saved : 'Nothing changed');
      },
    );
  }
};
