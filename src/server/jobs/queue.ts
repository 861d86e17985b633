import { sql } from 'drizzle-orm';
import {
  type ConstructorOptions,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Db as IDatabase,
  PgBoss,
  type Job as PgBossJob,
} from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { listenOnChannel } from '../db/listener.ts';
import { createJobClaims, JOBS_SCHEMA, type JobClaimsOptions } from './job-claims.ts';

/**
 * Background jobs (e-mail, notifications, photo processing) on pg-boss, on both engines:
 * PGlite through pg-boss's own `fromPglite` adapter (`backend: 'pglite'`), PostgreSQL through the
 * app's pool. pg-boss keeps its tables in their own schema, next to Drizzle's, and creates or
 * migrates them in `start()`. See docs/decisions/0010-background-jobs.md.
 */
export { JOBS_SCHEMA };

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt, 1 on the first retry, … */
  attempt: number;
  /** Aborted when the job's time is up (expiry or a stop() that outlasted its grace): stop work then. */
  signal: AbortSignal;
}

/** Resolve to complete the job; throw to fail the attempt (it is retried while retries remain). */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface RetryPolicy {
  /** Retries after the first attempt before the job is marked failed. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Exponential backoff from `retryDelaySeconds` (with jitter). */
  retryBackoff?: boolean;
  /** Longest wait between two attempts when backing off; unset means no ceiling. */
  retryDelayMaxSeconds?: number;
  /** How long one attempt may stay active before it is failed (and retried). */
  expireInSeconds?: number;
}

export interface WorkOptions extends RetryPolicy {
  /**
   * How many jobs of this queue run at once in this process (default 1). The worker claims up to
   * this many in one fetch, runs them side by side and settles each by itself; while its fetches
   * come back full it fetches again at once, so a backlog drains without waiting for polls.
   */
  concurrency?: number;
  /**
   * The worker's idle poll while no NOTIFY reaches this process (a LISTEN refused, e.g. behind a
   * transaction-mode pooler). With NOTIFYs, new jobs wake it at once and the queue's
   * duePollingIntervalSeconds finds what nobody announces.
   */
  pollingIntervalSeconds?: number;
  /**
   * A queue that receives a copy of every job of this one that ran out of attempts (also by
   * expiring), so something can act on the give-up. Register its worker before this one's.
   */
  deadLetter?: string;
}

export interface SendOptions extends RetryPolicy {
  startAfterSeconds?: number;
  /**
   * The Drizzle transaction the job belongs to: it is inserted by that transaction, so it exists
   * only if the transaction commits. Required when sending from inside `db.transaction()`: PGlite
   * has one connection, which the open transaction holds, so a send outside it would wait forever.
   */
  tx?: Pick<Database, 'execute'>;
}

export interface JobQueue {
  readonly engine: DatabaseHandle['kind'];
  /** Creates or migrates the `pgboss` schema, then starts the workers registered so far. */
  start(): Promise<void>;
  /**
   * Stops fetching, waits up to `timeoutMs` (at least 1 s) for running handlers to finish, then
   * releases what is still running: those attempts are failed, so the job is retried later
   * (at-least-once). Resolves once the queue is idle; a stopped queue can be started again.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Enqueues a job and resolves to its id. The queue must be started. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /**
   * Registers the one handler of a queue in this process. Before start() it is attached when the
   * queue starts (and again after a restart); after start() at once. Its retry policy becomes the
   * queue's default for jobs sent from then on.
   */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /**
   * Runs, in this call and one at a time, the jobs of the registered queues (or of `names`) that
   * are due now, until none is due. A failed attempt is settled as a worker's would be (retried
   * after its delay, or failed), so a job whose retry is not due yet stays for later. Resolves to
   * the number of attempts run. For tests and tools: it works with or without polling workers.
   */
  drain(names?: string[]): Promise<number>;
  /**
   * Sends a job to `name` with `data` at every occurrence of `cron` (five fields, evaluated in UTC),
   * once per occurrence however many processes share the database: pg-boss's cron pass is claimed
   * by one instance per interval, and the job it files is a singleton per (schedule, minute). The
   * schedule is a row (pgboss.schedule) that outlives the process: before start() it is written at
   * start, after start() at once, and a later call replaces it. Whoever works `name` runs the jobs.
   */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Removes the stored schedule of `name`, if any (configuration that turned a schedule off). */
  unschedule(name: string): Promise<void>;
  /** Whether the queue is started in this process (false before start() and from stop() on): send() works. */
  isRunning(): boolean;
  /** Every queue's jobs now, read from the database (the same answer in every process sharing it). */
  stats(): Promise<QueueStats[]>;
}

export interface QueueStats {
  queue: string;
  /** Waiting and due: a worker may take them now. */
  ready: number;
  /** Waiting for a later time (a retry's delay, a reminder's day) or for another job. */
  deferred: number;
  active: number;
  /** How long the longest-waiting ready job has been due, in seconds; 0 when none is ready. */
  oldestReadySeconds: number;
}

/** pino's (Fastify's `app.log`) shape. */
export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueueOptions {
  logger?: JobLogger;
  /** Policy of queues that no work() call configured. */
  retry?: RetryPolicy;
  /** Default idle poll of workers while no NOTIFY reaches this process; pg-boss's minimum is 0.5 s. */
  pollingIntervalSeconds?: number;
  /**
   * While NOTIFYs reach this process (new jobs wake the workers), how often an idle worker still
   * looks for what nobody announces: a retry or a delayed job coming due. Default
   * DUE_JOBS_POLL_SECONDS; never shorter than the worker's own poll.
   */
  duePollingIntervalSeconds?: number;
  /**
   * `false`: start() creates the queues and send() works, but no worker polls and no schedule
   * fires (schedules are still stored); jobs run only through drain() (tests that want to say when
   * jobs run). Default `true`.
   */
  workers?: boolean;
  /** Default grace of stop(). */
  stopTimeoutMs?: number;
  /** Anything else pg-boss takes (maintenance intervals, …); the connection is not overridable. */
  boss?: Omit<ConstructorOptions, 'db' | 'backend' | 'schema' | 'connectionString'>;
  /** How this process's job claims see it (tests: a process that has just started). */
  claims?: JobClaimsOptions;
}

export const DEFAULT_RETRY: RetryPolicy & Required<Omit<RetryPolicy, 'retryDelayMaxSeconds'>> = {
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

const consoleLogger: JobLogger = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

interface Registration {
  handler: JobHandler<object>;
  options: WorkOptions;
}

/** A schedule to store, or null: remove the stored one. */
type ScheduleSetting = { cron: string; data: object } | null;

/** How the job queue's LISTEN session shows in pg_stat_activity. */
const JOBS_LISTENER_APPLICATION_NAME = 'sevadocs-jobs';

/**
 * pg-boss's connection on the engine underneath: PGlite itself, or the app's pg pool. Both can
 * LISTEN, which pg-boss uses to wake workers when a job is written: PGlite delivers its own
 * NOTIFYs in this process when the writing transaction commits; on a PostgreSQL server a session
 * of its own beside the pool LISTENs, and hears the jobs every process writes.
 */
function connect(database: DatabaseHandle, logger: JobLogger): { db: IDatabase; backend: 'pglite' | 'postgres' } {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('The PGlite database handle has no PGlite instance');
    return { db: fromPglite(database.pglite), backend: 'pglite' };
  }
  const { connectionString } = database;
  return {
    backend: 'postgres',
    db: {
      ...(connectionString && {
        async listen(channel, onNotification, onReconnect) {
          const listener = await listenOnChannel({
            connectionString,
            channel,
            applicationName: JOBS_LISTENER_APPLICATION_NAME,
            what: 'new jobs',
            log: logger,
            onNotification,
            // pg-boss then fetches on every notify-woken queue: jobs written while nobody listened.
            onListening: () => onReconnect(),
          });
          // pg-boss polls only (and says so) when the first LISTEN fails; it never retries one.
          if (!listener.listeningAtStart) {
            await listener.close();
            throw new Error('could not LISTEN for new jobs');
          }
          return listener;
        },
      }),
      // A parameterless script (pg-boss's BEGIN … COMMIT blocks) goes through the simple protocol on
      // one pooled connection, which answers with one result per statement: flatten their rows.
      async executeSql(text, values) {
        const result: unknown = await database.executeSql(text, values);
        if (Array.isArray(result)) return { rows: result.flatMap((r: { rows?: unknown[] }) => r.rows ?? []) };
        return result as { rows: unknown[] };
      },
    },
  };
}

/**
 * Every job's worker refreshes its claim this often (half of it, pg-boss's workers do it by
 * themselves); a claim not refreshed for this long belongs to a process that died (kill -9, a lost
 * machine), and pg-boss's supervisor (every minute, in every process) fails the job so a live
 * process retries it under the queue's retry policy, instead of after its whole expiry (5–15
 * minutes: a paid order would wait that long for its confirmation). pg-boss's minimum is 10 s.
 */
export const JOB_HEARTBEAT_SECONDS = 30;

/** pg-boss's names for a policy; unset fields are left out (pg-boss refuses an explicit undefined). */
function queueOptions(policy: RetryPolicy) {
  return definedOnly({
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: policy.retryBackoff,
    // pg-boss accepts a ceiling only with backoff on.
    retryDelayMax: policy.retryBackoff === false ? undefined : policy.retryDelayMaxSeconds,
    expireInSeconds: policy.expireInSeconds,
  });
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The due-jobs poll while NOTIFYs work: retries wait 10 s or more (DEFAULT_RETRY, mail 30 s) and
 * delayed jobs hours, so finding them up to 10 s late costs nothing anyone sees, and an idle
 * process's 15 workers no longer poll PGlite several times a second (an idle server's CPU about
 * halved, decision 0089).
 */
export const DUE_JOBS_POLL_SECONDS = 10;

/**
 * How long drain() takes an active job nobody claims for one a worker is being handed (pg-boss's
 * fetch done, the handler's claim not yet written) and waits for it. Bounded, so a job whose
 * fetcher died is not waited for forever; the hand-off takes milliseconds.
 */
const HAND_OFF_SECONDS = 2;

export function createJobQueue(database: DatabaseHandle, options: JobQueueOptions = {}): JobQueue {
  const logger = options.logger ?? consoleLogger;
  const defaults = { ...DEFAULT_RETRY, ...definedOnly(options.retry ?? {}) };
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const duePollingIntervalSeconds = options.duePollingIntervalSeconds ?? DUE_JOBS_POLL_SECONDS;
  const runWorkers = options.workers ?? true;
  const registrations = new Map<string, Registration>();
  const schedules = new Map<string, ScheduleSetting>();
  /** Queues being created or known to exist in the database (they outlive a stop). */
  const ensured = new Map<string, Promise<void>>();
  /** Queues whose creation has finished. */
  const ready = new Set<string>();

  const claims = createJobClaims(database.db, options.claims);
  /** Queues attached since the last second look for orphaned jobs (see attach). */
  const secondLook = new Set<string>();
  /** The batches this process's workers are running now (a drain waits for them: see drain). */
  const workersRunning = new Set<Promise<unknown>>();
  let boss: PgBoss | null = null;
  let attached = new Set<string>();
  let starting: Promise<void> | null = null;
  let stopping: Promise<void> | null = null;

  const ensureQueue = (b: PgBoss, name: string): Promise<void> => {
    let pending = ensured.get(name);
    if (!pending) {
      // create_queue is INSERT … ON CONFLICT DO NOTHING: it never overrides a policy set by a worker.
      pending = b.createQueue(name, { ...queueOptions(defaults), notify: true }).then(() => {
        ready.add(name);
      });
      ensured.set(name, pending);
      pending.catch(() => ensured.delete(name));
    }
    return pending;
  };

  const attach = async (b: PgBoss, name: string, { handler, options: work }: Registration) => {
    if (attached.has(name)) return;
    attached.add(name);
    const policy = queueOptions({ ...defaults, ...definedOnly(work) });
    // The dead letter queue must exist before a queue can name it.
    if (work.deadLetter) await ensureQueue(b, work.deadLetter);
    await ensureQueue(b, name);
    // Set or clear: a policy (and dead letter) dropped from the code must not linger in the database.
    await b.updateQueue(name, {
      ...policy,
      retryDelayMax: policy.retryDelayMax ?? null,
      deadLetter: work.deadLetter ?? null,
      // Queues made before jobs announced themselves get the NOTIFY too.
      notify: true,
    });
    if (!runWorkers) return;
    const batchSize = work.concurrency ?? 1;
    const poll = work.pollingIntervalSeconds ?? pollingIntervalSeconds;
    let workerId: string | undefined;
    workerId = await b.work<object>(
      name,
      {
        batchSize,
        // Each job of the batch is completed or failed by itself (one failure retries only itself).
        perJobResults: true,
        pollingIntervalSeconds: poll,
        // What no NOTIFY announces (a retry or delayed job coming due) is found by this poll.
        notifyPollingIntervalSeconds: Math.max(poll, duePollingIntervalSeconds),
      },
      async (jobs: PgBossJob<object>[]) => {
        const batch = Promise.all(
          jobs.map((job) =>
            run(name, handler, job).then(
              () => ({ id: job.id, status: 'completed' as const }),
              (err: unknown) => ({ id: job.id, status: 'failed' as const, output: err }),
            ),
          ),
        );
        workersRunning.add(batch);
        const results = await batch.finally(() => workersRunning.delete(batch));
        // A full batch: there is likely more waiting, so fetch again at once instead of after the
        // poll (pg-boss's own burstWhenBatchFull ignores a batch of one). Unknown only while
        // b.work() has not returned, which the first fetch's round trip outlasts.
        if (jobs.length >= batchSize && workerId) b.notifyWorker(workerId);
        return results;
      },
    );
    // What a killed process on this machine was running of this queue runs now, not minutes later.
    await runOrphans([name]);
    // A job the dead process fetched within the grace before this start, and had not claimed, is
    // left by that first look (a live process may be about to claim it). Once the grace has passed
    // its fetcher is dead: a second look runs it, instead of after a stale heartbeat and a retry
    // delay (CI run 48a's crash suite: a queued payment event not run within 15 s of the restart).
    // One look for every queue attached meanwhile, not one per queue: a timer is pending while
    // the set holds a name.
    if (secondLook.size === 0)
      setTimeout(() => {
        const names = [...secondLook];
        secondLook.clear();
        // Not after stop(); a restart meanwhile attached its queues to this look.
        if (boss) {
          runOrphans(names).catch((err: unknown) => logger.warn({ err }, 'the second look for orphaned jobs failed'));
        }
      }, claims.unclaimedGraceMs).unref();
    secondLook.add(name);
  };

  /** Runs the jobs of `names` whose process died while running them (or before claiming them). */
  const runOrphans = async (names: readonly string[]) => {
    for (const orphan of await claims.takeOrphans(names)) {
      // Taken for an attached queue only, so it is registered.
      const { handler } = registrations.get(orphan.queue) as Registration;
      logger.warn({ job: { id: orphan.id, name: orphan.queue } }, 'running a job whose process died while running it');
      void run(orphan.queue, handler, { id: orphan.id, data: orphan.data, retryCount: 0 }).catch(() => {});
    }
  };

  const applySchedule = async (b: PgBoss, name: string, setting: ScheduleSetting) => {
    if (!setting) return b.unschedule(name);
    // A schedule names its queue (a foreign key): it must exist first.
    await ensureQueue(b, name);
    await b.schedule(name, setting.cron, setting.data);
  };

  /** Applies the setting now when the queue runs (a refused one is not kept), and at every start. */
  const setSchedule = async (name: string, setting: ScheduleSetting) => {
    if (starting) await starting.catch(() => {});
    if (boss) await applySchedule(boss, name, setting);
    schedules.set(name, setting);
  };

  /**
   * One attempt of a job: the handler, with the failure logged before pg-boss settles it, under
   * this process's claim (job-claims.ts) while it runs.
   */
  const run = async (
    name: string,
    handler: JobHandler<object>,
    job: Pick<PgBossJob<object>, 'id' | 'data' | 'retryCount'> & { signal?: AbortSignal },
  ) => {
    await claims.record(job, name);
    try {
      const signal = job.signal ?? new AbortController().signal;
      await handler({ id: job.id, name, data: job.data, attempt: job.retryCount, signal });
    } catch (err) {
      logger.warn({ err, job: { id: job.id, name, attempt: job.retryCount } }, 'job attempt failed');
      throw err;
    } finally {
      await claims.release(job.id);
    }
  };

  const doStart = async () => {
    const { db, backend } = connect(database, logger);
    // Without workers nothing fires schedules either (pg-boss's cron pass polls on timers of its own).
    const b = new PgBoss({
      schedule: runWorkers,
      // Workers wake when a job is written (see connect() for how each engine delivers it).
      useListenNotify: runWorkers,
      ...options.boss,
      db,
      backend,
      schema: JOBS_SCHEMA,
    });
    // An EventEmitter 'error' with no listener would crash the process.
    b.on('error', (err) => logger.error({ err }, 'job queue error'));
    b.on('warning', (warning) => logger.warn({ data: warning.data }, `job queue: ${warning.message}`));
    try {
      await b.start();
      boss = b;
      attached = new Set();
      for (const [name, registration] of registrations) await attach(b, name, registration);
      for (const [name, setting] of schedules) {
        // A refused expression (pg-boss checks it) stops the start: say which schedule it was.
        await applySchedule(b, name, setting).catch((err: Error) => {
          throw new Error(`Schedule of "${name}" (${setting?.cron}): ${err.message}`, { cause: err });
        });
      }
    } catch (err) {
      boss = null;
      await b.stop({ graceful: false }).catch(() => {});
      throw err;
    }
  };

  return {
    engine: database.kind,

    async start() {
      if (stopping) await stopping;
      if (boss && !starting) return;
      starting ??= doStart().finally(() => {
        starting = null;
      });
      await starting;
    },

    async stop({ timeoutMs = options.stopTimeoutMs ?? 5_000 } = {}) {
      if (starting) await starting.catch(() => {});
      if (stopping) return stopping;
      const b = boss;
      if (!b) return;
      // From here on send() refuses: nothing new is accepted while running jobs finish.
      boss = null;
      stopping = b.stop({ graceful: true, timeout: timeoutMs }).finally(() => {
        stopping = null;
      });
      await stopping;
    },

    async send(name, data, { tx, startAfterSeconds, ...policy } = {}) {
      const b = boss;
      if (!b) throw new Error(`Cannot send job "${name}": the job queue is not started`);
      if (tx) {
        // Creating the queue would need a connection of its own, which on PGlite is the one the
        // transaction holds. Queues with a worker exist from start(); others from their first send.
        if (!ready.has(name)) {
          throw new Error(
            `Cannot send job "${name}" in a transaction before its queue exists: register its worker first`,
          );
        }
      } else {
        await ensureQueue(b, name);
      }
      const id = await b.send(
        name,
        data,
        definedOnly({
          ...queueOptions(policy),
          startAfter: startAfterSeconds,
          db: tx ? fromDrizzle(tx as DrizzleTransactionLike, sql) : undefined,
        }),
      );
      if (!id) throw new Error(`Job "${name}" was not created`);
      return id;
    },

    async drain(names) {
      const b = boss;
      if (!b) throw new Error('Cannot drain jobs: the job queue is not started');
      const wanted = [...registrations.keys()].filter((name) => !names || names.includes(name));
      let ran = 0;
      for (let found = true; found || workersRunning.size > 0; ) {
        found = false;
        // With workers on, a job may have been taken by this process's own worker a moment ago: the
        // drain waits for it, and then runs what it queued, instead of returning with it unfinished.
        await Promise.allSettled([...workersRunning]);
        // A job a worker is being handed (fetched, its handler not started: not in workersRunning
        // yet) is waited for like a running one. Otherwise only the queues holding a job that is due
        // are fetched from, instead of every queue: a drain usually finds one or two jobs among a dozen.
        const { handingOver, due } = await claims.drainLook(wanted, HAND_OFF_SECONDS);
        if (handingOver) {
          found = true;
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        for (const name of wanted) {
          if (!due.has(name)) continue;
          const { handler } = registrations.get(name) as Registration;
          const [job] = await b.fetch<object>(name, { batchSize: 1 });
          if (!job) continue;
          found = true;
          ran += 1;
          try {
            await run(name, handler, job);
          } catch (err) {
            await b.fail(name, job, err as object);
            continue;
          }
          await b.complete(name, job);
        }
      }
      return ran;
    },

    async work<T extends object>(name: string, handler: JobHandler<T>, workOptions: WorkOptions = {}) {
      if (registrations.has(name)) throw new Error(`Queue "${name}" already has a worker`);
      const registration = { handler: handler as JobHandler<object>, options: workOptions };
      registrations.set(name, registration);
      // A start() in flight attaches it; attach() is idempotent, so whichever comes second is a no-op.
      if (starting) await starting.catch(() => {});
      if (boss) await attach(boss, name, registration);
    },

    schedule: (name, cron, data = {}) => setSchedule(name, { cron, data }),

    unschedule: (name) => setSchedule(name, null),

    isRunning: () => boss !== null,

    async stats() {
      // pg-boss orders its job states (created < retry < active < completed…): below `active` a job
      // waits. The partial index of live jobs (job_i14) answers this without reading finished ones.
      const { rows } = await database.executeSql(
        `select q.name as queue,
           count(j.id) filter (where j.state < 'active' and not j.blocked and j.start_after <= now())::int as ready,
           count(j.id) filter (where j.state < 'active' and (j.blocked or j.start_after > now()))::int as deferred,
           count(j.id) filter (where j.state = 'active')::int as active,
           coalesce(extract(epoch from now() - min(j.start_after)
             filter (where j.state < 'active' and not j.blocked and j.start_after <= now())), 0)::float8
             as "oldestReadySeconds"
         from ${JOBS_SCHEMA}.queue q
         left join ${JOBS_SCHEMA}.job j on j.name = q.name and j.state <= 'active'
         group by q.name
         order by q.name`,
      );
      return rows as QueueStats[];
    },
  };
}
