// `npm start`, `npm run backup` and `npm run restore` on the machine the embedded default is sized
// for (README, "Machine size"), inside a 1 GiB memory cgroup: a newcomer's first start serves the
// shop, and a backup of its data directory and the restore of that archive finish, none killed
// (decision 0144-wasm-baseline-compiler: before it, the kernel's OOM killer ended the first start
// and the backup).
// Needs root and cgroup v1's memory controller, as on this project's machines; skipped elsewhere.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { WASM_BASELINE_ONLY_FLAG } from '../src/server/process-settings.ts';
import { freePort } from './free-port.ts';
import { processEnd, waitForHealth } from './wait-for-health.ts';

const ROOT = resolve(import.meta.dirname, '..');
const MEMORY_CGROUPS = '/sys/fs/cgroup/memory';
const ONE_GB = 1024 ** 3;
/** Whether this process may make a memory cgroup here (root, cgroup v1's memory controller, writable). */
function canLimitMemory(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  if (!existsSync(join(MEMORY_CGROUPS, 'memory.limit_in_bytes'))) return false;
  const probe = join(MEMORY_CGROUPS, `sevadocs-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

/** Removes the group once the kernel has let go of its last process. */
async function removeGroup(group: string): Promise<void> {
  for (let attempt = 0; existsSync(group); attempt++) {
    try {
      rmdirSync(group);
    } catch (error) {
      if (attempt >= 50) throw error;
      await sleep(100);
    }
  }
}

/**
 * Starts `command` inside `group`: the shell joins the group first and then becomes the command,
 * so everything it runs is counted there. Keeps what it prints, for a failure's message.
 */
function spawnInGroup(group: string, command: string[], env: NodeJS.ProcessEnv) {
  const child = spawn('sh', ['-c', 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"', 'sh', group, ...command], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  return { child, output: () => output };
}

/** Runs `npm run <script> -- ...args` inside `group`; resolves with its exit code and output. */
function npmRunIn(group: string, script: string, args: string[], env: NodeJS.ProcessEnv) {
  const { child, output } = spawnInGroup(group, ['npm', 'run', '--silent', script, '--', ...args], env);
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal, output: output() })),
  );
}

describe.skipIf(!canLimitMemory())('npm start, backup and restore on a 1 GB machine', () => {
  const group = join(MEMORY_CGROUPS, `sevadocs-start-test-${process.pid}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'sevadocs-start-1gb-'));
  const restoredDir = join(dataDir, 'restored');
  const archive = join(dataDir, 'backup.tar.gz');
  let server: ChildProcess | undefined;
  const commandEnv = (): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'shop') };
    for (const name of ['NODE_ENV', 'DEPLOYMENT', 'DATABASE_URL', 'NODE_OPTIONS', 'VITEST', 'VITEST_POOL_ID'])
      delete env[name];
    return env;
  };

  afterAll(async () => {
    server?.kill('SIGKILL');
    if (server && server.exitCode === null && server.signalCode === null) {
      await new Promise((done) => server?.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await removeGroup(group);
  });

  it('starts for the first time (initdb, migrations, seed) within 1 GiB, on the baseline WebAssembly compiler, and serves the shop', async () => {
    mkdirSync(group);
    writeFileSync(join(group, 'memory.limit_in_bytes'), String(ONE_GB));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...commandEnv(), PORT: String(port) };
    const started = spawnInGroup(group, [process.execPath, 'scripts/start.mjs'], env);
    server = started.child;
    const base = `http://127.0.0.1:${port}`;
    const child = server;
    await waitForHealth(base, { ended: () => processEnd(child), timeoutMs: 240_000 }).catch((error: Error) => {
      throw new Error(`npm start: ${error.message}\n${started.output().slice(-3000)}`);
    });
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1');

    const pid = server.pid as number;
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain(WASM_BASELINE_ONLY_FLAG);
    const highWaterKb = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    expect(highWaterKb * 1024).toBeLessThan(ONE_GB);
    expect(readFileSync(join(group, 'memory.oom_control'), 'utf8')).toMatch(/^oom_kill 0$/m);

    // Stopped, as the README's backup with no server running: the command opens PGlite itself.
    server.kill('SIGTERM');
    await new Promise((done) => server?.once('exit', done));
  }, 300_000);

  it('writes a backup of that data directory and restores it into an empty one', async () => {
    const backup = await npmRunIn(group, 'backup', [archive], commandEnv());
    expect(backup, backup.output).toMatchObject({ code: 0, signal: null });
    expect(existsSync(archive)).toBe(true);
    const restore = await npmRunIn(group, 'restore', [archive], { ...commandEnv(), DATA_DIR: restoredDir });
    expect(restore, restore.output).toMatchObject({ code: 0, signal: null });
    expect(existsSync(join(restoredDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(readFileSync(join(group, 'memory.oom_control'), 'utf8')).toMatch(/^oom_kill 0$/m);
  }, 300_000);
});
