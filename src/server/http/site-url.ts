import { hostname as machineName, networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';

/** Names and addresses that reach this machine from itself. */
const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

/** This machine's own names and interface addresses, as a Host header writes them. */
function ownHostnames(): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  const name = machineName().toLowerCase();
  names.add(name);
  names.add(`${name}.local`);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const { address, family } of addresses ?? []) names.add(family === 'IPv6' ? `[${address}]` : address);
  }
  return names;
}

/**
 * The origin of the links a request's e-mails and payment returns carry. SITE_URL when it is set
 * (always, in a production deployment). Without it (the embedded mode) the address the visitor
 * came on, so a newcomer on http://127.0.0.1:3000 is not sent to localhost, where their session
 * cookie does not exist — but only an address of this server itself: this machine's names, its
 * loopback and interface addresses, on the port it listens on. Anything else in the Host header
 * (which the client writes) falls back to the default, so nobody can have a reset link point
 * elsewhere.
 */
export function siteUrlFor(request: FastifyRequest, env: Pick<Env, 'SITE_URL' | 'PORT' | 'siteUrl'>): string {
  if (env.SITE_URL) return env.siteUrl;
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return env.siteUrl;
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (port !== String(env.PORT) || url.username || url.password || url.pathname !== '/') return env.siteUrl;
  const name = url.hostname.toLowerCase();
  const own = /^127(\.\d{1,3}){3}$/.test(name) || ownHostnames().has(name);
  return own ? url.origin : env.siteUrl;
}

/**
 * The origin of links sent outside any request (a status e-mail, a reminder, a reward): SITE_URL's
 * when it is set, whatever was recorded before it was; without it, the address the customer last
 * came on (`recorded`: a payment's return address, the account's last sign-in), else the default.
 */
export interface LinkOrigin {
  (recorded: string | null): string;
  /** SITE_URL's origin when it sets every link: nothing recorded need be read then. */
  readonly fixed: string | null;
}

export function linkOriginFor(env: Pick<Env, 'SITE_URL' | 'siteUrl'>): LinkOrigin {
  const fixed = env.SITE_URL ? env.siteUrl : null;
  return Object.assign((recorded: string | null) => fixed ?? recorded ?? env.siteUrl, { fixed });
}
