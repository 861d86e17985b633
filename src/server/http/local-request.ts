import type { IncomingMessage } from 'node:http';

/** Headers by which a proxy says it relays someone else's request. */
const RELAY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'via'];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** A Host naming this machine's loopback: localhost, 127.x.x.x or [::1], with any port. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * A request made on this machine by someone on it: a loopback peer that no proxy relayed (a
 * proxy on the same machine also connects from loopback, but says so with one of the relay
 * headers), addressed to a loopback name. Judged on the socket, never on X-Forwarded-For,
 * whatever TRUST_PROXY says. The Host check stops DNS rebinding: a page in a browser on this
 * machine whose own name now resolves to 127.0.0.1 reaches this port from loopback, but under
 * its own name.
 */
export function isFromThisMachine(raw: IncomingMessage): boolean {
  return (
    isLoopback(raw.socket.remoteAddress) &&
    LOOPBACK_HOST.test(raw.headers.host ?? '') &&
    RELAY_HEADERS.every((name) => raw.headers[name] === undefined)
  );
}
