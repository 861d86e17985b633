import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('liveness and readiness', () => {
  it('answers liveness and readiness while everything is up', async () => {
    const health = await t.app.inject({ url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    // Anyone may ask: the answer names no engine or version to aim an attack by.
    expect(health.json().data).toEqual({ status: 'ok', database: 'up' });
    const live = await t.app.inject({ url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ isSuccess: true, data: { status: 'ok' } });
    const ready = await t.app.inject({ url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      isSuccess: true,
      message: 'Ready',
      data: { status: 'ready', checks: { database: 'up', storage: 'up', queue: 'up' } },
    });
  });

  it('is not ready when the database is gone, and says so; liveness and the old route answer as before', async () => {
    const broken = await buildTestApp();
    try {
      await broken.database.close();
      const ready = await broken.app.inject({ url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        isSuccess: false,
        statusCode: 503,
        message: 'Not ready: database down',
        data: { status: 'not-ready', checks: { database: 'down', storage: 'up', queue: 'up' } },
      });
      // Restarting the process would not bring the database back: it is alive.
      expect((await broken.app.inject({ url: '/api/v1/health/live' })).statusCode).toBe(200);
      expect((await broken.app.inject({ url: '/api/v1/health' })).statusCode).toBe(503);
    } finally {
      await broken.app.close();
    }
  });

  it('is not ready when the file storage cannot take files', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sevadocs-health-'));
    // Where the files folder belongs there is a file: the storage cannot make its folder.
    await writeFile(join(dataDir, 'files'), '');
    const app = await buildTestApp({ DATA_DIR: dataDir });
    try {
      const ready = await app.app.inject({ url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        message: 'Not ready: storage down',
        data: { checks: { database: 'up', storage: 'down', queue: 'up' } },
      });
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is not ready once its job queue stops (a process shutting down leaves the rotation)', async () => {
    const stopping = await buildTestApp();
    try {
      await stopping.app.jobs.stop();
      const ready = await stopping.app.inject({ url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ message: 'Not ready: queue down', data: { checks: { queue: 'down' } } });
    } finally {
      await stopping.close();
    }
  });
});
