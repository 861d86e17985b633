import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Whether a route is an operation of the JSON API. The document describes the API under /api
 * only: the page handler (`/*`), the API's not-found catch-all (`/api/*`), the SEO files and the
 * docs' own routes are left out (a wildcard is not a valid OpenAPI path either).
 */
export function isDocumentedRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.includes('*');
}

const transform: SwaggerTransform = (input) => {
  if (!isDocumentedRoute(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
  return jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
};

/**
 * Collects every route's zod schemas into the OpenAPI document: registered before the routes.
 * The document and its UI are served by registerApiDocs.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SevaDocs API',
        version: '1.0.0',
        description: 'Storefront API. Every response uses the envelope { isSuccess, statusCode, message, data }.',
      },
      servers: [],
    },
    transform,
  });
}

/**
 * The document at /api/docs/json and its browsable UI at /api/docs. They map every operation,
 * the back office's included: open to anyone under `npm run dev` and in the tests, and for staff
 * only wherever the production build runs (`npm start`, a production deployment), checked on
 * arrival like the back office (401 for a visitor, 403 for a customer). Registered after the
 * session plugin, whose hook tells who is asking.
 */
export async function registerApiDocs(app: FastifyInstance, { staffOnly }: { staffOnly: boolean }) {
  await app.register(async (docs) => {
    if (staffOnly) docs.addHook('onRequest', docs.requireRole('staff'));
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  });
}
