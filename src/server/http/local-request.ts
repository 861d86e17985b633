import type { IncomingMessage } from 'node:http';

/** Headers by which a proxy says it relays someone else's request. */
const RELAY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'via'];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * A request made on this machine by someone on it: a loopback peer that no proxy relayed (a
 * proxy on the same machine also connects from loopback, but says so with one of the relay
 * headers). Judged on the socket, never on X-Forwarded-For, whatever TRUST_PROXY says.
 */
export function isFromThisMachine(raw: IncomingMessage): boolean {
  return isLoopback(raw.socket.remoteAddress) && RELAY_HEADERS.every((name) => raw.headers[name] === undefined);
}
