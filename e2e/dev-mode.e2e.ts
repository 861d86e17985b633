import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';
import { setupE2E } from './support/browser.ts';
import { expectVisible, waitForHydration } from './support/page.ts';

const ROOT = resolve(import.meta.dirname, '..');
const HMR_RUNTIME = 'virtual:react-router/inject-hmr-runtime';

// The worker's browser; the context this file opens on the dev server closes when the file ends.
const e2e = setupE2E();

/** The production server of the suite (NODE_ENV=production, TEST_HARNESS=1) serves built, hashed assets only. */
describe('the built app', () => {
  it('ships no Vite dev client or hot-reload runtime', async () => {
    const html = await (await fetch(`${inject('baseURL')}/`)).text();
    expect(html).not.toContain(HMR_RUNTIME);
    expect(html).not.toContain('/@vite/client');
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/[^"]+\.js"/);
  });
});

/** `npm run dev`: the same server, with the web app served by Vite in middleware mode. */
describe('npm run dev', () => {
  let server: ChildProcess;
  let dataDir: string;
  let origin: string;
  let output = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sevadocs-dev-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    for (const name of ['NODE_ENV', 'DATABASE_URL', 'BUILD_DIR', 'DEPLOYMENT']) delete env[name];
    // The very command the README gives, so its NODE_ENV=development is what is tested.
    // Its own process group, so stopping it stops npm and the server npm started.
    server = spawn('npm', ['run', '--silent', 'dev'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    // A cold start migrates and seeds a new database and starts Vite: a loaded machine takes long.
    const deadline = Date.now() + 110_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`npm run dev exited (${server.exitCode}):\n${output}`);
      const ok = await fetch(`${origin}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`npm run dev did not answer within 110 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 120_000);

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('renders pages with the hot-reload runtime and serves source modules through Vite', async () => {
    const html = await (await fetch(`${origin}/`)).text();
    expect(html).toContain(HMR_RUNTIME);
    expect(html).toContain('<h1');
    const module = await fetch(`${origin}/src/web/root.tsx`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toMatch(/javascript/);
    const api = await fetch(`${origin}/api/v1/services`);
    expect((await api.json()) as { isSuccess: boolean }).toMatchObject({ isSuccess: true });
    expect(output).toContain('"nodeEnv":"development"');
  }, 60_000);

  it('hydrates the page in Chromium', async () => {
    const context = await e2e.browser().newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${origin}/about-us`, { timeout: 50_000 });
    await waitForHydration(page);
    await expectVisible(page.getByRole('heading', { level: 1 }));
    expect(errors).toEqual([]);
  }, 60_000);
});
