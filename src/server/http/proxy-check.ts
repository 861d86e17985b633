import type { FastifyInstance } from 'fastify';

/**
 * With TRUST_PROXY set, the app believes X-Forwarded-For from its proxies, so its port must be
 * reachable only through them (README, Configuration). A request carrying X-Forwarded-For from a
 * peer that is not one of them means the port is reachable directly: its header is ignored, but
 * the operator is told, once per process. A hop count trusts whoever connects, so a direct
 * connection cannot be told from the proxy's: that is said once at start-up instead.
 */
export function watchForDirectConnections(app: FastifyInstance, trustProxy: false | number | string[]): void {
  if (trustProxy === false) return;
  if (typeof trustProxy === 'number') {
    app.addHook('onReady', async () => {
      app.log.warn(
        `TRUST_PROXY=${trustProxy} trusts X-Forwarded-For from any peer: the app port must be reachable only through the proxy (name the proxy's addresses instead to have direct connections detected)`,
      );
    });
    return;
  }
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    // The forwarded chain stops at the first peer TRUST_PROXY does not name: the socket's own.
    if (request.ips && request.ips.length > 1) return;
    warned = true;
    request.log.warn(
      { peer: request.socket.remoteAddress },
      'a request carrying X-Forwarded-For came straight from a peer TRUST_PROXY does not name: the app port is reachable without the proxy; make it reachable only through the proxy',
    );
  });
}
