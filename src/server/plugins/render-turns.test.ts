import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRenderTurns } from './render-turns.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('render turns', () => {
  it('lets the first render of a turn start at once', () => {
    const turns = createRenderTurns();
    expect(turns.wait()).toBeUndefined();
    expect(turns.waiting).toBe(0);
  });

  it('starts the others one per turn of the event loop, in arrival order', async () => {
    const turns = createRenderTurns();
    const started: number[] = [];
    expect(turns.wait()).toBeUndefined();
    const waits = [1, 2, 3].map((n) => turns.wait()?.then(() => started.push(n)));
    expect(turns.waiting).toBe(3);
    expect(started).toEqual([]);
    await turn();
    expect(started).toEqual([1]);
    await turn();
    expect(started).toEqual([1, 2]);
    await turn();
    expect(started).toEqual([1, 2, 3]);
    await Promise.all(waits);
    expect(turns.waiting).toBe(0);
  });

  it('polls the network between two renders: a connection made while renders wait is accepted before they all ran', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const order: string[] = [];
    const accepted = new Promise<void>((resolve) =>
      server.once('connection', (socket) => {
        order.push('accepted');
        socket.destroy();
        resolve();
      }),
    );
    const turns = createRenderTurns();
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    let client: Socket | undefined;
    turns.wait();
    const renders = [1, 2, 3, 4, 5].map((n) =>
      turns.wait()?.then(() => {
        order.push(`render ${n}`);
        // The visitor connects while the first render runs.
        if (n === 1) client = connect(port, '127.0.0.1').on('error', () => {});
        busy(20);
      }),
    );
    await Promise.all([...renders, accepted]);
    client?.destroy();
    await new Promise((resolve) => server.close(resolve));
    expect(order.indexOf('accepted')).toBeLessThan(order.indexOf('render 5'));
  });

  it('starts at once again after the queue ran empty', async () => {
    const turns = createRenderTurns();
    turns.wait();
    await turns.wait();
    await turn();
    await turn();
    expect(turns.wait()).toBeUndefined();
  });
});
