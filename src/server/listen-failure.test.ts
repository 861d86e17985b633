import { createServer } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { listenFailureMessage } from './listen-failure.ts';

const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('listenFailureMessage', () => {
  it('names HOST and PORT and the setting to change when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const app = Fastify();
    try {
      const error = await app.listen({ host: '127.0.0.1', port }).catch((e: unknown) => e);
      expect(listenFailureMessage(error, { HOST: '127.0.0.1', PORT: port })).toBe(
        `Cannot listen on HOST=127.0.0.1 PORT=${port}: port ${port} is already in use by another program: stop it, or set PORT to a free port`,
      );
    } finally {
      await app.close();
      taken.close();
    }
  });

  it('says which of HOST or PORT is wrong for the other failures, in one line', () => {
    const env = { HOST: 'shop.lan', PORT: 80 };
    expect(listenFailureMessage(systemError('ENOTFOUND', 'getaddrinfo ENOTFOUND shop.lan'), env)).toBe(
      'Cannot listen on HOST=shop.lan PORT=80: this machine cannot resolve the name shop.lan: set HOST to an IP address, e.g. 0.0.0.0',
    );
    expect(listenFailureMessage(systemError('EACCES', 'listen EACCES: permission denied 0.0.0.0:80'), env)).toMatch(
      /^Cannot listen on HOST=shop\.lan PORT=80: this user may not listen on port 80 .*set PORT to 1024 or above$/,
    );
    expect(listenFailureMessage(systemError('EADDRNOTAVAIL', 'listen EADDRNOTAVAIL'), env)).toMatch(
      /shop\.lan is not an address of this machine: set HOST to one of its addresses/,
    );
    // Any other failure: Node's message, without its stack.
    const other = listenFailureMessage(systemError('EMFILE', 'listen EMFILE: too many open files'), env);
    expect(other).toBe('Cannot listen on HOST=shop.lan PORT=80: listen EMFILE: too many open files');
  });
});
