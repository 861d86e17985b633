// Running one scenario of bench/scenarios.ts under autocannon against a running server: what
// `npm run bench` (bench/run.ts) and `npm run bench:cluster` (bench/cluster.ts) share.
// Environment: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { ScenarioResult } from './report.ts';
import type { RotatingRequest, Scenario, ScenarioContext } from './scenarios.ts';

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

export const settings = {
  durationSeconds: numberFromEnv('BENCH_DURATION', 10),
  warmupSeconds: numberFromEnv('BENCH_WARMUP', 2),
  connections: numberFromEnv('BENCH_CONNECTIONS', 50),
  pipelining: 1,
};

/** What runScenario measures; the run adds the ratios to the ceiling and the health route. */
export type MeasuredScenario = Omit<ScenarioResult, 'ratioToCeiling' | 'ratioToHealth'>;

/**
 * CPU time a process has used, all its threads (the main thread, libuv's pool compressing, V8's
 * helpers), or only thread `tid` of it (its main thread: `tid` = `pid`), in ms, from /proc
 * (Linux; NaN elsewhere): CPU per request is what the shared machine's load does not distort as it
 * does req/s (decision 0041).
 */
export function processCpuMs(pid: number, tid?: number): number {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces; utime and
    // stime are fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

export function contextFor(baseUrl: string, sessionCookies: string[], adminCookie: string): ScenarioContext {
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

/** `cpuMs` reads the server's CPU time in ms (e.g. processCpuMs), for the CPU per request of the measured run. */
export async function runScenario(
  scenario: Scenario,
  baseUrl: string,
  context: ScenarioContext,
  cpuMs?: () => number,
): Promise<MeasuredScenario> {
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
  const cpuBefore = cpuMs?.() ?? Number.NaN;
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  const cpuMsPerRequest = result.requests.total
    ? ((cpuMs?.() ?? Number.NaN) - cpuBefore) / result.requests.total
    : Number.NaN;
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
    cpuMsPerRequest,
    probe,
    failures,
  };
}
