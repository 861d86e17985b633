import type { FastifyPluginAsync } from 'fastify';
import { fail } from '../../../domain/api/envelope.ts';
import { storedTypeOfKey } from '../../storage/keys.ts';

/**
 * Serves the images admins upload (banners, decision 0072; partner logos and team photos, decision
 * 0075) at `/media/uploads/ab/ab….jpg`, where `mediaUrl('uploads/ab/ab….jpg')` points. The file
 * storage also holds customers' private documents, so a key is served only while a banner, a
 * partner or a team member shows it: knowing or guessing another key
 * (a customer's upload) gets the same 404 as a key that does not exist. Images only, with headers
 * that keep them images: their stored type, `nosniff`, a CSP that runs nothing.
 */
export const marketingMediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { shard: string; file: string } }>('/media/uploads/:shard/:file', async (request, reply) => {
    const key = `${request.params.shard}/${request.params.file}`;
    const type = storedTypeOfKey(key);
    const notFound = () => reply.status(404).send(fail(404, 'Not found'));
    if (type !== 'image/jpeg' && type !== 'image/png') return notFound();
    const { marketing, content } = app.services;
    if (!(await marketing.isPublicImage(key)) && !(await content.isPublicImage(key))) return notFound();
    const stored = await app.storage.get(key);
    if (!stored) return notFound();
    return reply
      .header('content-type', stored.contentType)
      .header('content-length', stored.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'public, max-age=300')
      .send(stored.stream);
  });
};
