import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTICLE_MESSAGES as A,
  aboutBlockFormSchema,
  adminAboutBlockSchema,
  adminArticleSchema,
  adminTeamMemberSchema,
  adminTermSectionSchema,
  articleEditSchema,
  articleFormSchema,
  articlePublishSchema,
  CONTENT_MESSAGES as M,
  positionPatchSchema,
  TEAM_MESSAGES,
  teamMemberEditSchema,
  teamMemberFormSchema,
  termSectionEditSchema,
  termSectionFormSchema,
} from '../../../domain/admin/content.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { policyTermSchema } from '../../../domain/content/schemas.ts';
import { contentImageRoutes } from '../../http/content-image-route.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { auditActor } from '../../plugins/session.ts';
import type { ContentAdminResult } from './admin.ts';

const resultValue = <T>(result: ContentAdminResult<T>): T => {
  if (!result.ok) throw new HttpError(result.status, result.message);
  return result.value;
};

/**
 * The back office's articles and policy sections (issue 13 item 5, decision 0072), and the About
 * page's team members and text (decision 0075), for admins.
 */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app.services;
  const tags = ['admin'];
  const article = envelopeSchema(adminArticleSchema);

  app.get(
    '/admin/articles',
    {
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
      // 409: the article's address is taken.
      schema: {
        tags,
        summary: 'Write an article (Markdown)',
        body: articleFormSchema,
        response: { 201: article, ...refusals(409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(resultValue(await content.createArticle(auditActor(request), request.body)), M.created, 201)),
  );
  app.put(
    '/admin/articles/:id',
    {
      // 409: the address is taken, or the article has changed since `updatedAt`.
      schema: {
        tags,
        summary: 'Change an article',
        params: idParams,
        body: articleEditSchema,
        response: { 200: article, ...refusals(409) },
      },
    },
    async (request) =>
      ok(resultValue(await content.editArticle(auditActor(request), request.params.id, request.body)), M.saved),
  );
  app.patch(
    '/admin/articles/:id',
    {
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
        resultValue(await content.publishArticle(auditActor(request), request.params.id, request.body.isPublished)),
        M.saved,
      ),
  );
  app.delete(
    '/admin/articles/:id',
    {
      schema: { tags, summary: 'Delete an article', params: idParams, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const result = await content.deleteArticle(auditActor(request), request.params.id);
      if (!result.ok) throw new HttpError(404, A.notFound);
      return ok(null, M.deleted);
    },
  );

  const section = envelopeSchema(adminTermSectionSchema);
  app.get(
    '/admin/terms',
    {
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
            resultValue(await content.createTermSection(auditActor(request), request.params.id, request.body)),
            M.created,
            201,
          ),
        ),
  );
  app.put(
    '/admin/term-sections/:id',
    {
      // 409: the section has changed since `updatedAt`.
      schema: {
        tags,
        summary: 'Change a policy section (heading, text, order)',
        params: idParams,
        body: termSectionEditSchema,
        response: { 200: section, ...refusals(409) },
      },
    },
    async (request) =>
      ok(resultValue(await content.editTermSection(auditActor(request), request.params.id, request.body)), M.saved),
  );
  app.delete(
    '/admin/term-sections/:id',
    {
      schema: {
        tags,
        summary: 'Remove a policy section',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) =>
      ok(resultValue(await content.deleteTermSection(auditActor(request), request.params.id)), M.deleted),
  );

  const member = envelopeSchema(adminTeamMemberSchema);
  app.get(
    '/admin/team-members',
    {
      schema: {
        tags,
        summary: 'The About page’s team members, in display order',
        response: { 200: envelopeSchema(z.array(adminTeamMemberSchema)) },
      },
    },
    async () => ok(await content.adminListTeam()),
  );
  app.post(
    '/admin/team-members',
    {
      schema: { tags, summary: 'Add a team member', body: teamMemberFormSchema, response: { 201: member } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await content.createTeamMember(auditActor(request), request.body), M.created, 201)),
  );
  app.put(
    '/admin/team-members/:id',
    {
      // 409: the member has changed since `updatedAt`.
      schema: {
        tags,
        summary: 'Change a team member',
        params: idParams,
        body: teamMemberEditSchema,
        response: { 200: member, ...refusals(409) },
      },
    },
    async (request) =>
      ok(resultValue(await content.editTeamMember(auditActor(request), request.params.id, request.body)), M.saved),
  );
  app.patch(
    '/admin/team-members/:id',
    {
      schema: {
        tags,
        summary: 'Move a team member',
        params: idParams,
        body: positionPatchSchema,
        response: { 200: member },
      },
    },
    async (request) =>
      ok(
        resultValue(await content.moveTeamMember(auditActor(request), request.params.id, request.body.position)),
        M.saved,
      ),
  );
  app.delete(
    '/admin/team-members/:id',
    {
      schema: {
        tags,
        summary: 'Remove a team member',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) =>
      ok(resultValue(await content.deleteTeamMember(auditActor(request), request.params.id)), M.deleted),
  );
  await app.register(
    contentImageRoutes([
      {
        url: '/admin/team-members/:id/image',
        summary: "Upload the team member's photo",
        record: adminTeamMemberSchema,
        missing: TEAM_MESSAGES.notFound,
        exists: async (id) => Boolean(await content.adminGetTeamMember(id)),
        save: content.setTeamMemberImage,
      },
    ]),
  );

  const block = envelopeSchema(adminAboutBlockSchema);
  app.get(
    '/admin/about-blocks',
    {
      schema: {
        tags,
        summary: 'The About page’s blocks (Our Story, Our Vision, What Defines Us), in page order',
        response: { 200: envelopeSchema(z.array(adminAboutBlockSchema)) },
      },
    },
    async () => ok(await content.adminListAboutBlocks()),
  );
  app.put(
    '/admin/about-blocks/:id',
    {
      // 409: the block has changed since `updatedAt`.
      schema: {
        tags,
        summary: 'Change an About page block’s title, text or order',
        params: idParams,
        body: aboutBlockFormSchema,
        response: { 200: block, ...refusals(409) },
      },
    },
    async (request) =>
      ok(resultValue(await content.editAboutBlock(auditActor(request), request.params.id, request.body)), M.saved),
  );
};
