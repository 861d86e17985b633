import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_CONTENT_TYPE, multipart, partHeader } from '../test/multipart.ts';
import { registerUploadParsing } from '../uploads/index.ts';
import { BACKSTOP_REQUEST_TIMEOUT_MS, BODY_DEADLINES, registerBodyDeadlines } from './body-deadlines.ts';

/**
 * A JSON route and an upload route (an upload scope, as the app's) behind short deadlines: 500 ms
 * for a body, and uploads at 5 kB/s at least, judged every 400 ms (2,000 bytes a window).
 */
let app: FastifyInstance;
let port = 0;
beforeAll(async () => {
  app = Fastify();
  registerBodyDeadlines(app, { bodyMs: 500, uploadWindowMs: 400, uploadMinBytesPerSecond: 5_000 });
  app.post('/json', async (request) => ({ got: request.body }));
  await app.register(async (scope) => {
    await registerUploadParsing(scope);
    scope.post('/upload', async (request) => {
      const file = await request.file();
      let bytes = 0;
      for await (const chunk of file?.file ?? []) bytes += (chunk as Buffer).length;
      return { bytes };
    });
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(address).port);
});
afterAll(() => app.close());

/** A raw connection: what the test writes, when; resolves with all the server answered once it closes. */
function rawRequest(send: (socket: Socket) => void): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => send(socket));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => reject(new Error('the connection was never closed')), 10_000).unref();
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('body deadlines', () => {
  it('in production: a body within 30 s, an upload at 16 kB/s or more, Node’s own limit only a backstop', () => {
    expect(BODY_DEADLINES).toEqual({ bodyMs: 30_000, uploadWindowMs: 30_000, uploadMinBytesPerSecond: 16_000 });
    // A 15 MB photo at the minimum pace still fits under the backstop.
    expect(BACKSTOP_REQUEST_TIMEOUT_MS).toBeGreaterThan(((15 * 1024 * 1024) / 16_000) * 1000);
  });

  it('cuts off a JSON body that stalls with a 408 envelope', async () => {
    const { answer, ms } = await rawRequest((socket) =>
      socket.write(
        `POST /json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"na`,
      ),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      isSuccess: false,
      statusCode: 408,
    });
    expect(ms).toBeGreaterThanOrEqual(450);
    expect(ms).toBeLessThan(2_000);
  });

  it('leaves a body that arrives in time, and its keep-alive connection, alone', async () => {
    const res = await app.inject({ method: 'POST', url: '/json', payload: { name: 'Asha' } });
    expect(res.json()).toEqual({ got: { name: 'Asha' } });
    let answer = '';
    const { ms } = await rawRequest((socket) => {
      socket.on('data', async (chunk) => {
        answer += chunk.toString();
        // Past the body deadline, the connection is still open: then the client closes it.
        await wait(800);
        socket.end();
      });
      socket.write('POST /json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeGreaterThanOrEqual(800);
  });

  it('lets an upload take longer than the body deadline while it keeps moving', async () => {
    const body = multipart([{ name: 'file', fileName: 'scan.pdf', data: Buffer.alloc(24_000, 7) }]);
    const { answer, ms } = await rawRequest(async (socket) => {
      socket.write(
        `POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ${MULTIPART_CONTENT_TYPE}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      // 1,500 bytes every 100 ms (15 kB/s): about 1.6 s for the whole body.
      for (let at = 0; at < body.length; at += 1_500) {
        socket.write(body.subarray(at, at + 1_500));
        await wait(100);
      }
    });
    expect(ms).toBeGreaterThan(1_000);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('{"bytes":24000}');
  });

  it('cuts off an upload that stops moving, within two windows', async () => {
    const { answer, ms } = await rawRequest(async (socket) => {
      socket.write(
        `POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: ${MULTIPART_CONTENT_TYPE}\r\nContent-Length: 100000\r\n\r\n`,
      );
      socket.write(partHeader({ name: 'file', fileName: 'scan.pdf' }));
      socket.write(Buffer.alloc(3_000, 7));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(ms).toBeLessThan(1_500);
  });
});
