import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffActor } from '../../domain/admin/audit.ts';
import { AUTH_API_MESSAGES } from '../../domain/auth/messages.ts';
import { SESSION_LOGOUT_MS } from '../../domain/limits/constants.ts';
import { ROLE_MESSAGES, roleAllows, type StaffRole } from '../../domain/users/roles.ts';
import type { Viewer } from '../../domain/users/viewer.ts';
import { HttpError } from '../http/errors.ts';
import { withTrait } from '../http/route-traits.ts';
import {
  type ActiveSession,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_NAME,
  DEVICE_COOKIE_PATH,
} from '../modules/auth/service.ts';
import { cookiesAreSecure, SESSION_COOKIE_NAME } from '../session-cookie.ts';

export interface RequestSession extends ActiveSession {
  /** How the token came: an API client's bearer header or the browser's cookie. */
  source: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null (set for API and page requests, not for static files). */
    viewer: Viewer | null;
    session: RequestSession | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 'Please sign in to continue.' without a live session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler for back-office routes: 401 'Please sign in to continue.' for a visitor, 403
     * 'You do not have access to this page.' for a signed-in user without the role (issue 13).
     */
    requireRole: (role: StaffRole) => (request: FastifyRequest) => Promise<void>;
    setSessionCookie: (reply: FastifyReply, token: string) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
    /**
     * This browser's device cookie for the account (modules/auth/device-cookie.ts): set where the
     * customer proved who they are on it, at sign-in and with a new password (a reset or a change,
     * which retire the old cookies), so strangers' guesses never keep it out.
     */
    setDeviceCookie: (reply: FastifyReply, value: string) => void;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The signed-in user of a request that passed `app.requireUser`. */
export function currentUser(request: FastifyRequest): { viewer: Viewer; session: RequestSession } {
  if (!request.viewer || !request.session) throw new HttpError(401, AUTH_API_MESSAGES.signInRequired);
  return { viewer: request.viewer, session: request.session };
}

/** The signed-in user as the audit log records them: a member of staff, or a customer acting on their own data. */
export function auditActor(request: FastifyRequest): StaffActor {
  const { viewer } = currentUser(request);
  return { id: viewer.id, email: viewer.email };
}

function readToken(request: FastifyRequest): { token: string; source: RequestSession['source'] } | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    // A bearer header that is not ours is not silently replaced by the cookie.
    return match?.[1] ? { token: match[1], source: 'bearer' } : null;
  }
  const cookie = request.cookies[SESSION_COOKIE_NAME];
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request comes from this site (Origin, else Referer, equal to SITE_URL's origin or the
 * request's own host): what a state-changing request carrying any of our cookies must show.
 */
export function comesFromSite(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (!origin) return false;
  return origin === siteOrigin || origin === originOf(`${request.protocol}://${request.host}`);
}

/**
 * Sessions (DESIGN.md §1, docs/decisions/0020-sessions-and-auth.md): the token comes from
 * `Authorization: Bearer …` or the httpOnly cookie; `request.viewer` is its user. A
 * cookie-authenticated request that changes state must come from this site (Origin, else
 * Referer, equal to SITE_URL's origin or the request's own host), or it is refused with 403.
 */
async function sessionPlugin(app: FastifyInstance) {
  const secure = cookiesAreSecure(app.env);
  const siteOrigin = new URL(app.env.siteUrl).origin;

  app.decorateRequest('viewer', null);
  app.decorateRequest('session', null);

  app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
    reply.setCookie(SESSION_COOKIE_NAME, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: SESSION_LOGOUT_MS / 1000,
    });
  });
  app.decorate('setDeviceCookie', (reply: FastifyReply, value: string) => {
    reply.setCookie(DEVICE_COOKIE_NAME, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  });
  // Marked so the API document declares the routes they guard as signed-in (http/route-traits.ts).
  app.decorate(
    'requireUser',
    withTrait(
      async (request: FastifyRequest) => {
        if (!request.viewer) throw new HttpError(401, AUTH_API_MESSAGES.signInRequired);
      },
      { kind: 'signed-in' },
    ),
  );
  app.decorate('requireRole', (role: StaffRole) =>
    withTrait(
      async (request: FastifyRequest) => {
        if (!request.viewer) throw new HttpError(401, AUTH_API_MESSAGES.signInRequired);
        if (!roleAllows(request.viewer.role, role)) throw new HttpError(403, ROLE_MESSAGES.forbidden);
      },
      { kind: 'role', role },
    ),
  );

  const fromThisSite = (request: FastifyRequest) => comesFromSite(request, siteOrigin);

  app.addHook('onRequest', async (request, reply) => {
    // API routes and the page handler; static files never need a session lookup.
    const route = request.routeOptions.url;
    if (!route || (route !== '/*' && !route.startsWith('/api/'))) return;
    const found = readToken(request);
    if (!found) return;
    const resolved = await app.services.auth.resolveSession(found.token);
    if (!resolved) {
      if (found.source === 'cookie') app.clearSessionCookie(reply);
      return;
    }
    if (found.source === 'cookie' && STATE_CHANGING.has(request.method) && !fromThisSite(request)) {
      throw new HttpError(403, AUTH_API_MESSAGES.crossSiteRequest);
    }
    request.viewer = resolved.viewer;
    request.session = { ...resolved.session, source: found.source };
  });
}

export const registerSession = fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] });
