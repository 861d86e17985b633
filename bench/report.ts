// The table `npm run bench` prints and the JSON it writes to bench/results/latest.json.

import type { EmailBurstFigures } from './email-burst.ts';
import type { MemoryFigures } from './memory.ts';
import type { PageWeight } from './page-weight.ts';
import type { PhotoFigures } from './photos.ts';
import type { RetentionFigures } from './retention.ts';

export interface ScenarioResult {
  name: string;
  method: string;
  path: string;
  ceiling: boolean;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
  /** The server process's CPU time (all threads) during the measured run ÷ its requests; NaN where /proc is not. */
  cpuMsPerRequest: number;
  /** The first response, fetched before the run: status, content type, decoded body size, encoding. */
  probe: { status: number; contentType: string; contentEncoding: string; bodyBytes: number };
  /** requestsPerSecond ÷ the ceiling's; p99 ÷ the ceiling's p99. */
  ratioToCeiling: { requestsPerSecond: number; p99: number };
  /** requestsPerSecond ÷ the health route's (issue 29 §4's denominator). */
  ratioToHealth: number;
  failures: string[];
}

export interface BenchReport {
  date: string;
  node: string;
  cpus: number;
  cpuModel: string;
  platform: string;
  /** One-minute load average before and after the scenarios: other work on the machine skews every number. */
  loadAverage: { start: number; end: number };
  settings: { durationSeconds: number; warmupSeconds: number; connections: number; pipelining: number };
  scenarios: ScenarioResult[];
  pageWeight: PageWeight | null;
  /** The server's RSS idle and under the mixed load with photo checks (issue 29); null when BENCH_ONLY left it out. */
  memory: MemoryFigures | null;
  /** The photo compliance engine's figures (issue 12); null when BENCH_ONLY left them out. */
  photos: PhotoFigures | null;
  /** 50 sign-ups + 50 resets → e-mails in the mailbox (bench/email-burst.ts). */
  emailBurst: EmailBurstFigures | null;
  retention: RetentionFigures | null;
  failures: string[];
  passed: boolean;
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

export function formatTable(results: ScenarioResult[]): string {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'p99 ÷ p50',
    'non-2xx',
    'errors',
    'req/s ÷ ceil',
    'req/s ÷ health',
    'p99 ÷ ceil',
    'CPU ms/req',
    'B/resp',
  ];
  const rows = results.map((r) => [
    r.name,
    fixed(r.requestsPerSecond, 0),
    fixed(r.latencyMs.p50, 1),
    fixed(r.latencyMs.p99, 1),
    `${fixed(r.latencyMs.p99 / r.latencyMs.p50, 1)}×`,
    String(r.non2xx),
    String(r.errors),
    `${fixed(r.ratioToCeiling.requestsPerSecond, 4)}×`,
    `${fixed(r.ratioToHealth, 4)}×`,
    `${fixed(r.ratioToCeiling.p99, 1)}×`,
    fixed(r.cpuMsPerRequest, 2),
    fixed(r.bytesPerResponse, 0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The scenarios' own targets (share of the health route's and the ceiling's req/s, p99 ÷ p50), each with its verdict. */
export function formatTargets(
  results: ScenarioResult[],
  targets: { name: string; minShareOfHealth?: number; minShareOfCeiling?: number; maxP99ToP50?: number }[],
): string {
  const lines: string[] = [];
  for (const r of results) {
    const target = targets.find((t) => t.name === r.name);
    if (!target) continue;
    const parts: string[] = [];
    const healthShare = target.minShareOfHealth;
    if (healthShare !== undefined) {
      const ok = r.ratioToHealth >= healthShare;
      parts.push(
        `${fixed(r.ratioToHealth, 3)} of the health route's req/s (≥ ${healthShare}: ${ok ? 'pass' : 'FAIL'})`,
      );
    }
    const share = target.minShareOfCeiling;
    if (share !== undefined) {
      const ok = r.ratioToCeiling.requestsPerSecond >= share;
      parts.push(
        `${fixed(r.ratioToCeiling.requestsPerSecond, 3)} of the ceiling's req/s (≥ ${share}: ${ok ? 'pass' : 'FAIL'})`,
      );
    }
    const tail = target.maxP99ToP50;
    if (tail !== undefined) {
      const ratio = r.latencyMs.p99 / r.latencyMs.p50;
      parts.push(`p99 ${fixed(ratio, 1)}× p50 (≤ ${tail}×: ${ratio <= tail ? 'pass' : 'FAIL'})`);
    }
    if (parts.length) lines.push(`  ${r.name}: ${parts.join(', ')}`);
  }
  return lines.length ? `Render targets:\n${lines.join('\n')}` : '';
}
