// `npm run bench`: builds and starts the production server, loads it with autocannon scenario by
// scenario, compares each with the bare-route ceiling, checks the first-load JavaScript budget.
// Environment: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50),
// BENCH_ONLY (comma-separated parts of scenario names; the ceiling and the health route always run; "memory",
// "photo", "email" and "retention" select those parts, which run without it), BENCH_SKIP_BUILD=1,
// BENCH_SERVER_FLAGS (more flags for the server: `--liftoff-only` measures a machine under 2 GB, decision 0144).
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { formatEmailBurst, measureEmailBurst } from './email-burst.ts';
import { contextFor, type MeasuredScenario, processCpuMs, runScenario, settings } from './load.ts';
import {
  formatMemory,
  type MemoryFigures,
  measureIdle,
  measureMixedLoad,
  memoryFailures,
  memoryFigures,
} from './memory.ts';
import { formatPageWeight, measurePageWeight, type PageWeight } from './page-weight.ts';
import { formatPhotoFigures, measurePhotos, type PhotoFigures } from './photos.ts';
import { type BenchReport, formatTable, formatTargets, type ScenarioResult } from './report.ts';
import { formatRetention, measureRetentionSweep, type RetentionFigures } from './retention.ts';
import { type Scenario, scenarios } from './scenarios.ts';
import { buildApp, ROOT, type RunningServer, startServer } from './server.ts';

/** Whether BENCH_ONLY (unset: everything) selects a part that is not a scenario, e.g. "memory". */
function selectsPart(part: string): boolean {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  return !only || only.includes(part);
}

function selectScenarios(): Scenario[] {
  const ceilings = scenarios.filter((s) => s.ceiling);
  if (ceilings.length !== 1) throw new Error('bench/scenarios.ts must mark exactly one scenario as the ceiling');
  if (scenarios.filter((s) => s.health).length !== 1) {
    throw new Error('bench/scenarios.ts must mark exactly one scenario as the health route');
  }
  const only = process.env.BENCH_ONLY?.split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (!only?.length) return scenarios;
  return scenarios.filter((s) => s.ceiling || s.health || only.some((part) => s.name.toLowerCase().includes(part)));
}

async function main(): Promise<number> {
  const selected = selectScenarios();
  let server: RunningServer | undefined;
  const stopServer = async () => {
    await server?.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the server`);
      void stopServer().finally(() => process.exit(130));
    });
  }

  // Read before our own build and server start raise it: this is the other work on the machine.
  const loadAtStart = loadavg()[0] ?? 0;
  if (loadAtStart > availableParallelism() / 2) {
    console.warn(
      `Warning: load average is ${loadAtStart.toFixed(1)} on ${availableParallelism()} CPUs; other work will skew the numbers.`,
    );
  }
  try {
    if (process.env.BENCH_SKIP_BUILD === '1') console.log('Using the existing build-bench/ (BENCH_SKIP_BUILD=1).');
    else {
      console.log('Building the production app into build-bench/…');
      await buildApp();
    }
    console.log('Starting the production server on a fresh database…');
    // Each seed once, however many selected scenarios share it (the order queue's 10,000 orders).
    const seeds = [...new Set(selected.flatMap((s) => (s.seed ? [s.seed] : [])))];
    const seeding = performance.now();
    server = await startServer({
      sessions: Math.max(1, ...selected.map((s) => s.sessions ?? 1)),
      seed: async (db) => {
        for (const seed of seeds) await seed(db);
      },
    });
    if (seeds.length) console.log(`Seeds and server start: ${((performance.now() - seeding) / 1000).toFixed(1)} s.`);
    console.log(`Server ready at ${server.baseUrl} (pid ${server.pid}).\n`);
    const pid = server.pid;
    const measuringMemory = selectsPart('memory') && pid !== undefined;
    // Before any load: the memory a server holds once started and left alone.
    const idle = measuringMemory ? await measureIdle(pid, server.readyAt) : null;
    if (idle) console.log(`Idle RSS 20 s after ready: ${idle.idleMb.toFixed(0)} MB.\n`);

    const context = contextFor(server.baseUrl, server.sessionCookies, server.adminCookie);
    const raw: MeasuredScenario[] = [];
    const cpuMs = pid === undefined ? undefined : () => processCpuMs(pid);
    for (const scenario of selected) raw.push(await runScenario(scenario, server.baseUrl, context, cpuMs));

    const ceiling = raw.find((r) => r.ceiling);
    const health = raw.find((_, i) => selected[i]?.health);
    const results: ScenarioResult[] = raw.map((r, i) => {
      const ratioToCeiling = {
        requestsPerSecond: ceiling ? r.requestsPerSecond / ceiling.requestsPerSecond : Number.NaN,
        p99: ceiling ? r.latencyMs.p99 / ceiling.latencyMs.p99 : Number.NaN,
      };
      const ratioToHealth = health ? r.requestsPerSecond / health.requestsPerSecond : Number.NaN;
      const scenario = selected[i];
      const failures = [...r.failures];
      const limit = scenario?.maxP99Ratio;
      if (limit !== undefined && !(ratioToCeiling.p99 <= limit)) {
        failures.push(`${r.name}: p99 is ${ratioToCeiling.p99.toFixed(1)}× the ceiling's (limit ${limit}×)`);
      }
      const tail = scenario?.maxP99ToP50;
      if (tail !== undefined && !(r.latencyMs.p99 <= tail * r.latencyMs.p50)) {
        failures.push(
          `${r.name}: p99 ${r.latencyMs.p99} ms is ${(r.latencyMs.p99 / r.latencyMs.p50).toFixed(1)}× its p50 ${r.latencyMs.p50} ms (limit ${tail}×)`,
        );
      }
      const share = scenario?.minShareOfCeiling;
      if (share !== undefined && !(ratioToCeiling.requestsPerSecond >= share)) {
        failures.push(
          `${r.name}: ${ratioToCeiling.requestsPerSecond.toFixed(3)} of the ceiling's req/s (at least ${share} wanted)`,
        );
      }
      const healthShare = scenario?.minShareOfHealth;
      if (healthShare !== undefined && !(ratioToHealth >= healthShare)) {
        failures.push(
          `${r.name}: ${ratioToHealth.toFixed(3)} of the health route's req/s (at least ${healthShare} wanted)`,
        );
      }
      const floor = scenario?.minRequestsPerSecond;
      if (floor !== undefined && !(r.requestsPerSecond >= floor)) {
        failures.push(
          `${r.name}: ${Math.round(r.requestsPerSecond)} req/s, at least ${floor} wanted (a floor for a quiet machine; load average ${loadAtStart.toFixed(1)} at the start)`,
        );
      }
      return { ...r, ratioToCeiling, ratioToHealth, failures };
    });

    console.log(`\n${formatTable(results)}\n`);
    const targets = formatTargets(results, selected);
    if (targets) console.log(`${targets}\n`);
    for (const r of results) {
      console.log(
        `  ${r.name}: ${r.probe.status} ${r.probe.contentType}, ${r.probe.bodyBytes} B as ${r.probe.contentEncoding}`,
      );
    }

    let pageWeight: PageWeight | null = null;
    const failures = results.flatMap((r) => r.failures);
    try {
      pageWeight = await measurePageWeight(new URL('/', server.baseUrl).href);
      console.log(`\n${formatPageWeight(pageWeight)}`);
      if (!pageWeight.withinBudget) {
        failures.push(`first-load JavaScript of / is ${pageWeight.totalGzipBytes} bytes gzipped, over the budget`);
      }
    } catch (error) {
      failures.push(`page weight: ${error instanceof Error ? error.message : String(error)}`);
    }

    // After the scenarios, which it would disturb: pages and API reads with four photo checks.
    let memory: MemoryFigures | null = null;
    if (measuringMemory && idle) {
      let mixed: MemoryFigures['mixedLoad'] = null;
      try {
        console.log('\nMixed load with four photo checks…');
        mixed = await measureMixedLoad(pid, context);
      } catch (error) {
        failures.push(`memory, mixed load: ${error instanceof Error ? error.message : String(error)}`);
      }
      memory = memoryFigures(idle, mixed);
      console.log(formatMemory(memory));
      failures.push(...memoryFailures(memory));
    }

    // The photo engine runs in this process (its own worker thread), after the HTTP scenarios so
    // it does not compete with them. BENCH_ONLY without "photo" leaves it out.
    let photos: PhotoFigures | null = null;
    if (selectsPart('photo')) {
      try {
        console.log('\nMeasuring the photo pipeline…');
        photos = await measurePhotos();
        console.log(formatPhotoFigures(photos));
      } catch (error) {
        failures.push(`photo pipeline: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    // The e-mail burst runs a server of its own (its SMTP is this process), after the rest.
    const emailBurst = !selectsPart('email')
      ? null
      : await measureEmailBurst().catch((error: unknown) => {
          failures.push(`e-mail burst: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        });
    if (emailBurst) {
      console.log(`\n${formatEmailBurst(emailBurst)}`);
      if (!emailBurst.withinAim) failures.push('e-mail burst: not every e-mail was in the mailbox within 10 s');
    }

    // The retention sweep runs a server of its own (its files seeded, its sweep every minute).
    let retention: RetentionFigures | null = null;
    if (selectsPart('retention')) {
      try {
        console.log('\nThe retention sweep under load…');
        retention = await measureRetentionSweep();
        console.log(`\n${formatRetention(retention)}`);
        if (retention.sweptWithinSeconds === null) failures.push('retention: the sweep deleted no file in time');
        else if (!retention.passed) failures.push('retention: the shop slowed while the sweep deleted');
      } catch (error) {
        failures.push(`retention: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    const report: BenchReport = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? 'unknown',
      platform: `${process.platform} ${process.arch}`,
      loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
      settings,
      scenarios: results,
      pageWeight,
      memory,
      photos,
      emailBurst,
      retention,
      failures,
      passed: failures.length === 0,
    };
    const resultsDir = join(ROOT, 'bench/results');
    await mkdir(resultsDir, { recursive: true });
    await writeFile(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWrote bench/results/latest.json (Node ${process.version}, ${report.cpus} CPUs).`);

    if (failures.length > 0) {
      console.error(`\nBench FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
      return 1;
    }
    console.log('Bench passed.');
    return 0;
  } finally {
    await stopServer();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\nBench FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
