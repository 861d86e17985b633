import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/free-port.ts';
import { processEnd, waitForHealth } from '../../scripts/wait-for-health.ts';
import { UNDOCUMENTED_ANSWERS_FILE } from '../../src/server/plugins/answer-check.ts';
import { DELIBERATE_CRASH_MESSAGE } from '../../src/web/lib/dev-pages.ts';
import { CHROMIUM_PATH, E2E_ADMIN_EMAIL } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the production server the suite runs against, e.g. http://127.0.0.1:41234. */
    baseURL: string;
    /** The server's DATA_DIR: a journey checks what is in its file storage (DATA_DIR/files). */
    dataDir: string;
  }
}

const ROOT = resolve(import.meta.dirname, '../..');
/**
 * Where the production build for this suite goes (honoured by react-router.config.ts and server.ts).
 * With E2E_BUILT=1 the suite takes the build already there instead of making one (CI's build once).
 */
const BUILD_DIR = process.env.E2E_BUILD_DIR ?? '.tmp/e2e-build';
const BUILD_TIMEOUT_MS = 180_000;
// A fresh data directory is migrated and seeded before the first answer: ~10 s on a quiet machine, past
// 45 s when other suites share its two cores (seen while several worktrees ran their tests).
const READY_TIMEOUT_MS = 120_000;
const MAX_LOG_CHARS = 20_000;

/** Keeps the last MAX_LOG_CHARS of a child's output so a failure can show it. */
function captureOutput(child: ChildProcess): () => string {
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-MAX_LOG_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => log;
}

/**
 * Whether a line of the server's output is a failure no journey meant: an entry of its log at error
 * level or above other than /dev/crash's deliberate one, or a line that is not one of its JSON
 * entries (a stack or message printed on the console, outside the log).
 */
function isUnexpectedFailure(line: string): boolean {
  let entry: { level?: unknown; err?: { message?: unknown } };
  try {
    entry = JSON.parse(line);
  } catch {
    return true;
  }
  if (typeof entry?.level !== 'number') return true;
  return entry.level >= 50 && entry.err?.message !== DELIBERATE_CRASH_MESSAGE;
}

/** Collects, line by line, what the server printed that `isUnexpectedFailure` flags. */
function watchForFailures(child: ChildProcess): () => string[] {
  const failures: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim() && isUnexpectedFailure(line)) failures.push(line.slice(0, 2_000));
    });
  }
  return () => failures;
}

async function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child);
  const code = await new Promise<number | string>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done(`timed out after ${timeoutMs} ms`);
    }, timeoutMs);
    child.on('error', fail);
    child.on('exit', (exitCode, signal) => {
      clearTimeout(timer);
      done(exitCode ?? signal ?? 'unknown');
    });
  });
  if (code !== 0) {
    throw new Error(`e2e setup: \`${[command, ...args].join(' ')}\` failed (${code}):\n${output()}`);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Builds the production app, starts `node src/server/server.ts` on a free loopback port with a
 * fresh data directory (it migrates and seeds on start) and hands the specs its address.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `e2e setup: Chromium was not found at ${CHROMIUM_PATH}. Install Debian's package (apt-get install chromium); ` +
        'the suite drives it through playwright-core and never downloads a browser.',
    );
  }

  if (process.env.E2E_BUILT === '1') {
    // CI builds once: `npm start`'s smoke has just built this tree into E2E_BUILD_DIR.
    if (!existsSync(resolve(ROOT, BUILD_DIR, 'server/index.js'))) {
      throw new Error(`e2e setup: E2E_BUILT=1 but ${BUILD_DIR} holds no build (server/index.js)`);
    }
  } else {
    const buildEnv = { ...process.env, BUILD_DIR, NODE_ENV: 'production' };
    await run(
      process.execPath,
      [join(ROOT, 'node_modules/@react-router/dev/bin.cjs'), 'build'],
      buildEnv,
      BUILD_TIMEOUT_MS,
    );
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'sevadocs-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // The suite runs on its own fresh PGlite with the default contact details the specs expect.
  const inherited = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'SEED_ON_START',
    'TOLL_FREE_NUMBER',
    'SUPPORT_EMAIL',
    'WHATSAPP_NUMBER',
    'BLOG_URL',
  ]) {
    delete inherited[name];
  }
  const server = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      BUILD_DIR,
      // Pages render with React's production build, as a shop's do (an uncached render costs
      // 45 % less CPU than with the development build); TEST_HARNESS keeps what the journeys need
      // of a test server: the answer check, the accounts' test rate limits and /dev/crash (env.ts).
      NODE_ENV: 'production',
      TEST_HARNESS: '1',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SITE_URL: baseURL,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(server);
  const failures = watchForFailures(server);
  if (process.env.E2E_SERVER_LOG) {
    const echo = (chunk: Buffer) => process.stderr.write(`[e2e server] ${chunk}`);
    server.stdout?.on('data', echo);
    server.stderr?.on('data', echo);
  }

  try {
    await waitForHealth(baseURL, { ended: () => processEnd(server), timeoutMs: READY_TIMEOUT_MS, intervalMs: 150 });
  } catch (error) {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`e2e setup: ${(error as Error).message}\nServer output:\n${output()}`);
  }

  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);

  return async () => {
    await stop(server);
    // Every API answer the journeys received was checked against the API document by the server
    // (TEST_HARNESS, plugins/answer-check.ts); one it does not declare fails the run here.
    const undocumented = await readFile(join(dataDir, UNDOCUMENTED_ANSWERS_FILE), 'utf8').catch(() => '');
    await rm(dataDir, { recursive: true, force: true });
    if (undocumented.trim()) {
      throw new Error(`e2e: the server gave API answers its OpenAPI document does not declare:\n${undocumented}`);
    }
    // A journey can pass in the browser while the server failed behind it (a swallowed error, a
    // crash of a background step): any such failure in the server's output fails the run here.
    if (failures().length > 0) {
      throw new Error(`e2e: the server logged failures no journey meant:\n${failures().join('\n')}`);
    }
  };
}
