import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_HEAP_LIMIT_FLAG, serverNodeFlags } from './process-settings.ts';

/** The old generation's limit, in MB, of a Node started with these flags and NODE_OPTIONS. */
function heapLimitMb(flags: string[], nodeOptions?: string): number {
  const out = execFileSync(
    process.execPath,
    [...flags, '-e', 'console.log(require("v8").getHeapStatistics().heap_size_limit)'],
    { env: { ...process.env, NODE_OPTIONS: nodeOptions ?? '' }, encoding: 'utf8' },
  );
  return Number(out.trim()) / 1024 / 1024;
}

describe('the server process flags', () => {
  it('limit the old generation to 1 GB (the machine the embedded default is sized for)', () => {
    expect(serverNodeFlags()).toContain(SERVER_HEAP_LIMIT_FLAG);
    // The heap's limit is the old generation's plus the young one's.
    const limit = heapLimitMb(serverNodeFlags());
    expect(limit).toBeGreaterThanOrEqual(1024);
    expect(limit).toBeLessThan(1200);
  });

  it("keep an operator's own heap limit from NODE_OPTIONS", () => {
    const nodeOptions = '--max-old-space-size=3072';
    expect(serverNodeFlags(nodeOptions)).not.toContain(SERVER_HEAP_LIMIT_FLAG);
    expect(heapLimitMb(serverNodeFlags(nodeOptions), nodeOptions)).toBeGreaterThanOrEqual(3072);
    const underscored = '--max_old_space_size=3072';
    expect(heapLimitMb(serverNodeFlags(underscored), underscored)).toBeGreaterThanOrEqual(3072);
  });
});
