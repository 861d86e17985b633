import type { Env } from './env.ts';

/** Why listening failed, by the system's code, and which setting to change. */
const REASONS: Record<string, (env: Pick<Env, 'HOST' | 'PORT'>) => string> = {
  EADDRINUSE: ({ PORT }) => `port ${PORT} is already in use by another program: stop it, or set PORT to a free port`,
  EACCES: ({ PORT }) =>
    `this user may not listen on port ${PORT} (ports below 1024 need administrator rights): set PORT to 1024 or above`,
  EADDRNOTAVAIL: ({ HOST }) =>
    `${HOST} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for every interface`,
  ENOTFOUND: ({ HOST }) => `this machine cannot resolve the name ${HOST}: set HOST to an IP address, e.g. 0.0.0.0`,
  EAI_AGAIN: ({ HOST }) =>
    `this machine could not resolve the name ${HOST} (its DNS did not answer): set HOST to an IP address, e.g. 0.0.0.0`,
};

/**
 * The one line the server prints when it cannot listen, naming HOST and PORT; the stack of Node's
 * error (`getaddrinfo ENOTFOUND …`) says nothing about which setting to change.
 */
export function listenFailureMessage(error: unknown, env: Pick<Env, 'HOST' | 'PORT'>): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reason = (code && REASONS[code]?.(env)) ?? (error instanceof Error ? error.message : String(error));
  return `Cannot listen on HOST=${env.HOST} PORT=${env.PORT}: ${reason}`;
}
