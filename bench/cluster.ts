// `npm run bench:cluster` (docs/decisions/0079): the same load through nginx on one PostgreSQL
// server, first with one app process behind it, then with two (scripts/cluster.ts), on the public
// catalog API, an uncached service page and the autosave PUT. Prints req/s, p50 and p99 of each and
// the two-to-one ratio; writes bench/results/cluster.json.
//
//   npm run bench:cluster                    # a throwaway PostgreSQL (scripts/with-postgres.sh)
//   BENCH_SKIP_BUILD=1 BENCH_DURATION=20 npm run bench:cluster
//
// Environment: as `npm run bench` (BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_SKIP_BUILD);
// DATABASE_URL or TEST_DATABASE_URL: the server (its database is migrated and written to).
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../scripts/cluster.ts';
import { BENCH_ADMIN_EMAIL, createBenchSessions } from './account.ts';
import { contextFor, type MeasuredScenario, runScenario, settings } from './load.ts';
import { type Scenario, scenarios } from './scenarios.ts';
import { BUILD_DIR, buildApp, ROOT } from './server.ts';
import { BENCH_WEBHOOK_SECRET } from './webhook.ts';

const MEASURED = [
  'GET /api/v1/services',
  'GET /{service}/{package}/{countries} (uncached render)',
  'PUT …/members/{id}/form (autosave)',
];

function selected(): Scenario[] {
  return MEASURED.map((name) => {
    const scenario = scenarios.find((s) => s.name === name);
    if (!scenario) throw new Error(`bench/scenarios.ts has no scenario "${name}"`);
    return scenario;
  });
}

async function measure(processes: number, databaseUrl: string, sessions: { visitor: string[]; admin: string }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sevadocs-bench-cluster-'));
  const cluster = await startCluster({
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      BUILD_DIR: join(ROOT, BUILD_DIR),
      // As bench/server.ts: nothing listens on the discard port; the captcha is never called.
      SMTP_URL: 'smtp://127.0.0.1:9',
      RECAPTCHA_SECRET_KEY: 'bench-secret',
      RECAPTCHA_SITE_KEY: 'bench-site-key',
      LOG_LEVEL: 'warn',
      SANDBOX_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
      ADMIN_EMAILS: BENCH_ADMIN_EMAIL,
      // Local files: the scenarios upload nothing.
      FILE_STORAGE: 'local',
    },
    processes,
    port: 0,
  });
  try {
    console.log(`\n${processes} app process${processes > 1 ? 'es' : ''} behind nginx at ${cluster.url}`);
    const context = contextFor(cluster.url, sessions.visitor, sessions.admin);
    const results: MeasuredScenario[] = [];
    for (const scenario of selected()) results.push(await runScenario(scenario, cluster.url, context));
    return results;
  } finally {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(one: MeasuredScenario[], two: MeasuredScenario[]): string {
  const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
  const header = ['scenario', '1 proc req/s', 'p50', 'p99', '2 procs req/s', 'p50', 'p99', '2 ÷ 1 req/s'];
  const rows = one.map((a, i) => {
    const b = two[i] as MeasuredScenario;
    return [
      a.name,
      fixed(a.requestsPerSecond),
      fixed(a.latencyMs.p50),
      fixed(a.latencyMs.p99),
      fixed(b.requestsPerSecond),
      fixed(b.latencyMs.p50),
      fixed(b.latencyMs.p99),
      `${fixed(b.requestsPerSecond / a.requestsPerSecond, 2)}×`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL (or TEST_DATABASE_URL) must name a PostgreSQL server');
  const loadAtStart = loadavg()[0] ?? 0;
  if (process.env.BENCH_SKIP_BUILD === '1') console.log(`Using the existing ${BUILD_DIR}/ (BENCH_SKIP_BUILD=1).`);
  else {
    console.log(`Building the production app into ${BUILD_DIR}/…`);
    await buildApp();
  }
  // Migrates the database and signs the bench's people in, before any app process starts.
  const sessions = await createBenchSessions(
    { kind: 'postgres', url: databaseUrl },
    Math.max(1, ...selected().map((s) => s.sessions ?? 1)),
  );
  const one = await measure(1, databaseUrl, sessions);
  const two = await measure(2, databaseUrl, sessions);
  console.log(`\n${table(one, two)}\n`);
  const failures = [...one, ...two].flatMap((r) => r.failures);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    settings,
    oneProcess: one,
    twoProcesses: two,
    failures,
  };
  await mkdir(join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(join(ROOT, 'bench/results/cluster.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `Wrote bench/results/cluster.json (load average ${loadAtStart.toFixed(1)} at the start, ${report.loadAverage.end.toFixed(1)} at the end, ${report.cpus} CPUs).`,
  );
  if (failures.length > 0) {
    console.error(`\nBench FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\nBench FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
