import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import { BRANDS, type Brand } from '../../../domain/config/site.ts';
import {
  ARTICLE_SLUG_PATTERN,
  aboutSchema,
  articleSchema,
  articleSummarySchema,
  brandContentSchema,
  policyTermSchema,
  referEarnSchema,
} from '../../../domain/content/schemas.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError } from '../../http/errors.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/about',
    {
      schema: {
        tags: ['content'],
        summary: 'The About page: our story, team, vision and values',
        response: { 200: envelopeSchema(aboutSchema) },
      },
    },
    async () => ok(await app.services.content.getAbout()),
  );

  app.get(
    '/terms-condition/terms',
    {
      schema: {
        tags: ['content'],
        summary: 'The policy terms (Terms of Use, Privacy Policy and Cookies) with their sections',
        response: { 200: listEnvelopeSchema(policyTermSchema) },
      },
    },
    async () => {
      const results = await app.services.content.listTerms();
      return ok({ results, totalCount: results.length, page: 1, limit: Math.max(results.length, 1) });
    },
  );

  for (const brand of [BRANDS.docs, BRANDS.photos] satisfies Brand[]) {
    app.get(
      `/${brand.toLowerCase()}-content`,
      {
        schema: {
          tags: ['content'],
          summary: `Page content blocks of the ${brand} brand`,
          response: { 200: envelopeSchema(brandContentSchema) },
        },
      },
      async () => ok(await app.services.content.getBrandContent(brand)),
    );
  }

  app.get(
    '/refer-earn',
    {
      schema: {
        tags: ['content'],
        summary: 'The refer-a-friend programme, with the signed-in user’s own referral code and link',
        // 404: the programme's content is missing.
        response: { 200: envelopeSchema(referEarnSchema), ...refusals(404) },
      },
      // A visitor sees the programme without a code of their own.
      config: { sessionOptional: true },
    },
    async (request) => {
      const profile = request.viewer ? await app.services.users.getProfile(request.viewer.id) : null;
      const referEarn = await app.services.content.getReferEarn(profile);
      if (!referEarn) throw new HttpError(404, 'The referral programme is not available right now');
      return ok(referEarn);
    },
  );

  app.get(
    '/article',
    {
      schema: {
        tags: ['content'],
        summary: 'Published articles, newest first',
        querystring: paginationQuery,
        response: { 200: listEnvelopeSchema(articleSummarySchema) },
      },
    },
    async (request) => ok(await app.services.content.listArticles(request.query)),
  );

  app.get(
    '/article/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'One published article, its Markdown and its rendered HTML',
        params: z.object({
          slug: z
            .string()
            .max(160, 'slug must be at most 160 characters')
            .regex(ARTICLE_SLUG_PATTERN, 'slug must be lowercase letters, digits and hyphens'),
        }),
        response: { 200: envelopeSchema(articleSchema) },
      },
    },
    async (request) => {
      const article = await app.services.content.getArticle(request.params.slug);
      if (!article) throw new HttpError(404, `No article found for '${request.params.slug}'`);
      return ok(article);
    },
  );
};
