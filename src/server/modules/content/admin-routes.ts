import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTICLE_MESSAGES as A,
  adminArticleSchema,
  adminTermSectionSchema,
  articleFormSchema,
  articlePublishSchema,
  CONTENT_MESSAGES as M,
  termSectionFormSchema,
} from '../../../domain/admin/content.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { policyTermSchema } from '../../../domain/content/schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { currentUser } from '../../plugins/session.ts';
import type { ContentAdminResult } from './admin.ts';

const resultValue = <T>(result: ContentAdminResult<T>): T => {
  if (!result.ok) throw new HttpError(result.status, result.message);
  return result.value;
};

/** The back office's articles (issue 13 item 5, decision 0072), for admins. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app.services;
  const adminOnly = app.requireRole('admin');
  const tags = ['admin'];
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const { viewer } = currentUser(request);
    return { id: viewer.id, email: viewer.email };
  };
  const article = envelopeSchema(adminArticleSchema);

  app.get(
    '/admin/articles',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Every article, newest first',
        response: { 200: envelopeSchema(z.array(adminArticleSchema)) },
      },
    },
    async () => ok(await content.adminListArticles()),
  );
  app.post(
    '/admin/articles',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Write an article (Markdown)', body: articleFormSchema, response: { 201: article } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(resultValue(await content.createArticle(actorOf(request), request.body)), M.created, 201)),
  );
  app.put(
    '/admin/articles/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Change an article',
        params: idParams,
        body: articleFormSchema,
        response: { 200: article },
      },
    },
    async (request) =>
      ok(resultValue(await content.editArticle(actorOf(request), request.params.id, request.body)), M.saved),
  );
  app.patch(
    '/admin/articles/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Publish or withdraw an article',
        params: idParams,
        body: articlePublishSchema,
        response: { 200: article },
      },
    },
    async (request) =>
      ok(
        resultValue(await content.publishArticle(actorOf(request), request.params.id, request.body.isPublished)),
        M.saved,
      ),
  );
  app.delete(
    '/admin/articles/:id',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Delete an article', params: idParams, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const result = await content.deleteArticle(actorOf(request), request.params.id);
      if (!result.ok) throw new HttpError(404, A.notFound);
      return ok(null, M.deleted);
    },
  );

  const section = envelopeSchema(adminTermSectionSchema);
  app.get(
    '/admin/terms',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'The policy terms (Terms of Use, Privacy Policy and Cookies) with their sections',
        response: { 200: envelopeSchema(z.array(policyTermSchema)) },
      },
    },
    async () => ok(await content.listTerms()),
  );
  app.post(
    '/admin/terms/:id/sections',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Add a section to a policy term (Markdown)',
        params: idParams,
        body: termSectionFormSchema,
        response: { 201: section },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            resultValue(await content.createTermSection(actorOf(request), request.params.id, request.body)),
            M.created,
            201,
          ),
        ),
  );
  app.put(
    '/admin/term-sections/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Change a policy section (heading, text, order)',
        params: idParams,
        body: termSectionFormSchema,
        response: { 200: section },
      },
    },
    async (request) =>
      ok(resultValue(await content.editTermSection(actorOf(request), request.params.id, request.body)), M.saved),
  );
  app.delete(
    '/admin/term-sections/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Remove a policy section',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ok(resultValue(await content.deleteTermSection(actorOf(request), request.params.id)), M.deleted),
  );
};
