import { describe, expect, it } from 'vitest';
import { sharedNextRun } from './shared-next-run.ts';

/** A run that records when it started and finishes when the test says. */
function controlledRuns() {
  const started: number[] = [];
  const finishers: ((error?: Error) => void)[] = [];
  let clock = 0;
  const run = () =>
    new Promise<void>((resolve, reject) => {
      started.push(clock);
      finishers.push((error) => (error ? reject(error) : resolve()));
    });
  return {
    run,
    started,
    tick: () => {
      clock += 1;
    },
    finish: async (index: number, error?: Error) => {
      finishers[index]?.(error);
      // Let the chained callbacks (the next run's start) happen.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe('sharedNextRun', () => {
  it('runs at once when nothing runs', async () => {
    const runs = controlledRuns();
    const call = sharedNextRun(runs.run);
    const done = call();
    expect(runs.started).toHaveLength(1);
    await runs.finish(0);
    await expect(done).resolves.toBeUndefined();
  });

  it('makes the calls during a run wait for one more run that starts after it, shared by all of them', async () => {
    const runs = controlledRuns();
    const call = sharedNextRun(runs.run);
    let settled = 0;
    const first = call().then(() => settled++);
    runs.tick();
    const during = [call(), call(), call()].map((p) => p.then(() => settled++));
    expect(runs.started).toEqual([0]);
    await runs.finish(0);
    await first;
    expect(settled).toBe(1);
    // The callers during the first run are not served by it: a second run starts after it.
    expect(runs.started).toHaveLength(2);
    await runs.finish(1);
    await Promise.all(during);
    expect(settled).toBe(4);
    expect(runs.started).toHaveLength(2);
  });

  it('starts afresh after a burst, and a call during the second run waits for a third', async () => {
    const runs = controlledRuns();
    const call = sharedNextRun(runs.run);
    void call();
    const second = call();
    await runs.finish(0);
    const third = call();
    await runs.finish(1);
    await second;
    expect(runs.started).toHaveLength(3);
    await runs.finish(2);
    await third;
    const fresh = call();
    expect(runs.started).toHaveLength(4);
    await runs.finish(3);
    await fresh;
  });

  it("rejects only a failed run's callers; the next run still starts", async () => {
    const runs = controlledRuns();
    const call = sharedNextRun(runs.run);
    const first = call();
    const waiting = call();
    await runs.finish(0, new Error('No space left on device'));
    await expect(first).rejects.toThrow('No space left on device');
    expect(runs.started).toHaveLength(2);
    await runs.finish(1);
    await expect(waiting).resolves.toBeUndefined();
  });
});
