import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { CLOSING_MESSAGE, CLOSING_RETRY_AFTER_SECONDS } from './closing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Two requests on one connection, the second sent once close() has begun: the first holds the
 * connection open (its body arrives in two parts), so the second reaches the draining process as
 * a pipelined or keep-alive request does. Resolves to everything the server wrote.
 */
async function requestWhileClosing(port: number, second: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let written = '';
  socket.on('data', (chunk) => {
    written += chunk;
  });
  const ended = new Promise((resolve) => socket.on('close', resolve));
  const body = '{"name":"x"}';
  socket.write(
    `POST /api/v1/contact/user-info HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 4)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closed = t.app.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.write(`${body.slice(4)}${second}`);
  await ended;
  await closed;
  return written;
}

describe('a request reaching a process that is shutting down', () => {
  it('is refused with a 503 in the envelope, with Retry-After and Connection: close', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    // A route that declares no 503 of its own: the tests' check of the API document reads the answer.
    const written = await requestWhileClosing(
      port,
      'GET /api/v1/contact/contact-info HTTP/1.1\r\nHost: localhost\r\n\r\n',
    );
    const second = written.slice(written.indexOf('HTTP/1.1', 1));
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(new RegExp(`\r\nretry-after: ${CLOSING_RETRY_AFTER_SECONDS}\r\n`, 'i'));
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({
      isSuccess: false,
      statusCode: 503,
      message: CLOSING_MESSAGE,
      data: null,
    });
  });
});
