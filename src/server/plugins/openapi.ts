import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { failEnvelopeSchema } from '../http/error-responses.ts';
import {
  type OperationContract,
  operationContract,
  REFUSAL_DESCRIPTIONS,
  SECURITY_SCHEMES,
} from './openapi-contract.ts';
import { bodyExample, type JsonSchema, parameterExamples } from './openapi-examples.ts';

/**
 * Whether a route is an operation of the JSON API. The document describes the API under /api
 * only: the page handler (`/*`), the API's not-found catch-all (`/api/*`), the SEO files and the
 * docs' own routes are left out (a wildcard is not a valid OpenAPI path either).
 */
export function isDocumentedRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.includes('*');
}

/** The API's operations as registered, each with the scope it was registered in (its hooks). */
export interface ApiOperations {
  /** The contract of the operation Fastify routed `method` `url` (its route pattern) to, if documented. */
  contractOf(method: string, url: string): (OperationContract & { route: RouteOptions }) | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiOperations: ApiOperations;
  }
}

/** The descriptions of the document's tags, one per module. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  admin:
    'The back office: staff (orders, refunds, messages) and admins (users, catalog, coupons, countries, forms, content, audit log)',
  'application forms': 'Each member’s application form: its definition, answers and autosave',
  applications: 'Service applications: start, members, answers, submission, cancellation',
  auth: 'Accounts: sign-up, e-mail verification, sign-in and out, password reset, the human check',
  catalog: 'Services, packages, prices per country, add-ons, steps and FAQs',
  checkout: 'Coupons and the checkout of a service application',
  contact: 'The contact form and call-back requests',
  content: 'Articles, terms, privacy and the about page',
  countries: 'The countries customers apply from',
  dev: 'The dev mailbox (embedded mode only, from this machine only)',
  documents: 'Documents uploaded for an application and those staff send',
  health: 'Liveness and database reachability',
  marketing: 'Offers, banners, partners and team members shown on the site',
  notifications: 'The signed-in customer’s notifications',
  orders: 'Every order’s history, cost summary, add-ons, coupon and payment, whatever its kind',
  payments: 'Payment providers: starting and confirming a payment, their webhooks',
  photos: 'SevaPhotos: photo checks, photo orders, prints and downloads',
  referrals: 'The signed-in customer’s referrals',
  refunds: 'Refund requests',
  users: 'The signed-in customer’s profile, password and address book',
};

const STATUS_DESCRIPTIONS: Record<number, string> = {
  200: 'Success',
  201: 'Created',
  204: 'No content',
  304: 'Not modified: the ETag sent in If-None-Match is still current',
};

function describeStatus(status: number): string {
  return STATUS_DESCRIPTIONS[status] ?? REFUSAL_DESCRIPTIONS[status] ?? (status < 400 ? 'Success' : 'Refused');
}

const RATE_LIMIT_HEADERS = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' },
  'x-ratelimit-limit': { type: 'integer', description: 'Requests allowed in the window (on limits counted by route)' },
  'x-ratelimit-remaining': { type: 'integer', description: 'Requests left in the window' },
  'x-ratelimit-reset': { type: 'integer', description: 'Seconds until the window starts again' },
};

/** Adds examples to the JSON schemas of the route's parameters and body, where one is found. */
function addExamples(json: Record<string, JsonSchema | undefined>, zodSchemas: Record<string, unknown>): void {
  for (const part of ['params', 'querystring', 'headers'] as const) {
    const schema = json[part];
    const zodSchema = zodSchemas[part] as z.ZodType | undefined;
    if (!schema?.properties || !zodSchema) continue;
    const examples = parameterExamples(schema, zodSchema);
    for (const [name, value] of Object.entries(examples)) {
      const property = schema.properties[name];
      if (property && !property.examples) schema.properties[name] = { ...property, examples: [value] };
    }
  }
  const body = json.body;
  const zodBody = zodSchemas.body as z.ZodType | undefined;
  if (body && zodBody && !body.examples) {
    const example = bodyExample(body, zodBody);
    if (example !== null) json.body = { ...body, examples: [example] };
  }
}

/**
 * Registers the API document's generator before the routes (decision 0112-api-contract): each
 * route's zod schemas become its operation, completed from its declaration by its contract
 * (openapi-contract.ts): operationId, tag, security, every status it can answer with the failure
 * envelope for the refusals, and examples. OpenAPI 3.1, so zod's JSON Schema (2020-12) is the
 * document's own dialect, nullable types included. The document and its UI are served by
 * registerApiDocs.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const scopes = new WeakMap<object, FastifyInstance>();
  const routes = new Map<string, RouteOptions>();
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    scopes.set(route, this);
    // HEAD answers as its GET twin does; the document lists the GET (swagger's default).
    if (!isDocumentedRoute(route.url) || route.schema?.hide || route.method === 'HEAD') return;
    for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route);
  });
  const contracts = new Map<RouteOptions, OperationContract>();
  const contractOfRoute = (route: RouteOptions): OperationContract => {
    let contract = contracts.get(route);
    if (!contract) {
      contract = operationContract(route, scopes.get(route) ?? app);
      contracts.set(route, contract);
    }
    return contract;
  };
  app.decorate('apiOperations', {
    contractOf(method: string, url: string) {
      const route = routes.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);
      return route ? { ...contractOfRoute(route), route } : null;
    },
  });

  const transform: SwaggerTransform = (input) => {
    if (!isDocumentedRoute(input.url) || input.schema?.hide) {
      return { schema: { ...input.schema, hide: true }, url: input.url };
    }
    const route = input.route as RouteOptions;
    const contract = contractOfRoute(route);
    const zodSchema = (input.schema ?? {}) as Record<string, unknown>;
    const declared = (zodSchema.response ?? {}) as Record<string, unknown>;
    const schema = {
      ...zodSchema,
      operationId: contract.operationId,
      tags: [contract.tag],
      security: contract.security,
      response: {
        ...declared,
        ...Object.fromEntries(
          contract.derived.filter((status) => status >= 400).map((status) => [status, failEnvelopeSchema]),
        ),
      },
    };
    const result = jsonSchemaTransform({ ...input, schema } as Parameters<typeof jsonSchemaTransform>[0]);
    const json = result.schema as Record<string, unknown>;
    const responses = json.response as Record<string, Record<string, unknown>>;
    // A 304 has no body (swagger leaves a `null` schema without content).
    if (contract.derived.includes(304)) responses['304'] = { type: 'null' };
    for (const [status, response] of Object.entries(responses)) {
      const code = Number(status);
      responses[status] = {
        ...response,
        description: (response.description as string | undefined) ?? describeStatus(code),
        ...(code === 429 ? { headers: RATE_LIMIT_HEADERS } : {}),
      };
    }
    addExamples(json as Record<string, JsonSchema | undefined>, zodSchema);
    return result;
  };

  /** The tags every operation uses, each described. */
  const transformObject: SwaggerTransformObject = (documentObject) => {
    const openapiObject = 'openapiObject' in documentObject ? documentObject.openapiObject : {};
    const document = openapiObject as {
      paths?: Record<string, Record<string, { tags?: string[]; requestBody?: { required?: boolean } }>>;
    };
    // swagger marks every body required; a route whose body may be left out (`.nullish()`, such as
    // starting a payment with the default provider) says so, or a checking client refuses the call.
    for (const [key, route] of routes) {
      const body = route.schema?.body as z.ZodType | undefined;
      if (!body?.safeParse(undefined).success) continue;
      const [method = '', url = ''] = key.split(' ');
      const operation = document.paths?.[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      if (operation?.requestBody) operation.requestBody.required = false;
    }
    const used = new Set(
      Object.values(document.paths ?? {}).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])),
    );
    return {
      ...openapiObject,
      tags: [...used].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name} module` })),
    };
  };

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SevaDocs API',
        version: '1.0.0',
        description:
          'Storefront API. Every answer uses the envelope { isSuccess, statusCode, message, data } (a refusal adds `errors`, field by field); see the README’s API section.',
      },
      servers: [{ url: new URL(app.env.siteUrl).origin, description: 'This server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform,
    transformObject,
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
