import { execFileSync } from 'node:child_process';
import { totalmem } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  processMemoryBytes,
  SERVER_HEAP_LIMIT_FLAG,
  serverNodeFlags,
  WASM_BASELINE_ONLY_FLAG,
  WASM_OPTIMISING_MIN_MEMORY_BYTES,
} from './process-settings.ts';

const GB = 1024 ** 3;
/** The embedded default on the 1 GB machine it is sized for. */
const SMALL_EMBEDDED = { embeddedDatabase: true, memoryBytes: 1 * GB };

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
    expect(serverNodeFlags(SMALL_EMBEDDED)).toContain(SERVER_HEAP_LIMIT_FLAG);
    // The heap's limit is the old generation's plus the young one's.
    const limit = heapLimitMb(serverNodeFlags(SMALL_EMBEDDED));
    expect(limit).toBeGreaterThanOrEqual(1024);
    expect(limit).toBeLessThan(1200);
  });

  it("keep an operator's own heap limit from NODE_OPTIONS", () => {
    const nodeOptions = '--max-old-space-size=3072';
    expect(serverNodeFlags({ ...SMALL_EMBEDDED, nodeOptions })).not.toContain(SERVER_HEAP_LIMIT_FLAG);
    expect(heapLimitMb(serverNodeFlags({ ...SMALL_EMBEDDED, nodeOptions }), nodeOptions)).toBeGreaterThanOrEqual(3072);
    const underscored = '--max_old_space_size=3072';
    expect(
      heapLimitMb(serverNodeFlags({ ...SMALL_EMBEDDED, nodeOptions: underscored }), underscored),
    ).toBeGreaterThanOrEqual(3072);
  });

  it('keep the embedded database on the baseline WebAssembly compiler below 2 GB of memory (decision 0144)', () => {
    expect(serverNodeFlags(SMALL_EMBEDDED)).toContain(WASM_BASELINE_ONLY_FLAG);
    const justUnder = { embeddedDatabase: true, memoryBytes: WASM_OPTIMISING_MIN_MEMORY_BYTES - 1 };
    expect(serverNodeFlags(justUnder)).toContain(WASM_BASELINE_ONLY_FLAG);
    // A larger machine has room for the optimising compiler's transient memory.
    const roomy = { embeddedDatabase: true, memoryBytes: WASM_OPTIMISING_MIN_MEMORY_BYTES };
    expect(serverNodeFlags(roomy)).not.toContain(WASM_BASELINE_ONLY_FLAG);
    // Without PGlite in the process (DATABASE_URL), nothing to hold back, however small the machine.
    expect(serverNodeFlags({ embeddedDatabase: false, memoryBytes: 1 * GB })).not.toContain(WASM_BASELINE_ONLY_FLAG);
  });

  it('run WebAssembly on the baseline compiler only, in the Node that runs the server', () => {
    // The optimising tier would compile this hot function; with the flag, every compilation is Liftoff's.
    const script = `
      const bytes = new Uint8Array([0,97,115,109,1,0,0,0,1,6,1,96,1,127,1,127,3,2,1,0,7,5,1,1,102,0,0,10,9,1,7,0,32,0,65,1,106,11]);
      const { f } = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
      let x = 0;
      // Calls in rounds, with pauses in which V8's background compiler finishes (a slow machine too).
      (async () => {
        for (let round = 0; round < 20; round++) {
          for (let i = 0; i < 2e5; i++) x = f(x);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        console.log(x);
      })();`;
    const compilers = (flags: string[]) =>
      execFileSync(process.execPath, [...flags, '--trace-wasm-compilation-times', '-e', script], {
        env: { ...process.env, NODE_OPTIONS: '' },
        encoding: 'utf8',
      }).match(/using (\w+)/g);
    expect(compilers([])).toContain('using TurboFan');
    const baseline = compilers(serverNodeFlags(SMALL_EMBEDDED));
    expect(baseline).toContain('using Liftoff');
    expect(baseline).not.toContain('using TurboFan');
  });

  it("read the machine's memory, or a container's lower limit", () => {
    const memory = processMemoryBytes();
    expect(memory).toBeGreaterThan(0);
    expect(memory).toBeLessThanOrEqual(totalmem());
  });
});
