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
import {
  adminFaqSchema,
  faqCreateSchema,
  packageTextCreateSchema,
  packageTextEditSchema,
  processStepCreateSchema,
  timelineEntryCreateSchema,
} from '../../../domain/admin/catalog-content.ts';
import {
  CATALOG_CREATE_MESSAGES,
  packageCreateSchema,
  priceCreateSchema,
  removalSchema,
  serviceCreateSchema,
  serviceParametersSchema,
} from '../../../domain/admin/catalog-create.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { refusals } from '../../http/error-responses.ts';
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
const createdAnswer = envelopeSchema(z.object({ id: z.number() }));
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
 * or not; each PATCH changes the fields it names, POST adds and DELETE removes (archives what
 * orders name, decision 0076), audited, and the public pages show it at once.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/admin/catalog/faqs',
    {
      schema: {
        tags,
        summary: "The general FAQs (the FAQ page's own, of no service), shown or not",
        response: { 200: listEnvelopeSchema(adminFaqSchema) },
      },
    },
    async () => ok(whole(await admin.listGeneralFaqs())),
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
      'Edit a process step or section: title, description, position, the choice it applies to (appliesTo)',
      processStepEditSchema,
      admin.updateProcessStep,
    ],
    [
      '/admin/catalog/timeline/:id',
      'Edit a package timeline entry: title, description, duration, position, the choice it applies to (appliesTo)',
      timelineEntryEditSchema,
      admin.updateTimelineEntry,
    ],
    [
      '/admin/catalog/faqs/:id',
      'Edit a FAQ: question, answer, active, position, the choice it applies to (appliesTo)',
      faqEditSchema,
      admin.updateFaq,
    ],
    [
      '/admin/catalog/package-texts/:id',
      "Edit a package's text for one choice of countries: a null or empty field keeps the general text",
      packageTextEditSchema,
      admin.updatePackageText,
    ],
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

  app.post(
    '/admin/catalog/services',
    {
      schema: {
        tags,
        summary: 'Add a service (off the site unless isActive)',
        body: serviceCreateSchema,
        // 409: the slug is taken.
        response: { 201: createdAnswer, ...refusals(409) },
      },
    },
    async (request, reply) => {
      const created = valueOrThrow(await admin.createService(actor(request), request.body));
      reply.status(201);
      return ok(created, CATALOG_CREATE_MESSAGES.created, 201);
    },
  );

  app.post(
    '/admin/catalog/services/:id/packages',
    {
      schema: {
        tags,
        summary: 'Add a package to a service (off the site unless isActive)',
        params: idParams,
        body: packageCreateSchema,
        response: { 201: createdAnswer },
      },
    },
    async (request, reply) => {
      const created = valueOrThrow(await admin.createPackage(actor(request), request.params.id, request.body));
      reply.status(201);
      return ok(created, CATALOG_CREATE_MESSAGES.created, 201);
    },
  );

  app.post(
    '/admin/catalog/packages/:id/prices',
    {
      schema: {
        tags,
        summary:
          "Add a package's price for a choice of countries (among the service's options): government fee, other mandatory fees, our fee (cents)",
        params: idParams,
        body: priceCreateSchema,
        response: { 201: createdAnswer },
      },
    },
    async (request, reply) => {
      const created = valueOrThrow(await admin.createPrice(actor(request), request.params.id, request.body));
      reply.status(201);
      return ok(created, CATALOG_CREATE_MESSAGES.created, 201);
    },
  );

  // Steps, timeline entries and FAQs (decision 0076): each added last in its list unless given a position,
  // for every choice of countries unless appliesTo names one; and a package's texts per choice (decision 0080).
  const contentCreations = [
    [
      '/admin/catalog/services/:id/process-steps',
      "Add a step or process section (kind 'detail') to a service, for every package or one (packageId)",
      processStepCreateSchema,
      admin.createProcessStep,
    ],
    [
      '/admin/catalog/packages/:id/timeline',
      "Add an entry to a package's timeline",
      timelineEntryCreateSchema,
      admin.createTimelineEntry,
    ],
    ['/admin/catalog/services/:id/faqs', 'Add a FAQ to a service', faqCreateSchema, admin.createFaq],
    [
      '/admin/catalog/packages/:id/texts',
      "Add a package's text for one choice of countries (appliesTo, among the service's options): each field given replaces the general one on that choice's pages",
      packageTextCreateSchema,
      admin.createPackageText,
    ],
  ] as const;
  for (const [path, summary, body, create] of contentCreations) {
    app.post(
      path,
      { schema: { tags, summary, params: idParams, body, response: { 201: createdAnswer } } },
      async (request, reply) => {
        const create_ = create as (
          who: ReturnType<typeof actor>,
          id: number,
          input: typeof request.body,
        ) => ReturnType<typeof admin.createFaq>;
        const created = valueOrThrow(await create_(actor(request), request.params.id, request.body));
        reply.status(201);
        return ok(created, CATALOG_CREATE_MESSAGES.created, 201);
      },
    );
  }

  app.post(
    '/admin/catalog/faqs',
    {
      schema: {
        tags,
        summary: "Add a general FAQ (the FAQ page's own, of no service)",
        body: faqCreateSchema,
        response: { 201: createdAnswer },
      },
    },
    async (request, reply) => {
      const created = valueOrThrow(await admin.createFaq(actor(request), null, request.body));
      reply.status(201);
      return ok(created, CATALOG_CREATE_MESSAGES.created, 201);
    },
  );

  app.put(
    '/admin/catalog/services/:id/parameters',
    {
      schema: {
        tags,
        summary:
          "Set a service's parameters and the countries offered for each (a key per parameter asked: applyingFrom, citizenship, destination)",
        params: idParams,
        body: serviceParametersSchema,
        response: { 200: editAnswer },
      },
    },
    async (request) => {
      const outcome = valueOrThrow(await admin.updateParameters(actor(request), request.params.id, request.body));
      return ok(outcome, outcome.changed.length ? CATALOG_MESSAGES.saved : 'Nothing changed');
    },
  );

  /** Path, summary, the removal, and the refusals it gives beside those the declaration derives. */
  const removals: [string, string, typeof admin.removePrice, ReturnType<typeof refusals>?][] = [
    [
      '/admin/catalog/services/:id',
      'Remove a service: archived (off the site) when orders name it, else deleted',
      admin.removeService,
    ],
    [
      '/admin/catalog/packages/:id',
      'Remove a package: archived (off the site) when orders name it, else deleted',
      admin.removePackage,
    ],
    [
      '/admin/catalog/prices/:id',
      'Delete a price row no order was started with (409 when one was: who may join an order is checked against its row)',
      admin.removePrice,
      refusals(409),
    ],
    ['/admin/catalog/process-steps/:id', 'Delete a process step or section', admin.removeProcessStep],
    ['/admin/catalog/timeline/:id', 'Delete a package timeline entry', admin.removeTimelineEntry],
    ['/admin/catalog/faqs/:id', 'Delete a FAQ (a service’s or general)', admin.removeFaq],
    [
      '/admin/catalog/package-texts/:id',
      "Delete a package's text for one choice (its pages show the general text)",
      admin.removePackageText,
    ],
  ];
  for (const [path, summary, removeOne, refused = {}] of removals) {
    app.delete(
      path,
      { schema: { tags, summary, params: idParams, response: { 200: envelopeSchema(removalSchema), ...refused } } },
      async (request) => {
        const removal = valueOrThrow(await removeOne(actor(request), request.params.id));
        return ok(
          removal,
          removal.outcome === 'deleted'
            ? CATALOG_CREATE_MESSAGES.deleted
            : CATALOG_CREATE_MESSAGES.archived(removal.orders),
        );
      },
    );
  }
};
