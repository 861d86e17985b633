// Builds the production app and runs the real server as a child process on a fresh database.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../scripts/free-port.ts';
import { waitForHealth } from '../scripts/wait-for-health.ts';
import type { Database } from '../src/server/db/client.ts';
import { BENCH_ADMIN_EMAIL, createBenchSessions } from './account.ts';
import { BENCH_WEBHOOK_SECRET } from './webhook.ts';

export const ROOT = join(import.meta.dirname, '..');
export const BUILD_DIR = 'build-bench';

/** `react-router build` into build-bench/, so a bench never disturbs someone else's build/. */
export async function buildApp(): Promise<void> {
  const child = spawn(join(ROOT, 'node_modules/.bin/react-router'), ['build'], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    process.stderr.write(Buffer.concat(output));
    throw new Error(`react-router build failed (exit ${code})`);
  }
}

export interface RunningServer {
  baseUrl: string;
  pid: number | undefined;
  /** `Cookie` header values of live sessions of one verified user (bench/account.ts); the first is the signed-in scenarios'. */
  sessionCookies: string[];
  /** `Cookie` header value of the ADMIN_EMAILS admin's session (the back-office scenarios). */
  adminCookie: string;
  /** performance.now() when GET /api/v1/health first answered 200 (bench/memory.ts waits from there). */
  readyAt: number;
  stop(): Promise<void>;
}

/**
 * Starts the server as `npm start` does, in production mode on a free loopback port, a fresh data
 * directory (so it migrates and seeds) and the bench build, with the ceiling route preloaded.
 * Before it starts, `seed` writes the selected scenarios' data and a verified user and an admin sign
 * in on that database (the signed-in scenarios' cookies). Resolves once GET /api/v1/health answers 200.
 */
export async function startServer({
  timeoutMs = 120_000,
  sessions = 1,
  seed,
  env: overrides = {},
}: {
  timeoutMs?: number;
  sessions?: number;
  /** Writes the scenario's data; `dataDir` is the server's DATA_DIR (its files under `files/`). */
  seed?: (db: Database, dataDir: string) => Promise<void>;
  /** Environment of this server on top of the bench's (e.g. a reachable SMTP_URL). */
  env?: NodeJS.ProcessEnv;
} = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'sevadocs-bench-'));
  let signedIn: Awaited<ReturnType<typeof createBenchSessions>>;
  try {
    // The server keeps its PGlite database in $DATA_DIR/pglite.
    signedIn = await createBenchSessions(
      { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      sessions,
      seed && ((db) => seed(db, dataDir)),
    );
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_ON_START: 'true',
    // Production requires SMTP; nothing listens on the discard port, so bench traffic never mails anyone.
    SMTP_URL: 'smtp://127.0.0.1:9',
    // Production requires the captcha keys; the bench never calls the human check.
    RECAPTCHA_SECRET_KEY: 'bench-secret',
    RECAPTCHA_SITE_KEY: 'bench-site-key',
    LOG_LEVEL: 'warn',
    BUILD_DIR,
    SANDBOX_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
    ADMIN_EMAILS: BENCH_ADMIN_EMAIL,
    ...overrides,
  };
  // Measure the defaults: embedded PGlite and the default page-cache lifetime.
  delete env.DATABASE_URL;
  delete env.PAGE_CACHE_SECONDS;
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  // Started as `npm start` starts it: scripts/start.mjs becomes the server with its V8 and allocator
  // settings (src/server/process-settings.ts), keeping these flags.
  // BENCH_SERVER_FLAGS: more flags for the server, e.g. `--liftoff-only` for what a machine under 2 GB runs (decision 0144).
  const extra = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const args = [...profile, ...extra, '--import', './bench/bare-route.ts', 'scripts/start.mjs'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[server] ${line}\n`)
      .join('');
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (exitCode === undefined) {
        child.kill('SIGTERM');
        const killed = await Promise.race([exited.then(() => true), sleep(10_000, false)]);
        if (!killed) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      await rm(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    await waitForHealth(baseUrl, { ended: () => (exitCode === undefined ? null : `code ${exitCode}`), timeoutMs });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    pid: child.pid,
    sessionCookies: signedIn.visitor,
    adminCookie: signedIn.admin,
    readyAt: performance.now(),
    stop,
  };
}
