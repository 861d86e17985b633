import type { FastifyInstance, RouteOptions } from 'fastify';
import { routeTraits } from '../http/route-traits.ts';

/**
 * What one API operation promises (issue 33 §1, decision 0112-api-contract), worked out from the
 * route as it is declared (its method, path, schemas, config and guarding hooks), never written
 * beside it: the API document is built from it and, in the tests, every answer is checked against
 * it (plugins/answer-check.ts).
 */
export interface OperationContract {
  operationId: string;
  tag: string;
  /**
   * Empty for a public operation; otherwise a bearer token or the session cookie, led by `{}`
   * (none) where the operation takes either but needs neither.
   */
  security: Record<string, string[]>[];
  /** Every status the operation may answer: the route's own response schemas and the refusals it can give. */
  statuses: number[];
  /**
   * The statuses it gives beyond what the route's `response` declares: refusals (their body the
   * failure envelope) and 304 (no body) where the route answers conditional reads.
   */
  derived: number[];
}

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token `POST /api/v1/auth/signin` answers in `data`: `Authorization: Bearer <token>`',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sevadocs_session',
    description:
      'The httpOnly cookie sign-in sets in a browser; a POST, PUT, PATCH or DELETE carrying it must come from this site (Origin or Referer), or it is refused with 403',
  },
} as const;

/** What each refusal means on any operation that can give it. */
export const REFUSAL_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed: `errors` names each field the server refused (a path parameter, a query value, a body field)',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in without the role this operation needs, or a cookie-signed change from another site',
  404: 'Nothing of yours by that name (another customer’s record answers the same as none)',
  408: 'The request body did not arrive in time',
  409: 'The record is not in a state that allows this (already paid, already decided, taken)',
  410: 'Gone: the link or record has expired',
  413: 'The request body is larger than this operation accepts',
  415: 'The request body’s content type is not one this operation reads',
  422: 'Understood but refused by the rules of the record',
  429: 'Too many requests: wait the seconds the `Retry-After` header gives',
  500: 'Something failed on the server; the details stay in its log',
  502: 'The payment provider or another service behind this one failed',
  503: 'A service this operation needs is unavailable for now, or this server is restarting; try again later (after the seconds a `Retry-After` header gives)',
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { sessionCookie: [] }];
const SESSION_OPTIONAL: Record<string, string[]>[] = [{}, ...SIGNED_IN];

/** `/api/v1/orders/:orderRef/cost-summary`, PUT → `putOrdersByOrderRefCostSummary`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/v\d+)?\//, '')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...splitWords(segment.slice(1))] : splitWords(segment)));
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

function splitWords(segment: string): string[] {
  return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

/** The module an operation belongs to, when the route names no tag: its path's first segment after /api/v1 (and /admin). */
function moduleOf(url: string): string {
  const segments = url.replace(/^\/api(\/v\d+)?\//, '').split('/');
  return (segments[0] === 'admin' ? segments[1] : segments[0]) ?? 'api';
}

/** What a route's `config` may say for its contract. */
export interface RouteMarks {
  /** Answers 304 to an If-None-Match holding its current ETag (plugins/json-response-cache.ts). */
  answersNotModified?: boolean;
  /**
   * Uses the caller's session when there is one and answers without (sign-out ends it, the
   * referral page shows its code): no guard hook tells, so the route says it, and a client
   * generated from the document then sends its credentials.
   */
  sessionOptional?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteMarks {}
}

type Route = Pick<
  RouteOptions,
  'method' | 'url' | 'schema' | 'config' | 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler'
>;

/** The operation's contract, from the route and the scope it was registered in. */
export function operationContract(route: Route, scope: FastifyInstance): OperationContract {
  const method = String(route.method).toUpperCase();
  const marks = route.config as RouteMarks | undefined;
  const traits = routeTraits(scope, route);
  const signedIn = traits.some((trait) => trait.kind === 'signed-in' || trait.kind === 'role');
  const role = traits.some((trait) => trait.kind === 'role');
  const rateLimited =
    traits.some((trait) => trait.kind === 'rate-limited') ||
    Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const declared = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {})
    .map(Number)
    .filter(Number.isInteger);

  // Every API request passes the input guard (a NUL character anywhere is a 400), the error
  // handler, and the refusal of a process that is shutting down (http/closing.ts).
  const refusals = new Set([400, 500, 503]);
  const namesResource = route.url.includes(':');
  if (namesResource) refusals.add(404);
  if (signedIn) refusals.add(401);
  if (role) refusals.add(403);
  if (STATE_CHANGING.has(method)) {
    // A cookie-signed change from another site; a body too slow, too large or of a type not read.
    for (const status of [403, 408, 413, 415]) refusals.add(status);
    // A change to a named record its state may not allow (already paid, decided, submitted).
    if (namesResource) refusals.add(409);
  }
  if (rateLimited) refusals.add(429);
  if ((method === 'GET' || method === 'HEAD') && marks?.answersNotModified) {
    refusals.add(304);
  }
  const derived = [...refusals].filter((status) => !declared.includes(status)).sort((a, b) => a - b);
  const tags = route.schema?.tags as string[] | undefined;
  return {
    operationId: operationIdOf(method, route.url),
    tag: tags?.[0] ?? moduleOf(route.url),
    security: signedIn ? SIGNED_IN : marks?.sessionOptional ? SESSION_OPTIONAL : [],
    statuses: [...new Set([...declared, ...derived])].sort((a, b) => a - b),
    derived,
  };
}
