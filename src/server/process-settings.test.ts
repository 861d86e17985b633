import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_COMPILE_CACHE_ENV } from './process-settings.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("the server's compile cache (decision 0129)", () => {
  it('lives beside the installed packages, not in a shared temporary folder', () => {
    const dir = SERVER_COMPILE_CACHE_ENV.NODE_COMPILE_CACHE;
    expect(relative(ROOT, dir)).toBe(join('node_modules', '.cache', 'node-compile-cache'));
    expect(dir.startsWith(tmpdir())).toBe(false);
  });

  it('is written by a worker thread that loads a library, as the upload sandbox does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    try {
      const script = `
        const { Worker } = require('node:worker_threads');
        const worker = new Worker("require('pdf-lib'); require('node:worker_threads').parentPort.postMessage('loaded')", { eval: true });
        worker.once('message', (m) => { console.log(m); worker.terminate(); });`;
      const run = spawnSync(process.execPath, ['-e', script], {
        cwd: ROOT,
        env: { ...process.env, NODE_COMPILE_CACHE: dir },
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('loaded');
      expect(filesUnder(dir).length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
