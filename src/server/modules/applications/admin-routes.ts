import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_FORM_MESSAGES as A,
  adminFormDetailSchema,
  adminFormSummarySchema,
  adminFormDraftSchema as draftSchema,
  formDraftBodySchema,
  QUESTION_IMPORT_LIMITS,
  questionsFromCsv,
  questionsFromJson,
  questionUploadQuery,
} from '../../../domain/admin/forms.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { HttpError, valueOrThrow } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { auditActor } from '../../plugins/session.ts';

/**
 * The back office's form builder (issue 13 item 4, decision 0073), admins only: a package's form
 * with its draft and versions, saving and checking a draft with the engine's definition schema,
 * publishing it as a new version, and importing questions from a CSV or JSON file.
 */
export const adminFormsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { forms } = app.services;

  // A CSV file arrives as text; this parser only serves this plugin's routes (Fastify encapsulation).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: QUESTION_IMPORT_LIMITS.bytesMax },
    (_req, body, done) => done(null, body),
  );

  app.get(
    '/admin/forms',
    {
      schema: {
        tags: ['admin'],
        summary: 'The package forms: newest version, packages using each, whether a draft waits',
        response: { 200: envelopeSchema(z.array(adminFormSummarySchema)) },
      },
    },
    async () => ok(await forms.adminList()),
  );

  app.get(
    '/admin/packages/:id/form',
    {
      schema: {
        tags: ['admin'],
        summary: "A package's form: the newest version, the draft and the version history",
        params: idParams,
        response: { 200: envelopeSchema(adminFormDetailSchema) },
      },
    },
    async (request) => {
      const detail = await forms.adminGet(request.params.id);
      if (!detail) throw new HttpError(404, A.notFound);
      return ok(detail);
    },
  );

  app.post(
    '/admin/packages/:id/form/check',
    {
      schema: {
        tags: ['admin'],
        summary: 'Check a definition with the form engine (400 with a message per problem); stores nothing',
        params: idParams,
        body: formDraftBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      valueOrThrow(await forms.adminCheck(request.params.id, request.body.definition));
      return ok(null, A.valid);
    },
  );

  app.put(
    '/admin/packages/:id/form/draft',
    {
      schema: {
        tags: ['admin'],
        summary: "Save the package form's draft once the form engine accepts it",
        params: idParams,
        body: formDraftBodySchema,
        response: { 200: envelopeSchema(draftSchema) },
      },
    },
    async (request) => {
      const draft = valueOrThrow(
        await forms.saveDraft(auditActor(request), request.params.id, request.body.definition),
      );
      return ok(draft, A.draftSaved);
    },
  );

  app.delete(
    '/admin/packages/:id/form/draft',
    {
      schema: {
        tags: ['admin'],
        summary: 'Discard the draft',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      valueOrThrow(await forms.discardDraft(request.params.id));
      return ok(null, A.draftDiscarded);
    },
  );

  app.post(
    '/admin/packages/:id/form/publish',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publish the draft as the next version (new orders use it; earlier orders keep theirs)',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ id: z.number(), version: z.number() })) },
      },
    },
    async (request) => {
      const published = valueOrThrow(await forms.publish(auditActor(request), request.params.id));
      return ok(published, A.published(published.version));
    },
  );

  app.post(
    '/questions/upload',
    {
      bodyLimit: QUESTION_IMPORT_LIMITS.bytesMax,
      schema: {
        tags: ['admin'],
        summary:
          "SPEC.md §7 /questions/upload: append a CSV (text/csv) or JSON ({ questions }) file's questions to a section of the package's draft, all or nothing",
        querystring: questionUploadQuery,
        response: { 200: envelopeSchema(z.object({ added: z.number(), draft: draftSchema })) },
      },
    },
    async (request) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      let parsed: ReturnType<typeof questionsFromCsv>;
      if (type === 'text/csv' && typeof request.body === 'string') parsed = questionsFromCsv(request.body);
      else if (type === 'application/json') parsed = questionsFromJson(request.body);
      else throw new HttpError(415, 'Send the questions as text/csv or application/json.');
      const result = valueOrThrow(await forms.importQuestions(auditActor(request), request.query, parsed));
      return ok(result, A.imported(result.added));
    },
  );
};
