import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { processAlive } from '../lib/process-alive.ts';
import { sharedNextRun } from '../lib/shared-next-run.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL on whichever engine is underneath (pg-boss and health checks use it). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /** Present on the embedded engine, for callers (tests, pg-boss) that need the PGlite itself. */
  pglite?: PGlite;
  /** Present on a PostgreSQL server, for sessions of their own beside the pool (LISTEN). */
  connectionString?: string;
  migrate(): Promise<void>;
  /**
   * Leaves no copy of rows an erasure replaced where a backup reads them. The embedded archive is
   * PGlite's data directory as it lies (decision 0113): an UPDATE's old row versions stay in the
   * tables' and indexes' pages until reused, and in the WAL. Every table is rewritten (VACUUM
   * FULL), then the WAL that held them is finished and, with `wal_recycle=off`, deleted rather
   * than renamed for reuse. Requests wait meanwhile (PGlite is this process): erasures are rare.
   * PostgreSQL's archive is `pg_dump`, which reads live rows only: nothing to do there.
   */
  scrubDeadRows(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize?: number; onIdleError?: (error: Error) => void }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /**
       * PostgreSQL's shared_buffers (default 128MB). PGlite zeroes them in WebAssembly at every
       * start: 128MB made a start from a dump ~1.3 s, 16MB ~0.7 s (decision 0083), and they stay
       * resident for the process's life. The test suites and the embedded server set it lower.
       */
      sharedBuffers?: `${number}MB`;
      /** initdb's options, for a new data directory only (the test template's 1 MB WAL segments). */
      initdbArgs?: string[];
      /** More server settings (`-c name=value`), after PGlite's own start parameters. */
      settings?: Record<string, string>;
    };

/**
 * The embedded server's shared_buffers: PGlite reads its files through the operating system,
 * whose page cache keeps them anyway, so a large PostgreSQL cache above it held the same pages
 * twice in the server's own memory (~100 MB of its RSS at 128MB; decision 0093-memory).
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';

/** The app's database from its environment: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR. */
export function databaseConfigFor(env: { DATABASE_URL?: string | undefined; dataDir: string }): DatabaseConfig {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: join(env.dataDir, 'pglite'), sharedBuffers: EMBEDDED_SHARED_BUFFERS };
}

/** Whether an embedded database was ever created in `dataDir` (PGlite's folder, as in the config): opening a folder without one makes an empty shop there. */
export const holdsEmbeddedDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

function warnIdleError(error: Error) {
  console.warn(`PostgreSQL closed an idle pooled connection (a new one opens when needed): ${error.message}`);
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    // An idle pooled connection the server drops (a restart, a failover, an administrator's
    // pg_terminate_backend) is an 'error' on the pool; with no listener that event would end the
    // process. The pool has already discarded the connection and opens a new one when next needed.
    pool.on('error', (error) => (config.onIdleError ?? warnIdleError)(error));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      connectionString: config.url,
      executeSql: (text, values) => pool.query(text, values as unknown[]),
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      scrubDeadRows: async () => {},
      close: () => pool.end(),
    };
  }
  const releaseLock = config.dataDir ? lockDataDir(config.dataDir) : () => {};
  const settings = {
    ...(config.sharedBuffers && { shared_buffers: config.sharedBuffers }),
    // A finished WAL segment is deleted, not kept under a new name with its old records (scrubDeadRows).
    wal_recycle: 'off',
    ...config.settings,
  };
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const pglite = await PGlite.create({
    dataDir: config.dataDir,
    loadDataDir: config.loadDataDir,
    startParams,
    initDbStartParams: config.initdbArgs,
  }).catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  keepBaseTypeParsers(pglite);
  takeTurnsWithTheEventLoop(pglite);
  const db = drizzlePglite(pglite, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite,
    executeSql: (text, values) => pglite.query(text, values),
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
    // Erasures that commit while a rewrite runs share the next one (a burst rewrites twice, not once each).
    scrubDeadRows: sharedNextRun(async () => {
      // One statement each: VACUUM cannot run inside the implicit transaction of a multi-statement exec.
      await pglite.exec('VACUUM FULL');
      await pglite.exec('CHECKPOINT');
      await pglite.query('SELECT pg_switch_wal()');
      await pglite.exec('CHECKPOINT');
    }),
    close: async () => {
      await pglite.close();
      releaseLock();
    },
  };
}

/** The first type id PostgreSQL gives a type it makes at initdb or later, not a built-in base type. */
export const FIRST_NON_BASE_TYPE_OID = 10_000;

/**
 * PGlite registers, at start, a parser for the array of every type in the catalog: the built-in
 * base types' (text[], int4[], jsonb[]: what node-pg parses too), but also 214 for the system
 * catalogs' own row types and, when the data directory already holds the schema, one for each of
 * our tables and enums. A query that names parsers of its own, as every one of drizzle's does,
 * gets a copy of that whole map merged with them (`{ ...instance, ...query }`, at every call): 318
 * sparse integer keys took ~0.1 ms of CPU a query, 7 % of a route-test file's main thread. Only the
 * base types' parsers stay (109): an array of rows or of an enum comes back as PostgreSQL's text,
 * as node-pg gives it from a server, and drizzle parses its own array columns from text. Decision 0190.
 */
function keepBaseTypeParsers(pglite: PGlite): void {
  pglite.parsers = Object.fromEntries(
    Object.entries(pglite.parsers).filter(([oid]) => Number(oid) < FIRST_NON_BASE_TYPE_OID),
  );
}

/**
 * PGlite runs each statement synchronously on this thread and hands its lock to the next waiting
 * statement in a microtask, so under load a chain of statements could hold the event loop for
 * hundreds of milliseconds: no socket read, no response written, no timer, while the requests
 * already inside take turn after turn. Each call from outside (a query, a script, a transaction)
 * first lets the event loop turn once (setImmediate: after the I/O it has waiting), so new
 * requests are read and finished responses sent between statements (decision 0085).
 */
function takeTurnsWithTheEventLoop(pglite: PGlite): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const afterATurn =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await turn();
      return call(...args);
    };
  // query and transaction are generic over their rows; the wrapper keeps their signatures.
  pglite.query = afterATurn(pglite.query.bind(pglite)) as typeof pglite.query;
  pglite.exec = afterATurn(pglite.exec.bind(pglite));
  pglite.transaction = afterATurn(pglite.transaction.bind(pglite)) as typeof pglite.transaction;
}

/** Another live process holds the embedded database (its pid file); the message says what to do. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, holder: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder}. Stop that server, or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * PGlite is single-process: two servers on one data directory corrupt it. A pid file makes a
 * second `npm start` stop with a clear message instead; a stale file from a crash is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  // PGlite writes its files readable and writable by everyone (0666): the folder alone keeps other
  // users of the machine out of customers' data and password hashes, a folder made before too.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const lockFile = join(dataDir, 'server.pid');
  let holder = Number.NaN;
  try {
    holder = Number(readFileSync(lockFile, 'utf8'));
  } catch {
    // no lock file: free
  }
  if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder))
    throw new DataDirInUseError(dataDir, holder);
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}
