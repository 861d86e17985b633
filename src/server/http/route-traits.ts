import type { FastifyInstance, RouteOptions } from 'fastify';
import type { StaffRole } from '../../domain/users/roles.ts';

/**
 * What a hook tells about the routes it guards, for the API document and its answer check
 * (issue 33, decision 0112-api-contract): the session's guards say who may call (a signed-in
 * user, a back-office role), the accounts limiters that they count requests. A route declares
 * them the way it always has (`addHook('onRequest', app.requireUser)`, `backOffice(…)`, a
 * limiter in `onRequest`), and the document reads them from the hooks Fastify will run.
 */
export type RouteTrait = { kind: 'signed-in' } | { kind: 'role'; role: StaffRole } | { kind: 'rate-limited' };

const TRAIT = Symbol('route trait');
type Traited = { [TRAIT]?: RouteTrait };

/** `hook`, marked with what it guards. */
export function withTrait<F extends (...args: never[]) => unknown>(hook: F, trait: RouteTrait): F {
  (hook as F & Traited)[TRAIT] = trait;
  return hook;
}

const LIFECYCLE_BEFORE_HANDLER = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/**
 * The hooks a route's scope has collected so far. Fastify keeps them under an internal symbol and
 * offers no public reader; the onRoute hook sees the scope (`this`) and the document is built
 * after every route is registered, so the scope's list is complete by then.
 */
function scopeHooks(scope: FastifyInstance): Record<string, unknown[]> {
  for (let level: object | null = scope; level; level = Object.getPrototypeOf(level)) {
    const key = Object.getOwnPropertySymbols(level).find((symbol) => symbol.description === 'fastify.hooks');
    if (key) return (level as Record<symbol, Record<string, unknown[]>>)[key] ?? {};
  }
  return {};
}

/** The traits of every hook that runs before the route's handler, its scope's and its own. */
export function routeTraits(
  scope: FastifyInstance,
  route: Pick<RouteOptions, (typeof LIFECYCLE_BEFORE_HANDLER)[number]>,
) {
  const hooks = scopeHooks(scope);
  const traits: RouteTrait[] = [];
  for (const name of LIFECYCLE_BEFORE_HANDLER) {
    const own = route[name];
    for (const hook of [...(hooks[name] ?? []), ...(Array.isArray(own) ? own : own ? [own] : [])]) {
      const trait = (hook as Traited | null)?.[TRAIT];
      if (trait) traits.push(trait);
    }
  }
  return traits;
}
