// The retention sweep under load (issue 34 §4, docs/decisions/0120-retention.md): a server of its
// own on the order queue's 10,000 orders, RETENTION_FILE_ORDERS of its closed ones holding two
// stored files each and due for deletion; the sweep runs at the next minute (RETENTION_CRON every
// minute) while shoppers' requests run in 5 s windows. Whether files went from DATA_DIR/files
// during a window sorts it into the sweep's windows or the quiet ones, and the two sets' medians
// are held to RETENTION_TARGETS. BENCH_RETENTION_ORDERS sets how many orders' files (default 300).
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
/**
 * The sweep starts within a minute (and pg-boss's cron pass) of the server's start and, at
 * RETENTION_PAUSE_MS between orders, takes a minute or more for 300 orders; then quiet windows.
 */
const GIVE_UP_SECONDS = 240;
const CONNECTIONS = 20;

/**
 * "Does not slow the shop" (issue 34 §4): while the sweep deletes, the shop serves at least 0.8×
 * the requests a second of the windows without it, and its p99 is at most 1.5× theirs. Medians of
 * each set, so one window disturbed by the machine's other work does not decide; the margins are
 * the spread of quiet windows on a shared 2-core machine, not a cost the sweep may take.
 */
export const RETENTION_TARGETS = { minRequestsShare: 0.8, maxP99Ratio: 1.5 } as const;

interface Window {
  p99Ms: number;
  requestsPerSecond: number;
  filesGone: number;
}

/** A set of windows: how many, their medians and ranges. */
interface WindowSet {
  count: number;
  medianRequestsPerSecond: number;
  medianP99Ms: number;
  requestsPerSecond: [number, number];
  p99Ms: [number, number];
}

export interface RetentionFigures {
  orders: number;
  files: number;
  windows: Window[];
  /** The windows in which no file went, and those in which the sweep deleted (null: none did). */
  quiet: WindowSet | null;
  sweeping: WindowSet | null;
  /** The sweep's median req/s ÷ the quiet one's, and its median p99 ÷ the quiet one's. */
  requestsShare: number | null;
  p99Ratio: number | null;
  targets: typeof RETENTION_TARGETS;
  passed: boolean;
  /** Seconds from the first window's start to the last file's deletion; null if it never went. */
  sweptWithinSeconds: number | null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function windowSet(windows: Window[]): WindowSet | null {
  if (windows.length === 0) return null;
  const rps = windows.map((w) => w.requestsPerSecond);
  const p99 = windows.map((w) => w.p99Ms);
  return {
    count: windows.length,
    medianRequestsPerSecond: Math.round(median(rps)),
    medianP99Ms: median(p99),
    requestsPerSecond: [Math.min(...rps), Math.max(...rps)],
    p99Ms: [Math.min(...p99), Math.max(...p99)],
  };
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
    const windows: Window[] = [];
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
      process.stdout.write(
        `${windows.length}:${Math.round(result.requests.average)}/s,${result.latency.p99}ms,${before - after} `,
      );
      if (after === 0 && sweptAt === null) sweptAt = (performance.now() - started) / 1000;
      before = after;
      // Three quiet windows after the sweep, for quiet windows on both sides of it.
      if (sweptAt !== null && windows.slice(-3).every((w) => w.filesGone === 0)) break;
    }
    const quiet = windowSet(windows.filter((w) => w.filesGone === 0));
    const sweeping = windowSet(windows.filter((w) => w.filesGone > 0));
    const requestsShare = quiet && sweeping ? sweeping.medianRequestsPerSecond / quiet.medianRequestsPerSecond : null;
    const p99Ratio = quiet && sweeping ? sweeping.medianP99Ms / quiet.medianP99Ms : null;
    return {
      orders: FILE_ORDERS,
      files,
      windows,
      quiet,
      sweeping,
      requestsShare,
      p99Ratio,
      targets: RETENTION_TARGETS,
      passed:
        requestsShare !== null &&
        p99Ratio !== null &&
        requestsShare >= RETENTION_TARGETS.minRequestsShare &&
        p99Ratio <= RETENTION_TARGETS.maxP99Ratio,
      sweptWithinSeconds: sweptAt,
    };
  } finally {
    await server.stop();
  }
}

const summary = (set: WindowSet | null) =>
  set === null
    ? 'none'
    : `${set.count} windows, median ${set.medianRequestsPerSecond} req/s (${set.requestsPerSecond.join('–')}), median p99 ${set.medianP99Ms} ms (${set.p99Ms.join('–')})`;

export function formatRetention(f: RetentionFigures): string {
  const { minRequestsShare, maxP99Ratio } = f.targets;
  const target =
    f.requestsShare === null || f.p99Ratio === null
      ? 'no window saw files go'
      : `${f.requestsShare.toFixed(2)}× the req/s (≥ ${minRequestsShare}×), p99 ${f.p99Ratio.toFixed(2)}× (≤ ${maxP99Ratio}×): ${f.passed ? 'pass' : 'FAIL'}`;
  return [
    `Retention sweep: ${f.orders} closed orders, ${f.files} stored files, deleted by the sweep under a shopper's load`,
    `  ${WINDOW_SECONDS} s windows without a sweep: ${summary(f.quiet)}`,
    `  ${WINDOW_SECONDS} s windows while it deleted: ${summary(f.sweeping)}`,
    `  target, the sweep's medians to the quiet ones: ${target}`,
    `  all files gone ${f.sweptWithinSeconds === null ? 'never (gave up)' : `within ${f.sweptWithinSeconds.toFixed(0)} s of the load's start`}`,
  ].join('\n');
}
