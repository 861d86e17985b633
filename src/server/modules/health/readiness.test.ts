import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness.ts';

const up = async () => {};

describe('readiness', () => {
  it('counts a dependency that hangs as down once the timeout passes', async () => {
    const failures: string[] = [];
    const readiness = createReadiness({
      probes: { database: up, storage: () => new Promise(() => {}), queue: up },
      timeoutMs: 50,
      onFailure: (check) => failures.push(check),
    });
    expect(await readiness()).toEqual({
      ready: false,
      checks: { database: 'up', storage: 'down', queue: 'up' },
      failed: ['storage'],
    });
    expect(failures).toEqual(['storage']);
  });

  it('runs the probes once for everyone who asks at the same moment or just after', async () => {
    let runs = 0;
    const readiness = createReadiness({
      probes: {
        database: async () => {
          runs += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
        storage: up,
        queue: up,
      },
      reuseMs: 200,
    });
    const answers = await Promise.all([readiness(), readiness(), readiness()]);
    expect(answers.every((a) => a.ready)).toBe(true);
    expect(await readiness()).toMatchObject({ ready: true });
    expect(runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 220));
    await readiness();
    expect(runs).toBe(2);
  });
});
