import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

describe('freePort', () => {
  it('gives a port a server can listen on at once, and another one the next time', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((listening, fail) => server.once('error', fail).listen(port, '127.0.0.1', listening));
    // While that server holds it, the system picks another.
    expect(await freePort()).not.toBe(port);
    await new Promise((closed) => server.close(closed));
  });
});
