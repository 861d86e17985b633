import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../domain/api/envelope.ts';
import { envelopeSchema } from '../../domain/api/pagination.ts';
import type { Env } from '../env.ts';
import { refusals } from '../http/error-responses.ts';
import { HttpError } from '../http/errors.ts';
import { withTrait } from '../http/route-traits.ts';
import { registerAnswerCheck, UNDOCUMENTED_ANSWERS_FILE } from './answer-check.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerOpenApi } from './openapi.ts';

/**
 * Issue 33 §2: a status an operation does not declare fails the tests. Planted routes answer
 * what their declaration allows and what it does not; the check lets the first through and turns
 * the second into a 500 naming it, written where the e2e teardown looks.
 */
let app: FastifyInstance;
let dataDir: string;

const data = envelopeSchema(z.object({ done: z.boolean() }));
const signedIn = withTrait(
  async (request: { headers: Record<string, unknown> }) => {
    if (!request.headers.authorization) throw new HttpError(401, 'Please sign in to continue.');
  },
  { kind: 'signed-in' },
);

const planted: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/planted/:id',
    { schema: { summary: 'Planted', params: z.object({ id: z.string().regex(/^\d+$/) }), response: { 200: data } } },
    async (request) => {
      if (request.params.id === '409') throw new HttpError(409, 'Already done');
      if (request.params.id === '418') throw new HttpError(418, 'A teapot');
      if (request.params.id === '404') throw new HttpError(404, 'Not found');
      return ok({ done: true });
    },
  );
  api.post(
    '/declared',
    { schema: { summary: 'Declares its conflict', response: { 200: data, ...refusals(409) } } },
    async () => {
      throw new HttpError(409, 'Already done');
    },
  );
  api.get('/guarded', { preHandler: signedIn, schema: { summary: 'Guarded', response: { 200: data } } }, async () =>
    ok({ done: true }),
  );
  api.get(
    '/unguarded',
    { schema: { summary: 'Answers 401 without declaring a guard', response: { 200: data } } },
    async () => {
      throw new HttpError(401, 'Please sign in to continue.');
    },
  );
  api.get(
    '/bare/:id',
    { schema: { summary: 'A bare 404 body', params: z.object({ id: z.string() }), response: { 200: data } } },
    // Past the typed reply on purpose: what a route that forgets the envelope would send.
    async (_request, reply) => (reply as FastifyReply).status(404).send('nothing here'),
  );
};

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sevadocs-answer-check-'));
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', { siteUrl: 'http://localhost:3000', dataDir } as Env);
  registerErrorHandler(app);
  registerAnswerCheck(app);
  await registerOpenApi(app);
  await app.register(planted, { prefix: '/api/v1' });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const logged = () => readFile(join(dataDir, UNDOCUMENTED_ANSWERS_FILE), 'utf8').catch(() => '');

describe('the answer check', () => {
  it('lets declared and derived answers through', async () => {
    expect((await app.inject({ url: '/api/v1/planted/1' })).statusCode).toBe(200);
    // Derived: a path parameter's rule (400) and its resource (404).
    expect((await app.inject({ url: '/api/v1/planted/x' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/v1/planted/404' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/v1/declared' })).statusCode).toBe(409);
    expect((await app.inject({ url: '/api/v1/guarded' })).statusCode).toBe(401);
    expect(await logged()).toBe('');
  });

  it('fails a planted undocumented status with a 500 naming it, and records it', async () => {
    for (const status of [409, 418]) {
      const res = await app.inject({ url: `/api/v1/planted/${status}` });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toContain(`GET /api/v1/planted/:id (getPlantedById) answered ${status}`);
    }
    const unguarded = await app.inject({ url: '/api/v1/unguarded' });
    expect(unguarded.statusCode).toBe(500);
    expect((await logged()).trim().split('\n')).toEqual([
      expect.stringContaining('(getPlantedById) answered 409'),
      expect.stringContaining('(getPlantedById) answered 418'),
      expect.stringContaining('(getUnguarded) answered 401'),
    ]);
  });

  it('fails a derived refusal whose body is not the failure envelope', async () => {
    const res = await app.inject({ url: '/api/v1/bare/1' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('not the failure envelope');
  });

  it('documents what it checks: the planted operations and their statuses', async () => {
    const doc = app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId: string; responses: object; security: unknown[] }>>;
    };
    const planted = doc.paths['/api/v1/planted/{id}']?.get;
    expect(planted?.operationId).toBe('getPlantedById');
    expect(Object.keys(planted?.responses ?? {})).toEqual(['200', '400', '404', '500', '503']);
    const declared = doc.paths['/api/v1/declared']?.post;
    expect(Object.keys(declared?.responses ?? {})).toEqual([
      '200',
      '400',
      '403',
      '408',
      '409',
      '413',
      '415',
      '500',
      '503',
    ]);
    expect(doc.paths['/api/v1/guarded']?.get?.security).toEqual([{ bearer: [] }, { sessionCookie: [] }]);
    expect(doc.paths['/api/v1/unguarded']?.get?.security).toEqual([]);
  });
});
