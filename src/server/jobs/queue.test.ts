import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { createTestDatabase, TEST_SHARED_BUFFERS } from '../test/database.ts';
import { jobClaims } from './claims-tables.ts';
import {
  createJobQueue,
  JOB_HEARTBEAT_SECONDS,
  JOBS_SCHEMA,
  type JobLogger,
  type JobQueue,
  type JobQueueOptions,
} from './queue.ts';

// One file, both engines: the unit suite runs once on PGlite and once with TEST_DATABASE_URL set.
const engine = inject('databaseTemplate').kind;

let database: DatabaseHandle;
const started: JobQueue[] = [];
const logged: { level: 'info' | 'warn' | 'error'; msg: string; obj: object }[] = [];
const logger: JobLogger = {
  info: (obj, msg) => logged.push({ level: 'info', msg, obj }),
  warn: (obj, msg) => logged.push({ level: 'warn', msg, obj }),
  error: (obj, msg) => logged.push({ level: 'error', msg, obj }),
};

/** Short polls and immediate retries, so every test takes about a second. */
function newQueue(on: DatabaseHandle = database, options: JobQueueOptions = {}): JobQueue {
  const queue = createJobQueue(on, {
    logger,
    pollingIntervalSeconds: 0.5,
    duePollingIntervalSeconds: 0.5,
    retry: { retryDelaySeconds: 0, retryBackoff: false },
    ...options,
  });
  started.push(queue);
  return queue;
}

async function one<T>(text: string, values?: unknown[]): Promise<T> {
  const { rows } = await database.executeSql(text, values);
  return rows[0] as T;
}

const jobRow = (id: string) =>
  one<{ state: string; retryCount: number }>(
    `select state, retry_count as "retryCount" from ${JOBS_SCHEMA}.job where id = $1`,
    [id],
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = <T>(check: () => T | Promise<T>, timeout = 5_000) => vi.waitFor(check, { timeout, interval: 50 });

beforeAll(async () => {
  database = await createTestDatabase();
  // The test template holds the app's queues (global-setup.ts): these tests start from a migrated
  // database without pg-boss's schema, as a new deployment's is.
  await database.executeSql(`drop schema ${JOBS_SCHEMA} cascade`);
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((queue) => queue.stop({ timeoutMs: 1_000 })));
  const errors = logged.filter((entry) => entry.level === 'error');
  logged.length = 0;
  expect(errors).toEqual([]);
});
afterAll(() => database?.close());

describe(`background jobs on pg-boss (${engine})`, () => {
  it('creates the pgboss schema at start, beside the Drizzle migrations, and a restart reuses it', async () => {
    expect(database.kind).toBe(engine);
    const schemaCount = () =>
      one<{ n: number }>(`select count(*)::int as n from information_schema.schemata where schema_name = $1`, [
        JOBS_SCHEMA,
      ]);
    const drizzleMigrations = () => one<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const before = await drizzleMigrations();
    expect(before.n).toBeGreaterThan(0);
    expect((await schemaCount()).n).toBe(0);

    const queue = newQueue();
    expect(queue.engine).toBe(engine);
    await queue.start();
    expect((await schemaCount()).n).toBe(1);
    const version = await one<{ version: number }>(`select version from ${JOBS_SCHEMA}.version`);
    expect(version.version).toBeGreaterThan(0);

    // Drizzle's migrator runs again at every boot: it must not see or touch pg-boss's schema.
    await database.migrate();
    expect(await drizzleMigrations()).toEqual(before);
    const services = await one<{ n: number }>('select count(*)::int as n from services');
    expect(services.n).toBeGreaterThan(0);

    await queue.stop();
    const again = newQueue();
    await again.start();
    expect(await one<{ version: number }>(`select version from ${JOBS_SCHEMA}.version`)).toEqual(version);
  });

  it('runs a sent job with its data', async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    await queue.work<{ to: string; n: number }>('greet', async (job) => {
      seen.push({ name: job.name, data: job.data, attempt: job.attempt });
    });
    await queue.start();
    const id = await queue.send('greet', { to: 'ada@example.com', n: 1 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(seen).toEqual([{ name: 'greet', data: { to: 'ada@example.com', n: 1 }, attempt: 0 }]));
    await waitFor(async () => expect(await jobRow(id)).toEqual({ state: 'completed', retryCount: 0 }));
  });

  it('retries a failing attempt and completes when a retry succeeds', async () => {
    const queue = newQueue();
    const attempts: number[] = [];
    await queue.work(
      'flaky',
      async (job) => {
        attempts.push(job.attempt);
        if (job.attempt < 1) throw new Error(`smtp down (attempt ${job.attempt})`);
      },
      { retryLimit: 3 },
    );
    await queue.start();
    const id = await queue.send('flaky', { n: 1 });
    await waitFor(async () => expect(await jobRow(id)).toEqual({ state: 'completed', retryCount: 1 }));
    expect(attempts).toEqual([0, 1]);
    expect(logged.filter((entry) => entry.msg === 'job attempt failed')).toHaveLength(1);
  });

  it('gives up after the retry limit and marks the job failed', async () => {
    const queue = newQueue();
    const attempts: number[] = [];
    await queue.work(
      'doomed',
      async (job) => {
        attempts.push(job.attempt);
        throw new Error('always fails');
      },
      { retryLimit: 2 },
    );
    await queue.start();
    const id = await queue.send('doomed', {});
    await waitFor(async () => expect(await jobRow(id)).toEqual({ state: 'failed', retryCount: 2 }));
    await sleep(600); // more than one poll: no fourth attempt
    expect(attempts).toEqual([0, 1, 2]);

    // A per-job limit overrides the queue's.
    const once = await queue.send('doomed', {}, { retryLimit: 0 });
    await waitFor(async () => expect(await jobRow(once)).toEqual({ state: 'failed', retryCount: 0 }));
  });

  it('stop() waits for a running handler to finish', async () => {
    const queue = newQueue();
    let began!: () => void;
    const running = new Promise<void>((resolve) => {
      began = resolve;
    });
    let finished = false;
    await queue.work('slow', async () => {
      began();
      await sleep(400);
      finished = true;
    });
    await queue.start();
    const id = await queue.send('slow', {});
    await running;
    await queue.stop({ timeoutMs: 5_000 });
    expect(finished).toBe(true);
    expect(await jobRow(id)).toEqual({ state: 'completed', retryCount: 0 });
    await expect(queue.send('slow', {})).rejects.toThrow('the job queue is not started');
  });

  it('stop() releases a handler that outlasts the grace; the job runs again after a restart', async () => {
    const first = newQueue();
    let began!: () => void;
    const running = new Promise<void>((resolve) => {
      began = resolve;
    });
    let aborted = false;
    await first.work('stuck', async (job) => {
      began();
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = true;
    });
    await first.start();
    const id = await first.send('stuck', { n: 7 });
    await running;
    const t0 = performance.now();
    await first.stop({ timeoutMs: 1_000 });
    expect(performance.now() - t0).toBeLessThan(3_000);
    expect(aborted).toBe(true);
    expect(await jobRow(id)).toMatchObject({ state: 'retry' });

    const second = newQueue();
    const seen: unknown[] = [];
    await second.work('stuck', async (job) => {
      seen.push({ data: job.data, attempt: job.attempt });
    });
    await second.start();
    await waitFor(() => expect(seen).toEqual([{ data: { n: 7 }, attempt: 1 }]));
  });

  it("retries a job whose process died while running it on another machine, once its claim's heartbeat is stale", async () => {
    const producer = newQueue();
    await producer.start();
    const id = await producer.send('orphaned', { n: 3 });
    const { heartbeatSeconds } = await one<{ heartbeatSeconds: number }>(
      `select heartbeat_seconds as "heartbeatSeconds" from ${JOBS_SCHEMA}.job where id = $1`,
      [id],
    );
    expect(heartbeatSeconds).toBe(JOB_HEARTBEAT_SECONDS);
    // What a process killed mid-job leaves: the job active, its heartbeat last refreshed long ago,
    // and a claim this machine cannot check (another machine's process).
    await database.executeSql(
      `update ${JOBS_SCHEMA}.job set state = 'active', started_on = now() - interval '10 minutes',
         heartbeat_on = now() - interval '10 minutes' where id = $1`,
      [id],
    );
    await database.db
      .insert(jobClaims)
      .values({ jobId: id, queue: 'orphaned', data: { n: 3 }, host: 'another-machine', pid: 1 });
    const survivor = newQueue(database, { boss: { superviseIntervalSeconds: 1 } });
    const seen: unknown[] = [];
    await survivor.work('orphaned', async (job) => {
      seen.push({ data: job.data, attempt: job.attempt });
    });
    await survivor.start();
    await waitFor(() => expect(seen).toEqual([{ data: { n: 3 }, attempt: 1 }]), 15_000);
    await waitFor(() => jobRow(id).then((row) => expect(row).toMatchObject({ state: 'completed', retryCount: 1 })));
  });

  it('keeps jobs sent while no worker runs across a stop and start (they are rows, not memory)', async () => {
    const producer = newQueue();
    await producer.start();
    const ids = [await producer.send('later', { n: 1 }), await producer.send('later', { n: 2 })];
    await producer.stop();
    expect(await jobRow(ids[0] as string)).toMatchObject({ state: 'created' });

    const consumer = newQueue();
    const seen: number[] = [];
    await consumer.work<{ n: number }>('later', async (job) => {
      seen.push(job.data.n);
    });
    await consumer.start();
    await waitFor(() => expect(seen.sort()).toEqual([1, 2]));
  });

  it('sends inside a Drizzle transaction: the job exists only if the transaction commits', async () => {
    const queue = newQueue();
    const seen: number[] = [];
    await queue.work<{ n: number }>('outbox', async (job) => {
      seen.push(job.data.n);
    });
    await queue.start();

    await database.db.transaction(async (tx) => {
      await queue.send('outbox', { n: 1 }, { tx });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send('outbox', { n: 2 }, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send('no-such-queue', {}, { tx });
      }),
    ).rejects.toThrow('before its queue exists');

    await waitFor(() => expect(seen).toEqual([1]));
    await sleep(600);
    expect(seen).toEqual([1]);
    const rows = await one<{ n: number }>(`select count(*)::int as n from ${JOBS_SCHEMA}.job where name = 'outbox'`);
    expect(rows.n).toBe(1);
  });

  it('drain() runs the due jobs in the call, settles a failure as a worker would and leaves retries not yet due', async () => {
    const queue = newQueue(database, { workers: false });
    const seen: { n: number; attempt: number }[] = [];
    await queue.work<{ n: number }>('by-hand', async (job) => {
      seen.push({ n: job.data.n, attempt: job.attempt });
      if (job.data.n === 2 && job.attempt === 0) throw new Error('first attempt of 2 fails');
      if (job.data.n === 3) throw new Error('3 always fails');
    });
    await queue.start();
    const one = await queue.send('by-hand', { n: 1 });
    const two = await queue.send('by-hand', { n: 2 });
    await sleep(1_200); // two polls' worth: nothing polls in this mode
    expect(seen).toEqual([]);
    expect(await jobRow(one)).toMatchObject({ state: 'created' });

    // 2's retry has no delay here, so it is due again within the same drain.
    expect(await queue.drain()).toBe(3);
    expect(seen).toEqual([
      { n: 1, attempt: 0 },
      { n: 2, attempt: 0 },
      { n: 2, attempt: 1 },
    ]);
    expect(await jobRow(one)).toEqual({ state: 'completed', retryCount: 0 });
    expect(await jobRow(two)).toEqual({ state: 'completed', retryCount: 1 });
    expect(await queue.drain()).toBe(0);

    const three = await queue.send('by-hand', { n: 3 }, { retryDelaySeconds: 60 });
    expect(await queue.drain()).toBe(1);
    expect(await jobRow(three)).toEqual({ state: 'retry', retryCount: 0 });
    expect(await queue.drain()).toBe(0);
    expect(logged.filter((entry) => entry.msg === 'job attempt failed')).toHaveLength(2);
    await expect(createJobQueue(database, { logger }).drain()).rejects.toThrow('the job queue is not started');
  });

  it('drain() waits for a job a worker is being handed (fetched, not yet claimed), but not for one fetched long ago', async () => {
    const queue = newQueue(database, { workers: false });
    await queue.work('handed', async () => {});
    await queue.start();
    const id = await queue.send('handed', {});
    // As pg-boss leaves a job between its fetch and the handler's claim: active, started just now.
    await database.executeSql(`update ${JOBS_SCHEMA}.job set state = 'active', started_on = now() where id = $1`, [id]);
    const waitedFrom = Date.now();
    expect(await queue.drain()).toBe(0);
    // HAND_OFF_SECONDS (2 s) after its fetch, the job counts as its fetcher's orphan, not a hand-off.
    expect(Date.now() - waitedFrom).toBeGreaterThanOrEqual(1_000);

    await database.executeSql(`update ${JOBS_SCHEMA}.job set started_on = now() - interval '1 minute' where id = $1`, [
      id,
    ]);
    const lookedFrom = Date.now();
    expect(await queue.drain()).toBe(0);
    expect(Date.now() - lookedFrom).toBeLessThan(1_000);
  });

  it('drain() with workers on waits for the job its own worker took, then runs what that job queued', async () => {
    const queue = newQueue(database, { pollingIntervalSeconds: 30 });
    const seen: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await queue.work('first', async () => {
      await held;
      // Noted before 'second' exists: its own worker, woken by the send, may run it before this
      // handler's next line (seen once on PostgreSQL under load).
      seen.push('first');
      await queue.send('second', {});
    });
    await queue.work('second', async () => {
      seen.push('second');
    });
    await queue.start();
    await queue.send('first', {});
    // The worker wakes on the job and holds it: nothing is due for the drain to fetch itself.
    await waitFor(async () =>
      expect(
        await one(`select count(*)::int as n from ${JOBS_SCHEMA}.job where name = 'first' and state = 'active'`),
      ).toEqual({ n: 1 }),
    );
    const draining = queue.drain();
    setTimeout(release, 200);
    await draining;
    expect(seen).toEqual(['first', 'second']);
  });

  it('copies a job that ran out of attempts to its dead letter queue', async () => {
    const queue = newQueue();
    const gaveUp: unknown[] = [];
    await queue.work('fragile.gave-up', async (job) => {
      gaveUp.push(job.data);
    });
    await queue.work(
      'fragile',
      async () => {
        throw new Error('always fails');
      },
      { retryLimit: 1, deadLetter: 'fragile.gave-up' },
    );
    await queue.start();
    const id = await queue.send('fragile', { n: 5 });
    await waitFor(() => expect(gaveUp).toEqual([{ n: 5 }]));
    expect(await jobRow(id)).toEqual({ state: 'failed', retryCount: 1 });
  });

  describe('schedules', () => {
    // pg-boss looks for due schedules every 30 s and forwards their jobs every 5 s by default:
    // once a second here, its minimum.
    const fastCron: JobQueueOptions = { boss: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } };
    const scheduleRows = async (name: string) => {
      const { rows } = await database.executeSql(`select cron, data from ${JOBS_SCHEMA}.schedule where name = $1`, [
        name,
      ]);
      return rows;
    };
    const jobCount = async (name: string) =>
      (await one<{ n: number }>(`select count(*)::int as n from ${JOBS_SCHEMA}.job where name = $1`, [name])).n;

    // pg-boss sends an occurrence while less than a minute has passed since it (its `shouldSendIt`),
    // so the cron names the current minute; late in a minute the test waits for the next one, so
    // that the passes (a second apart) see it while it is due. That wait is part of its time.
    const LATE_IN_MINUTE_S = 45;
    const SCHEDULE_TEST_TIMEOUT_MS = (60 - LATE_IN_MINUTE_S) * 1000 + 15_000 + 3_000 + 5_000;
    it(
      'fires an occurrence once, however many queues (processes) share the database',
      async () => {
        if (new Date().getUTCSeconds() > LATE_IN_MINUTE_S) await sleep(61_000 - (Date.now() % 60_000));
        // This minute of every hour: exactly one occurrence falls in the test, whenever it runs.
        const cron = `${new Date().getUTCMinutes()} * * * *`;
        const seen: { queue: number; data: unknown }[] = [];
        const queues = [newQueue(database, fastCron), newQueue(database, fastCron)];
        for (const [index, queue] of queues.entries()) {
          await queue.work('tick', async (job) => {
            seen.push({ queue: index, data: job.data });
          });
          await queue.schedule('tick', cron, { n: 1 });
          await queue.start();
        }
        await waitFor(() => expect(seen).toHaveLength(1), 15_000);
        await sleep(3_000); // several more passes by both queues
        expect(seen).toEqual([{ queue: expect.any(Number), data: { n: 1 } }]);
        expect(await jobCount('tick')).toBe(1);
        await queues[0]?.unschedule('tick');
      },
      SCHEDULE_TEST_TIMEOUT_MS,
    );

    it('stores a schedule at start, replaces and removes it; without workers none fires', async () => {
      const queue = newQueue(database, { ...fastCron, workers: false });
      await queue.work('report', async () => {});
      await queue.schedule('report', '* * * * *', { kind: 'hourly' });
      expect(await scheduleRows('report')).toEqual([]);
      await queue.start();
      expect(await scheduleRows('report')).toEqual([{ cron: '* * * * *', data: { kind: 'hourly' } }]);
      await sleep(2_500); // two passes' worth, had the cron pass been running
      expect(await jobCount('report')).toBe(0);

      await queue.schedule('report', '17 * * * *');
      expect(await scheduleRows('report')).toEqual([{ cron: '17 * * * *', data: {} }]);
      await expect(queue.schedule('report', 'every hour')).rejects.toThrow();
      await queue.unschedule('report');
      expect(await scheduleRows('report')).toEqual([]);
      // The refused expression was not kept: a restart applies the removal and starts cleanly.
      await queue.stop();
      await queue.start();
      expect(await scheduleRows('report')).toEqual([]);
    });

    it('refuses to start with an expression pg-boss cannot read, naming the schedule', async () => {
      const queue = newQueue(database, { workers: false });
      await queue.schedule('nightly', 'at night');
      await expect(queue.start()).rejects.toThrow('Schedule of "nightly" (at night)');
    });
  });

  describe('prompt work: wake-ups and batches (decision 0089)', () => {
    it('wakes an idle worker when a job is written, by this process or another, instead of at its next poll', async () => {
      const worker = newQueue(database, { pollingIntervalSeconds: 30 });
      const seen: string[] = [];
      await worker.work<{ from: string }>('prompt', async (job) => {
        seen.push(job.data.from);
      });
      await worker.start();
      await sleep(500); // its first fetch found nothing: it would now wait out its 30 s poll

      await worker.send('prompt', { from: 'this process' });
      await waitFor(() => expect(seen).toEqual(['this process']), 3_000);
      // Written in a transaction: announced when it commits.
      await database.db.transaction(async (tx) => {
        await worker.send('prompt', { from: 'a transaction' }, { tx });
      });
      await waitFor(() => expect(seen).toEqual(['this process', 'a transaction']), 3_000);
      // Another process: a queue of its own on the same database (on PostgreSQL, its own sessions).
      const other = newQueue(database, { workers: false });
      await other.start();
      await other.send('prompt', { from: 'another process' });
      await waitFor(() => expect(seen).toEqual(['this process', 'a transaction', 'another process']), 3_000);
    });

    it('while NOTIFYs reach it, looks for due jobs at the due-jobs poll, not its fallback poll', async () => {
      // A fallback poll of 0.5 s would run the delayed job half a second after it comes due.
      const relaxed = newQueue(database, { pollingIntervalSeconds: 0.5, duePollingIntervalSeconds: 30 });
      const seen: string[] = [];
      await relaxed.work<{ name: string }>('due-relaxed', async (job) => {
        seen.push(job.data.name);
      });
      await relaxed.start();
      await relaxed.send('due-relaxed', { name: 'delayed' }, { startAfterSeconds: 1 });
      await sleep(3_000);
      expect(seen).toEqual([]);
      // The next job announced wakes the worker, whose fetch takes the one that came due too.
      await relaxed.send('due-relaxed', { name: 'announced' });
      await waitFor(() => expect([...seen].sort()).toEqual(['announced', 'delayed']), 3_000);

      // A short due-jobs poll finds a delayed job coming due with nothing announced.
      const prompt = newQueue(database, { pollingIntervalSeconds: 0.5, duePollingIntervalSeconds: 1 });
      await prompt.work<{ name: string }>('due-prompt', async (job) => {
        seen.push(job.data.name);
      });
      await prompt.start();
      await prompt.send('due-prompt', { name: 'found by the poll' }, { startAfterSeconds: 1 });
      await waitFor(() => expect(seen).toContain('found by the poll'), 4_000);
    });

    it('runs at once what a killed process on this machine was running; a live process keeps its jobs', async () => {
      // A process that has exited: its id names nobody now.
      const deadPid = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid as number;
      const [orphan, running] = [randomUUID(), randomUUID()];
      await database.db.insert(jobClaims).values([
        { jobId: orphan, queue: 'orphans', data: { n: 1 }, host: hostname(), pid: deadPid },
        { jobId: running, queue: 'orphans', data: { n: 2 }, host: hostname(), pid: process.ppid },
      ]);

      const worker = newQueue(database, { pollingIntervalSeconds: 30 });
      const seen: number[] = [];
      await worker.work<{ n: number }>('orphans', async (job) => {
        seen.push(job.data.n);
      });
      await worker.start();
      await waitFor(() => expect(seen).toEqual([1]), 3_000);
      const claims = await database.db.select().from(jobClaims);
      expect(claims.map((c) => c.jobId)).toEqual([running]);
    });

    it('runs at once a job fetched before this process started that nobody claims (its fetcher died before claiming it)', async () => {
      const producer = newQueue(database, { workers: false });
      await producer.start();
      const [unclaimed, justFetched] = [
        await producer.send('fetched', { n: 1 }),
        await producer.send('fetched', { n: 2 }),
      ];
      // pg-boss's fetch committed, the claim insert never ran, before this process started (it
      // started before the test's queue: the suite reuses its processes); and one a live process
      // fetched just now.
      const beforeThisProcess = new Date(Date.now() - process.uptime() * 1000 - 60_000);
      await database.executeSql(`update ${JOBS_SCHEMA}.job set state = 'active', started_on = $2 where id = $1`, [
        unclaimed,
        beforeThisProcess.toISOString(),
      ]);
      await database.executeSql(`update ${JOBS_SCHEMA}.job set state = 'active', started_on = now() where id = $1`, [
        justFetched,
      ]);

      const worker = newQueue(database, { pollingIntervalSeconds: 30 });
      const seen: number[] = [];
      await worker.work<{ n: number }>('fetched', async (job) => {
        seen.push(job.data.n);
      });
      await worker.start();
      await waitFor(() => expect(seen).toEqual([1]), 3_000);
      // Its claim while it ran is gone once it settled; the just-fetched one was left to its fetcher.
      const claimsOfThese = () =>
        database.db
          .select()
          .from(jobClaims)
          .where(inArray(jobClaims.jobId, [unclaimed, justFetched]));
      await waitFor(async () => expect(await claimsOfThese()).toEqual([]));
      expect(seen).toEqual([1]);
    });

    it('runs, once the grace has passed, a job its dead fetcher left unclaimed just before this process started', async () => {
      const startedAt = new Date();
      const worker = newQueue(database, { pollingIntervalSeconds: 30, claims: { startedAt, unclaimedGraceMs: 1_000 } });
      const seen: number[] = [];
      await worker.work<{ n: number }>('fetched-late', async (job) => {
        seen.push(job.data.n);
      });
      await worker.start();
      // Fetched a moment before this process started by one that died before claiming it, so the
      // first look at start, within the grace, left it (a live fetcher may still have claimed it).
      const id = await worker.send('fetched-late', { n: 1 }, { startAfterSeconds: 3600 });
      await database.executeSql(`update ${JOBS_SCHEMA}.job set state = 'active', started_on = $2 where id = $1`, [
        id,
        new Date(startedAt.getTime() - 200).toISOString(),
      ]);
      expect(seen).toEqual([]);
      await waitFor(() => expect(seen).toEqual([1]), 3_000);
    });

    it('runs up to `concurrency` jobs at once, settles each alone, and drains a backlog without waiting for polls', async () => {
      const producer = newQueue(database, { workers: false });
      await producer.start();
      const ids: string[] = [];
      for (let n = 1; n <= 7; n += 1) ids.push(await producer.send('backlog', { n }));

      const worker = newQueue(database, { pollingIntervalSeconds: 30 });
      let running = 0;
      let most = 0;
      await worker.work<{ n: number }>(
        'backlog',
        async (job) => {
          running += 1;
          most = Math.max(most, running);
          await sleep(100);
          running -= 1;
          // One failure in a batch fails only its own job, which is retried.
          if (job.data.n === 1 && job.attempt === 0) throw new Error('first attempt of 1 fails');
        },
        { concurrency: 3 },
      );
      await worker.start();
      await waitFor(async () => {
        const states = await Promise.all(ids.map(jobRow));
        expect(states).toEqual(ids.map((_, i) => ({ state: 'completed', retryCount: i === 0 ? 1 : 0 })));
      }, 5_000);
      expect(most).toBe(3);
    });
  });

  it('refuses to send before start, and stop() on a queue never started resolves', async () => {
    const queue = createJobQueue(database, { logger });
    await expect(queue.send('greet', {})).rejects.toThrow('the job queue is not started');
    await expect(queue.stop()).resolves.toBeUndefined();
    await queue.work('twice', async () => {});
    await expect(queue.work('twice', async () => {})).rejects.toThrow('already has a worker');
  });

  it.runIf(engine === 'pglite')('keeps a queued job when the embedded database is closed and reopened', async () => {
    const producer = newQueue();
    await producer.start();
    const id = await producer.send('durable', { n: 42 });
    await producer.stop();
    if (!database.pglite) throw new Error('expected PGlite');
    // What a process restart sees: the data directory as written, loaded into a new PGlite.
    const reopened = await openDatabase({
      kind: 'pglite',
      loadDataDir: await database.pglite.dumpDataDir('none'),
      sharedBuffers: TEST_SHARED_BUFFERS,
    });
    try {
      const consumer = newQueue(reopened);
      const seen: unknown[] = [];
      await consumer.work('durable', async (job) => {
        seen.push({ id: job.id, data: job.data });
      });
      await consumer.start();
      await waitFor(() => expect(seen).toEqual([{ id, data: { n: 42 } }]));
      await consumer.stop();
    } finally {
      await reopened.close();
    }
  });
});
