import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForHealth } from './wait-for-health.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
  server = undefined;
});

/** A server whose health check answers `status` from the `healthyAfter`-th request on (503 before). */
async function healthServer(healthyAfter: number, status = 200): Promise<string> {
  let requests = 0;
  server = createServer((request, response) => {
    requests += 1;
    response.statusCode = request.url === '/api/v1/health' && requests >= healthyAfter ? status : 503;
    response.end('{}');
  });
  await new Promise<void>((listening) => server?.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

describe('waitForHealth', () => {
  it('resolves once the health check answers 200', async () => {
    const base = await healthServer(3);
    await expect(waitForHealth(base, { ended: () => null, timeoutMs: 5000, intervalMs: 10 })).resolves.toBeUndefined();
  });

  it('rejects at once when the process has ended', async () => {
    const base = await healthServer(1);
    await expect(waitForHealth(base, { ended: () => 'SIGKILL', timeoutMs: 5000 })).rejects.toThrow(
      /the server ended \(SIGKILL\)/,
    );
  });

  it('rejects after its time with what the last check got', async () => {
    const base = await healthServer(Number.POSITIVE_INFINITY);
    await expect(waitForHealth(base, { ended: () => null, timeoutMs: 300, intervalMs: 10 })).rejects.toThrow(
      /did not answer 200 within 0.3 s \(last: HTTP 503/,
    );
  });
});
