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

export const OPENAPI_JSON_PATH = '/api/docs/json';

/**
 * OpenAPI document built from the routes' zod schemas at /api/docs/json, browsable at /api/docs
 * outside a production deployment (the UI is a tool for developers, not for the public).
 */
export async function registerOpenApi(app: FastifyInstance, { ui }: { ui: boolean }) {
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
  if (ui) {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
    return;
  }
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
