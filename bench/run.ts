// `npm run bench`: builds and starts the production server, loads it with autocannon scenario by
// scenario, compares each with the bare-route ceiling, checks the first-load JavaScript budget.
// Environment: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50),
// BENCH_ONLY (comma-separated parts of scenario names; the ceiling always runs), BENCH_SKIP_BUILD=1.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { formatPageWeight, measurePageWeight, type PageWeight } from './page-weight.ts';
import { formatPhotoFigures, measurePhotos, type PhotoFigures } from './photos.ts';
import { type BenchReport, formatTable, type ScenarioResult } from './report.ts';
import { type RotatingRequest, type Scenario, type ScenarioContext, scenarios } from './scenarios.ts';
import { buildApp, ROOT, type RunningServer, startServer } from './server.ts';

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const settings = {
  durationSeconds: numberFromEnv('BENCH_DURATION', 10),
  warmupSeconds: numberFromEnv('BENCH_WARMUP', 2),
  connections: numberFromEnv('BENCH_CONNECTIONS', 50),
  pipelining: 1,
};

function selectScenarios(): Scenario[] {
  const ceilings = scenarios.filter((s) => s.ceiling);
  if (ceilings.length !== 1) throw new Error('bench/scenarios.ts must mark exactly one scenario as the ceiling');
  const only = process.env.BENCH_ONLY?.split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (!only?.length) return scenarios;
  return scenarios.filter((s) => s.ceiling || only.some((part) => s.name.toLowerCase().includes(part)));
}

function contextFor(baseUrl: string, sessionCookies: string[], adminCookie: string): ScenarioContext {
  return {
    baseUrl,
    sessionCookie: sessionCookies[0] ?? '',
    sessionCookies,
    adminCookie,
    async getJson(path) {
      const response = await fetch(new URL(path, baseUrl), { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return response.json();
    },
    async sendJson(method, path, body, cookie) {
      const response = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          origin: baseUrl,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body ?? {}),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
  };
}

/**
 * autocannon's per-request hook for a rotation: each request, on any connection, takes the next
 * one in turn. The probe took the last, so the load starts as far from it as it can.
 */
function rotate(rotation: readonly RotatingRequest[]) {
  let next = 0;
  return (request: autocannon.Request) => {
    const { path, headers, body } = rotation[next % rotation.length] as RotatingRequest;
    next += 1;
    return { ...request, path, headers: { ...request.headers, ...headers }, ...(body === undefined ? {} : { body }) };
  };
}

async function runScenario(
  scenario: Scenario,
  baseUrl: string,
  context: ScenarioContext,
): Promise<Omit<ScenarioResult, 'ratioToCeiling'>> {
  const method = scenario.method ?? 'GET';
  const rotation = scenario.rotation ? await scenario.rotation(context) : null;
  const last = rotation?.at(-1);
  const path = last?.path ?? (typeof scenario.path === 'string' ? scenario.path : await scenario.path(context));
  const headers = {
    ...(typeof scenario.headers === 'function' ? scenario.headers(context) : scenario.headers),
    ...last?.headers,
  };
  const separator = path.includes('?') ? '&' : '?';
  const loadPath = scenario.uniqueQuery ? `${path}${separator}nocache=[<id>]` : path;
  const connections = scenario.connections ?? settings.connections;
  const failures: string[] = [];

  // One request first: a scenario that does not answer 2xx fails fast with the reason. Redirects
  // are not followed: a signed-in page that sends the visitor to /signin must fail, not measure it.
  const probeResponse = await fetch(
    new URL(scenario.uniqueQuery ? `${path}${separator}nocache=probe` : path, baseUrl),
    {
      method,
      headers,
      body: last?.body ?? scenario.body,
      redirect: 'manual',
    },
  );
  const probeBody = await probeResponse.text();
  const probe = {
    status: probeResponse.status,
    contentType: probeResponse.headers.get('content-type') ?? '',
    contentEncoding: probeResponse.headers.get('content-encoding') ?? 'identity',
    bodyBytes: Buffer.byteLength(probeBody),
  };
  if (!probeResponse.ok) failures.push(`${method} ${path} answered ${probe.status}: ${probeBody.slice(0, 200)}`);

  const options: autocannon.Options = {
    url: new URL(loadPath, baseUrl).href,
    method,
    headers: { ...headers },
    body: scenario.body,
    connections,
    pipelining: settings.pipelining,
    idReplacement: scenario.uniqueQuery ?? false,
    ...(rotation ? { requests: [{ method, body: scenario.body, setupRequest: rotate(rotation) }] } : {}),
  };
  process.stdout.write(`${scenario.name}: warm-up ${settings.warmupSeconds} s, `);
  await autocannon({ ...options, duration: settings.warmupSeconds });
  process.stdout.write(`run ${settings.durationSeconds} s… `);
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  console.log(`${Math.round(result.requests.mean)} req/s`);

  const tooMany = result.statusCodeStats?.['429' as keyof typeof result.statusCodeStats]?.count ?? 0;
  if (result.non2xx > 0) {
    failures.push(
      `${scenario.name}: ${result.non2xx} non-2xx responses${tooMany ? ` (${tooMany} of them 429: a rate limit answered, not the route)` : ''}`,
    );
  }
  if (result.errors > 0) failures.push(`${scenario.name}: ${result.errors} errors (${result.timeouts} timeouts)`);
  if (result.requests.total === 0) failures.push(`${scenario.name}: no response at all`);
  return {
    name: scenario.name,
    method,
    path: rotation ? `${loadPath} (rotating over ${rotation.length} requests)` : loadPath,
    ceiling: scenario.ceiling ?? false,
    connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.mean,
    latencyMs: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
    probe,
    failures,
  };
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

    const context = contextFor(server.baseUrl, server.sessionCookies, server.adminCookie);
    const raw: Omit<ScenarioResult, 'ratioToCeiling'>[] = [];
    for (const scenario of selected) raw.push(await runScenario(scenario, server.baseUrl, context));

    const ceiling = raw.find((r) => r.ceiling);
    const results: ScenarioResult[] = raw.map((r, i) => {
      const ratioToCeiling = {
        requestsPerSecond: ceiling ? r.requestsPerSecond / ceiling.requestsPerSecond : Number.NaN,
        p99: ceiling ? r.latencyMs.p99 / ceiling.latencyMs.p99 : Number.NaN,
      };
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
      const floor = scenario?.minRequestsPerSecond;
      if (floor !== undefined && !(r.requestsPerSecond >= floor)) {
        failures.push(
          `${r.name}: ${Math.round(r.requestsPerSecond)} req/s, at least ${floor} wanted (a floor for a quiet machine; load average ${loadAtStart.toFixed(1)} at the start)`,
        );
      }
      return { ...r, ratioToCeiling, failures };
    });

    console.log(`\n${formatTable(results)}\n`);
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

    // The photo engine runs in this process (its own worker thread), after the HTTP scenarios so
    // it does not compete with them. BENCH_ONLY without "photo" leaves it out.
    let photos: PhotoFigures | null = null;
    const only = process.env.BENCH_ONLY?.toLowerCase();
    if (!only || only.includes('photo')) {
      try {
        console.log('\nMeasuring the photo pipeline…');
        photos = await measurePhotos();
        console.log(formatPhotoFigures(photos));
      } catch (error) {
        failures.push(`photo pipeline: ${error instanceof Error ? error.message : String(error)}`);
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
      photos,
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
