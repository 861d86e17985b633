// The load scenarios of `npm run bench`: one entry each. docs/decisions/0011-benchmarks.md
import type { Database } from '../src/server/db/client.ts';
import { AUTOSAVE_SESSIONS, autosaveBody, autosaveRequests } from './autosave.ts';
import { SEARCHED_EMAIL_PART, seedOrderQueue } from './order-queue.ts';
import { BROWSER_HEADERS } from './page-weight.ts';
import { webhookEvents } from './webhook.ts';

export interface ScenarioContext {
  baseUrl: string;
  /** `Cookie` header value of a verified user's live session, made before the server started. */
  sessionCookie: string;
  /** Every live session of that user (as many as the selected scenarios asked for); the first is sessionCookie. */
  sessionCookies: string[];
  /** `Cookie` header value of an ADMIN_EMAILS admin's live session (the back-office scenarios). */
  adminCookie: string;
  /** GET a JSON path on the running server (e.g. to find a real id); throws unless 2xx. */
  getJson(path: string): Promise<unknown>;
  /** Sends JSON (as the browser would, with `cookie`'s session if given); throws unless 2xx. */
  sendJson(method: 'POST' | 'PUT', path: string, body?: unknown, cookie?: string): Promise<unknown>;
}

/** One request of a rotation: its path, the headers it adds (e.g. another session's cookie) and its own body. */
export interface RotatingRequest {
  path: string;
  headers: Readonly<Record<string, string>>;
  body?: string;
}

export interface Scenario {
  name: string;
  /** The request path, or a function that finds one on the running server. */
  path: string | ((context: ScenarioContext) => Promise<string>);
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Request headers, or a function that makes them (e.g. with the session cookie). */
  headers?: Readonly<Record<string, string>> | ((context: ScenarioContext) => Readonly<Record<string, string>>);
  body?: string;
  /** Append a query string unique to every request: the page cache is keyed by URL, so every request renders. */
  uniqueQuery?: boolean;
  /** The bare-route ceiling that every other scenario is compared with (exactly one scenario). */
  ceiling?: boolean;
  /**
   * The health route a load balancer polls, the denominator of issue 29 §4's render target (exactly
   * one scenario); it runs whatever BENCH_ONLY selects, as the ceiling does.
   */
  health?: boolean;
  /** Fail the run when this scenario's p99 latency exceeds this multiple of the ceiling's p99. */
  maxP99Ratio?: number;
  /** Fail the run when this scenario's p99 latency exceeds this multiple of its own p50 (the tail). */
  maxP99ToP50?: number;
  /**
   * Fail the run when this scenario answers fewer requests per second. An absolute floor, valid on
   * the machine it was measured on when it is quiet (docs/decisions/0041-uncached-render-performance.md).
   */
  minRequestsPerSecond?: number;
  /** Fail the run when this scenario answers fewer requests per second than this share of the ceiling's in the same run. */
  minShareOfCeiling?: number;
  /** Fail the run when this scenario answers fewer requests per second than this share of the health route's in the same run. */
  minShareOfHealth?: number;
  /** Overrides BENCH_CONNECTIONS for this scenario. */
  connections?: number;
  /**
   * Requests taken in turn across all connections instead of `path` (each adds its headers to
   * `headers`): a rate limit per session or resource is then never what the run measures.
   */
  rotation?: (context: ScenarioContext) => Promise<RotatingRequest[]>;
  /** Live sessions of the visitor the scenario needs (ScenarioContext.sessionCookies). */
  sessions?: number;
  /** Writes the data the scenario needs before the server starts; scenarios sharing one run it once. */
  seed?: (db: Database) => Promise<void>;
}

/** What a browser sends with a fetch() to the API. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': BROWSER_HEADERS['user-agent'] ?? '',
};

/** What a browser sends when it navigates to a page. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...BROWSER_HEADERS,
  'accept-encoding': 'gzip, deflate, br, zstd',
};

/** The first service of the seeded catalog, for scenarios that need a real id or slug. */
export async function firstService(context: ScenarioContext): Promise<{ id: number; slug: string }> {
  const body = (await context.getJson('/api/v1/services?page=1&limit=1')) as {
    data: { results: { id: number; slug: string }[] };
  };
  const service = body.data.results[0];
  if (!service) throw new Error('the seeded catalog has no service');
  return service;
}

/** What a signed-in browser sends when it navigates to a page: the session cookie bypasses the page cache. */
export const signedInPageHeaders = (context: ScenarioContext): Readonly<Record<string, string>> => ({
  ...PAGE_HEADERS,
  cookie: context.sessionCookie,
});

/** An admin's fetch() to the back office's API. */
const adminApiHeaders = (context: ScenarioContext): Readonly<Record<string, string>> => ({
  ...API_HEADERS,
  cookie: context.adminCookie,
});

/**
 * Issue 9 §3, uncached server rendering (docs/decisions/0041-uncached-render-performance.md): a
 * page rendered under load waits at most 4× its own median, and renders at least twice as many
 * pages per second as the first measurement on the 2-core machine of DESIGN.md §4 (uncached home
 * 182 req/s, uncached service page 205 req/s): an absolute floor, as the ceiling swung between
 * 8,000 and 19,600 req/s from one run to the next on that machine. Issue 29 §4 adds a share
 * measured in the same run, ≥ 0.15 of the health route's req/s (the denominator,
 * `/api/v1/health`: docs/decisions/0124-render-share.md, 0126) and of the ceiling's (docs/decisions/0094-render-speed.md),
 * for the home and service pages and the signed-in dashboard.
 */
const UNCACHED_RENDER_TARGETS = { maxP99ToP50: 4, minShareOfCeiling: 0.15, minShareOfHealth: 0.15 } as const;

// A new scenario is one more entry; `firstService()` finds a real id or slug.
export const scenarios: Scenario[] = [
  // Registered by bench/bare-route.ts, preloaded into the server: Fastify plus the global hooks, no work.
  { name: 'bare route (ceiling)', path: '/__bench/bare', headers: API_HEADERS, ceiling: true },
  // The health route issue 29 §4 names, the denominator of its render targets: liveness plus one
  // statement to the database. The only health route when the issue was filed (its "today about
  // 0.10" was measured against it); /health/ready came later (issue 34), docs/decisions/0126.
  { name: 'GET /api/v1/health (health)', path: '/api/v1/health', headers: API_HEADERS, health: true },
  // Readiness, what a load balancer polls: one answer reused for a second, so it costs what the
  // bare route costs (0124 measured the renders against it).
  { name: 'GET /api/v1/health/ready', path: '/api/v1/health/ready', headers: API_HEADERS },
  { name: 'GET /api/v1/services', path: '/api/v1/services', headers: API_HEADERS },
  { name: 'GET /api/v1/country-codes', path: '/api/v1/country-codes', headers: API_HEADERS },
  { name: 'GET / (page cache)', path: '/', headers: PAGE_HEADERS },
  {
    name: 'GET / (uncached render)',
    path: '/',
    headers: PAGE_HEADERS,
    uniqueQuery: true,
    ...UNCACHED_RENDER_TARGETS,
    minRequestsPerSecond: 2 * 182,
  },
  // Issue 4: catalog reads come from the in-memory catalog and stay within 2× of the ceiling.
  {
    name: 'POST /api/v1/packages/{id}',
    method: 'POST',
    path: async (c) => `/api/v1/packages/${(await firstService(c)).id}?applyingFrom=US`,
    headers: API_HEADERS,
    maxP99Ratio: 2,
  },
  { name: 'GET /{service} (page cache)', path: async (c) => `/${(await firstService(c)).slug}`, headers: PAGE_HEADERS },
  {
    name: 'GET /{service}/{package}/{countries} (uncached render)',
    path: '/indian-visa/e-tourist-30-days/us-in',
    headers: PAGE_HEADERS,
    uniqueQuery: true,
    ...UNCACHED_RENDER_TARGETS,
    minRequestsPerSecond: 2 * 205,
  },
  // Issue 10: the form page's autosave, a member's whole answer set (docs/decisions/0051).
  {
    name: 'PUT …/members/{id}/form (autosave)',
    method: 'PUT',
    path: '/api/v1/application/order/{ref}/members/{id}/form',
    rotation: autosaveRequests,
    sessions: AUTOSAVE_SESSIONS,
    headers: (c) => ({ ...API_HEADERS, 'content-type': 'application/json', origin: c.baseUrl }),
    body: autosaveBody,
  },
  // Issue 11: a provider's burst of signed events at the one webhook inbox (docs/decisions/0055).
  {
    name: 'POST /api/v1/payments/webhooks/sandbox',
    method: 'POST',
    path: '/api/v1/payments/webhooks/sandbox',
    rotation: webhookEvents,
  },
  // A signed-in visitor: the page cache never serves them, so every request renders (and looks the session up).
  {
    name: 'GET /dashboard (signed in)',
    path: '/dashboard',
    headers: signedInPageHeaders,
    ...UNCACHED_RENDER_TARGETS,
  },
  // Issue 13: the back office's order queue over 10,000 seeded orders (docs/decisions/0077), as an admin.
  ...[
    { name: 'GET /api/v1/admin/orders (queue, newest first)', path: '/api/v1/admin/orders', headers: adminApiHeaders },
    {
      name: 'GET /api/v1/admin/orders?status= (queue, one status)',
      path: '/api/v1/admin/orders?status=In%20review',
      headers: adminApiHeaders,
    },
    {
      name: 'GET /api/v1/admin/orders?q= (queue, e-mail search)',
      path: `/api/v1/admin/orders?q=${encodeURIComponent(SEARCHED_EMAIL_PART)}`,
      headers: adminApiHeaders,
    },
    {
      name: 'GET /admin/orders (queue page, server-rendered)',
      path: '/admin/orders',
      headers: (c: ScenarioContext) => ({ ...PAGE_HEADERS, cookie: c.adminCookie }),
    },
    // A back office is a few staff at a time, not a crowd: 10 connections, not the shoppers' 50.
  ].map((s): Scenario => ({ ...s, seed: seedOrderQueue, connections: 10 })),
];
