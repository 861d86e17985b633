import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import {
  faqSchema,
  parameterChoicesQuery,
  parameterSetSchema,
  pricedPackageSchema,
  processStepSchema,
  servicePageContentSchema,
  timelineEntrySchema,
} from '../../../domain/catalog/catalog-content.ts';
import { noPackagesMessage } from '../../../domain/catalog/messages.ts';
import { serviceDetailSchema } from '../../../domain/catalog/service-detail.ts';
import { serviceSummarySchema } from '../../../domain/catalog/service-summary.ts';
import { PLATFORMS } from '../../../domain/config/platform.ts';
import { BRANDS } from '../../../domain/config/site.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError } from '../../http/errors.ts';
import { createJsonResponseCache } from '../../plugins/json-response-cache.ts';

/** A database id in a path or query: a whole number from 1 to 2^31 − 1. */
function idSchema(name: string) {
  return z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(2_147_483_647, `${name} is too large`);
}

const serviceIdParams = z.object({ id: idSchema('id') });
const packageIdParams = z.object({ id: idSchema('id') });

/** A plain list answered whole: the list envelope with page 1 and every item. */
function whole<T>(results: T[]) {
  return { results, totalCount: results.length, page: 1, limit: Math.max(results.length, 1) };
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reads are answered from serialised, compressed bodies while the catalog snapshot they were
  // made from is current (a change to the catalog makes a new snapshot).
  const cache = createJsonResponseCache({ scope: app });
  const cachedRead = async (request: FastifyRequest, reply: FastifyReply, produce: () => unknown) =>
    cache.send(request, reply, await app.services.catalog.version(), produce);

  app.get(
    '/services',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List the active services',
        querystring: paginationQuery,
        response: { 200: listEnvelopeSchema(serviceSummarySchema) },
      },
    },
    async (request, reply) =>
      cachedRead(request, reply, async () => ok(await app.services.catalog.listServices(request.query))),
  );

  app.get(
    '/services/platform',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "The active services of one platform (query `platform`, else the `x-platform` header, else 'sevadocs')",
        querystring: z.object({
          platform: z
            .enum([PLATFORMS.docs, PLATFORMS.photos], { error: "platform must be 'sevadocs' or 'sevaphotos'" })
            .optional(),
        }),
        headers: z.object({ 'x-platform': z.string().optional() }),
        response: { 200: listEnvelopeSchema(serviceSummarySchema) },
      },
    },
    async (request) => {
      const header = request.headers['x-platform'];
      const platform = request.query.platform ?? (header === PLATFORMS.photos ? PLATFORMS.photos : PLATFORMS.docs);
      const brand = platform === PLATFORMS.photos ? BRANDS.photos : BRANDS.docs;
      return ok(whole(await app.services.catalog.listServicesByBrand(brand)));
    },
  );

  app.get(
    '/services/slug/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One service with its packages and prices',
        params: z.object({
          slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'slug must be lowercase letters, digits and hyphens'),
        }),
        response: { 200: envelopeSchema(serviceDetailSchema) },
      },
    },
    async (request, reply) =>
      cachedRead(request, reply, async () => {
        const service = await app.services.catalog.getServiceBySlug(request.params.slug);
        if (!service) throw new HttpError(404, `No service found for '${request.params.slug}'`);
        return ok(service);
      }),
  );

  app.get(
    '/services/slug/:slug/content',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Everything a service page shows: the service, packages, steps, sections, timelines and FAQs',
        params: z.object({
          slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'slug must be lowercase letters, digits and hyphens'),
        }),
        response: { 200: envelopeSchema(servicePageContentSchema) },
      },
    },
    async (request, reply) =>
      cachedRead(request, reply, async () => {
        const page = await app.services.catalog.getServicePage(request.params.slug);
        if (!page) throw new HttpError(404, `No service found for '${request.params.slug}'`);
        return ok(page);
      }),
  );

  app.post(
    '/packages/:serviceId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The packages of a service priced for the choices citizenship, applyingFrom, destination',
        description:
          'Choices are two-letter country codes. A choice the service does not ask for is ignored; a missing one takes the first option of the service; a choice outside its options leaves no package (data = [], with the message of SPEC.md §8).',
        params: z.object({ serviceId: idSchema('serviceId') }),
        querystring: parameterChoicesQuery,
        response: { 200: envelopeSchema(z.array(pricedPackageSchema)) },
      },
    },
    async (request, reply) =>
      cachedRead(request, reply, async () => {
        const priced = await app.services.catalog.getPackagesForChoices(request.params.serviceId, request.query);
        if (!priced) throw new HttpError(404, `No service found with id ${request.params.serviceId}`);
        return ok(priced.packages, priced.packages.length ? 'Success' : noPackagesMessage(priced.service.name));
      }),
  );

  app.get(
    '/packages/parameters',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Each service parameter with its label and the countries on offer (one service, or all)',
        querystring: z.object({ serviceId: idSchema('serviceId').optional() }),
        // 404: an unknown service.
        response: { 200: envelopeSchema(parameterSetSchema), ...refusals(404) },
      },
    },
    async (request, reply) =>
      cachedRead(request, reply, async () => {
        const { serviceId } = request.query;
        const set = await app.services.catalog.getParameters(serviceId);
        if (!set) throw new HttpError(404, `No service found with id ${serviceId}`);
        return ok(set);
      }),
  );

  const stepList = listEnvelopeSchema(processStepSchema);
  const processRoutes = [
    [
      '/package-process/process-steps/package/:id',
      'package',
      'step',
      "A package's numbered steps (its own, else its service's)",
    ],
    [
      '/package-process/process/package/:id',
      'package',
      'detail',
      "A package's process sections (its service's, then its own)",
    ],
    ['/service-process/process-steps/service/:id', 'service', 'step', "A service's numbered steps"],
    ['/service-process/process/service/:id', 'service', 'detail', "A service's process sections"],
  ] as const;
  for (const [path, owner, kind, summary] of processRoutes) {
    app.get(
      path,
      {
        schema: {
          tags: ['catalog'],
          summary,
          params: owner === 'package' ? packageIdParams : serviceIdParams,
          response: { 200: stepList },
        },
      },
      async (request, reply) =>
        cachedRead(request, reply, async () => {
          const { id } = request.params;
          const steps =
            owner === 'package'
              ? await app.services.catalog.getPackageProcess(id, kind)
              : await app.services.catalog.getServiceProcess(id, kind);
          if (!steps) throw new HttpError(404, `No ${owner} found with id ${id}`);
          return ok(whole(steps));
        }),
    );
  }

  app.get(
    '/package-timeline/package/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'What happens when after payment, for one package',
        params: packageIdParams,
        response: { 200: listEnvelopeSchema(timelineEntrySchema) },
      },
    },
    async (request, reply) =>
      cachedRead(request, reply, async () => {
        const timeline = await app.services.catalog.getPackageTimeline(request.params.id);
        if (!timeline) throw new HttpError(404, `No package found with id ${request.params.id}`);
        return ok(whole(timeline));
      }),
  );

  app.get(
    '/faq/service',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every active FAQ: general ones (serviceId null) first, then by service',
        querystring: z.object({
          general: z
            .enum(['true', 'false'], { error: "general must be 'true' or 'false'" })
            .optional()
            .describe('true: only the general questions'),
        }),
        response: { 200: listEnvelopeSchema(faqSchema) },
      },
    },
    async (request, reply) =>
      cachedRead(request, reply, async () => {
        const faqs = await app.services.catalog.listFaqs(request.query.general === 'true' ? null : undefined);
        return ok(whole(faqs ?? []));
      }),
  );

  app.get(
    '/faq/service/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: "One service's FAQs",
        params: serviceIdParams,
        response: { 200: listEnvelopeSchema(faqSchema) },
      },
    },
    async (request, reply) =>
      cachedRead(request, reply, async () => {
        const faqs = await app.services.catalog.listFaqs(request.params.id);
        if (!faqs) throw new HttpError(404, `No service found with id ${request.params.id}`);
        return ok(whole(faqs));
      }),
  );
};
