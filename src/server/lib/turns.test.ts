import { describe, expect, it } from 'vitest';
import { createTurns } from './turns.ts';

describe('createTurns', () => {
  it('runs at most max at once, the rest in order of arrival, and frees a turn when work fails', async () => {
    const inTurn = createTurns(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (id: number, fail = false) =>
      inTurn(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(id);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (fail) throw new Error(`work ${id} failed`);
        return id;
      });
    const results = await Promise.allSettled([work(1), work(2, true), work(3), work(4), work(5)]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('gives work asked behind a turn only when no other work waits, and counts it', async () => {
    const inTurn = createTurns(1);
    const order: string[] = [];
    const work = (id: string, behind = false) =>
      inTurn(
        async () => {
          order.push(id);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
        { behind },
      );
    const first = work('customer 1');
    const visitors = [work('visitor 1', true), work('visitor 2', true)];
    expect(inTurn.waitingBehind()).toBe(2);
    const customer = work('customer 2');
    await Promise.all([first, customer, ...visitors]);
    expect(order).toEqual(['customer 1', 'customer 2', 'visitor 1', 'visitor 2']);
    expect(inTurn.waitingBehind()).toBe(0);
  });
});
