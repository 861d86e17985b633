// A free TCP port for a server a script or test is about to start (the test servers, the
// cluster's processes, the bench's server).
import { createServer } from 'node:net';

/** A port nothing listens on at `host` now: the system's pick for a listener that closes at once. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    // A probe left open by a failing caller must not keep the process alive.
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error(`no free port on ${host}`)),
      );
    });
  });
}
