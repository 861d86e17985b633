import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The headers a proxy names the client in; any of them says a proxy stands in front. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * With TRUST_PROXY set, the app believes X-Forwarded-For from its proxies, so its port must be
 * reachable only through them (README, Configuration). A request carrying X-Forwarded-For from a
 * peer that is not one of them means the port is reachable directly: its header is ignored, but
 * the operator is told, once per process. A hop count trusts whoever connects, so a direct
 * connection cannot be told from the proxy's: that is said once at start-up instead.
 *
 * Without TRUST_PROXY, a request a proxy forwarded means the app sees the proxy as every customer:
 * the per-client rate limits are shared by the whole shop (the 21st sign-up anywhere is refused, a
 * stranger's wrong passwords refuse everyone's).
 * Nothing else would show it, so that is said once per process too.
 */
export function watchForDirectConnections(app: FastifyInstance, trustProxy: false | number | string[]): void {
  if (trustProxy === false) {
    warnOnce(
      app,
      (request) => FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined),
      "a request came through a proxy (it carries X-Forwarded-For, Forwarded or X-Real-IP) but TRUST_PROXY is unset: every client counts as this peer, so the per-client rate limits (sign-up, sign-in, contact) are shared by all customers; set TRUST_PROXY to the proxy's address (README, Configuration)",
    );
    return;
  }
  if (typeof trustProxy === 'number') {
    app.addHook('onReady', async () => {
      app.log.warn(
        `TRUST_PROXY=${trustProxy} trusts X-Forwarded-For from any peer: the app port must be reachable only through the proxy (name the proxy's addresses instead to have direct connections detected)`,
      );
    });
    return;
  }
  // The forwarded chain stops at the first peer TRUST_PROXY does not name: the socket's own.
  warnOnce(
    app,
    (request) => request.headers['x-forwarded-for'] !== undefined && !(request.ips && request.ips.length > 1),
    'a request carrying X-Forwarded-For came straight from a peer TRUST_PROXY does not name: the app port is reachable without the proxy; make it reachable only through the proxy',
  );
}

/** Logs `message` with the peer's address at the first request `suspect` picks, once per process. */
function warnOnce(app: FastifyInstance, suspect: (request: FastifyRequest) => boolean, message: string): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || !suspect(request)) return;
    warned = true;
    request.log.warn({ peer: request.socket.remoteAddress }, message);
  });
}
