import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSandboxed, SANDBOX_COMPILE_CACHE_DIR } from './sandbox.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("the upload sandbox's compile cache (decision 0129)", () => {
  it('lives beside the installed packages, not in a shared temporary folder', () => {
    const dir = SANDBOX_COMPILE_CACHE_DIR;
    expect(relative(ROOT, dir)).toBe(join('node_modules', '.cache', 'node-compile-cache'));
    expect(dir.startsWith(tmpdir())).toBe(false);
  });

  it("is written by a sandbox worker that loads a library, whatever the server's own environment", () => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    try {
      // The sandbox hands the folder to each worker in the worker's environment; the parent has none.
      const script = `
        const { Worker } = require('node:worker_threads');
        const worker = new Worker("require('pdf-lib'); require('node:worker_threads').parentPort.postMessage('loaded')", {
          eval: true,
          env: { NODE_COMPILE_CACHE: process.argv[1], ...process.env },
        });
        worker.once('message', (m) => { console.log(m); worker.terminate(); });`;
      const { NODE_COMPILE_CACHE: _inherited, ...parentEnv } = process.env;
      const run = spawnSync(process.execPath, ['-e', script, dir], { cwd: ROOT, env: parentEnv, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('loaded');
      expect(filesUnder(dir).length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is handed to every sandboxed worker, unless the environment names one', async () => {
    const reportEnv = `import { parentPort } from 'node:worker_threads'; parentPort.postMessage(process.env.NODE_COMPILE_CACHE);`;
    const seen = await runSandboxed<string | undefined>(
      new URL(`data:text/javascript,${encodeURIComponent(reportEnv)}`),
      null,
      { timeoutMs: 10_000, maxHeapMb: 64 },
    );
    expect(seen).toBe(process.env.NODE_COMPILE_CACHE ?? SANDBOX_COMPILE_CACHE_DIR);
  });
});
