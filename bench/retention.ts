// The retention sweep under load (issue 34 §4, docs/decisions/0120-retention.md): a server of its
// own on the order queue's 10,000 orders, RETENTION_FILE_ORDERS of its closed ones holding two
// stored files each and due for deletion; the sweep runs at the next minute (RETENTION_CRON every
// minute) while shoppers' requests run in 5 s windows. Each window's p99, and whether files went
// from DATA_DIR/files during it, compares the shop with and without a sweep running.
// BENCH_RETENTION_ORDERS sets how many orders' files (default 300).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import { inArray } from 'drizzle-orm';
import { CLOSED_ORDER_STATUSES } from '../src/domain/orders/retention.ts';
import type { Database } from '../src/server/db/client.ts';
import { applicationDocuments, orderFileRetention, orders } from '../src/server/db/schema.ts';
import { createLocalDiskStorage } from '../src/server/storage/local-disk.ts';
import { seedOrderQueue } from './order-queue.ts';
import { startServer } from './server.ts';

const FILE_ORDERS = Number(process.env.BENCH_RETENTION_ORDERS ?? 300);
const WINDOW_SECONDS = 5;
/** The sweep starts within a minute (and pg-boss's cron pass) of the server's start. */
const GIVE_UP_SECONDS = 150;
const CONNECTIONS = 20;

export interface RetentionFigures {
  orders: number;
  files: number;
  /** p99 over the windows in which no file went. */
  quietP99Ms: number;
  /** p99 of the windows in which the sweep deleted files (their worst). */
  sweepP99Ms: number | null;
  windows: { p99Ms: number; requestsPerSecond: number; filesGone: number }[];
  /** Seconds from the first window's start to the last file's deletion; null if it never went. */
  sweptWithinSeconds: number | null;
}

async function countFiles(root: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile() && !entry.name.startsWith('.')) n += 1;
  }
  return n;
}

/** Every closed order is already swept but FILE_ORDERS of them, whose two files each are due today. */
async function seed(db: Database, dataDir: string) {
  await seedOrderQueue(db);
  const storage = createLocalDiskStorage({ root: join(dataDir, 'files') });
  const closed = await db
    .select({ id: orders.id, kind: orders.kind })
    .from(orders)
    .where(inArray(orders.status, [...CLOSED_ORDER_STATUSES]));
  const withFiles = closed.filter((o) => o.kind === 'service').slice(0, FILE_ORDERS);
  const scan = Buffer.alloc(40_000, 7);
  for (const order of withFiles) {
    for (const itemId of ['passport-copy', 'photo']) {
      const stored = await storage.put(Readable.from([scan]), { contentType: 'application/pdf' });
      await db.insert(applicationDocuments).values({
        orderId: order.id,
        itemId,
        direction: 'from-customer',
        storageKey: stored.key,
        displayName: `${itemId}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: stored.size,
        sha256: stored.sha256,
        uploadedBy: 'customer',
      });
    }
  }
  const due = new Set(withFiles.map((o) => o.id));
  const yesterday = new Date(Date.now() - 86_400_000);
  const rows = closed.map((o) => ({
    orderId: o.id,
    closedAt: yesterday,
    deleteOn: '2000-01-01',
    noticeSentAt: yesterday,
    ...(due.has(o.id) ? {} : { deletedAt: yesterday, filesDeleted: 0 }),
  }));
  for (let i = 0; i < rows.length; i += 1_000) await db.insert(orderFileRetention).values(rows.slice(i, i + 1_000));
}

export async function measureRetentionSweep(): Promise<RetentionFigures> {
  let dataDir = '';
  const server = await startServer({
    env: { RETENTION_CRON: '* * * * *' },
    seed: async (db, dir) => {
      dataDir = dir;
      await seed(db, dir);
    },
  });
  try {
    const filesRoot = join(dataDir, 'files');
    const files = await countFiles(filesRoot);
    const windows: RetentionFigures['windows'] = [];
    const started = performance.now();
    let sweptAt: number | null = null;
    let before = files;
    // A shopper's mix: the catalog API, a cached public page and a service page.
    const requests = [
      { method: 'GET' as const, path: '/api/v1/services' },
      { method: 'GET' as const, path: '/' },
      { method: 'GET' as const, path: '/services' },
    ];
    for (let elapsed = 0; elapsed < GIVE_UP_SECONDS; elapsed = (performance.now() - started) / 1000) {
      const result = await autocannon({
        url: server.baseUrl,
        connections: CONNECTIONS,
        duration: WINDOW_SECONDS,
        requests,
      });
      const after = await countFiles(filesRoot);
      windows.push({
        p99Ms: result.latency.p99,
        requestsPerSecond: Math.round(result.requests.average),
        filesGone: before - after,
      });
      process.stdout.write(`${windows.length}:${result.latency.p99}ms/${before - after} `);
      if (after === 0 && sweptAt === null) sweptAt = (performance.now() - started) / 1000;
      before = after;
      // Three quiet windows after the sweep are enough to compare.
      if (sweptAt !== null && windows.filter((w) => w.filesGone === 0).length >= 3 && windows.at(-1)?.filesGone === 0)
        break;
    }
    const quiet = windows.filter((w) => w.filesGone === 0);
    const sweeping = windows.filter((w) => w.filesGone > 0);
    return {
      orders: FILE_ORDERS,
      files,
      quietP99Ms: Math.max(0, ...quiet.map((w) => w.p99Ms)),
      sweepP99Ms: sweeping.length ? Math.max(...sweeping.map((w) => w.p99Ms)) : null,
      windows,
      sweptWithinSeconds: sweptAt,
    };
  } finally {
    await server.stop();
  }
}

export function formatRetention(f: RetentionFigures): string {
  const sweep = f.sweepP99Ms === null ? 'no window saw files go' : `${f.sweepP99Ms} ms`;
  return [
    `Retention sweep: ${f.orders} closed orders, ${f.files} stored files, deleted by the sweep under a shopper's load`,
    `  p99 in ${WINDOW_SECONDS} s windows: ${f.quietP99Ms} ms without a sweep (worst quiet window), ${sweep} while it deleted`,
    `  all files gone ${f.sweptWithinSeconds === null ? 'never (gave up)' : `within ${f.sweptWithinSeconds.toFixed(0)} s of the load's start`}`,
  ].join('\n');
}
