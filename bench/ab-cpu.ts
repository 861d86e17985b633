// A/B of uncached renders: main-thread and whole-process CPU ms per request of two checkouts'
// production builds, loaded in turns so both see the same machine noise (decision 0041). Read from /proc, so a busy
// machine shifts both alike. Usage:
//   AB_ROOTS=/path/to/checkout-a,/path/to/checkout-b node bench/ab-cpu.ts
// PATHS (comma-separated), N (requests per sample), ROUNDS and BENCH_SKIP_BUILD are optional; a
// path under /dashboard is asked for with the bench visitor's session (bench/account.ts).
import autocannon from 'autocannon';
import { processCpuMs } from './load.ts';

const roots = (process.env.AB_ROOTS ?? '').split(',');
const mods = await Promise.all(roots.map((r) => import(`${r}/bench/server.ts`)));
if (!process.env.BENCH_SKIP_BUILD) for (const m of mods) await m.buildApp();
const servers = [];
for (const m of mods) servers.push(await m.startServer());
const paths = (process.env.PATHS ?? '/,/indian-visa/e-tourist-30-days/us-in').split(',');
const N = Number(process.env.N ?? 800);
let n = 0;
const headers = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
const run = (server: { baseUrl: string; sessionCookies: string[] }, path: string, amount: number) =>
  new Promise<void>((resolve) => {
    autocannon(
      {
        url: server.baseUrl + path,
        connections: 8,
        amount,
        headers: path.startsWith('/dashboard') ? { ...headers, cookie: server.sessionCookies[0] ?? '' } : headers,
        requests: [{ setupRequest: (r: object) => ({ ...r, path: `${path}?u=${++n}` }) }],
      },
      () => resolve(),
    );
  });
for (const path of paths) {
  const samples: number[][] = servers.map(() => []);
  const processSamples: number[][] = servers.map(() => []);
  for (const s of servers) await run(s, path, 200);
  for (let round = 0; round < Number(process.env.ROUNDS ?? 5); round++) {
    for (const [i, s] of servers.entries()) {
      const main = () => processCpuMs(s.pid, s.pid);
      const whole = () => processCpuMs(s.pid);
      const [before, wholeBefore] = [main(), whole()];
      await run(s, path, N);
      samples[i]?.push((main() - before) / N);
      processSamples[i]?.push((whole() - wholeBefore) / N);
    }
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]?.toFixed(2);
  console.log(
    path,
    roots
      .map(
        (r, i) =>
          `${r.split('/').pop()}: main thread median ${med(samples[i] ?? [])} [${samples[i]?.map((x) => x.toFixed(2)).join(' ')}], process median ${med(processSamples[i] ?? [])}`,
      )
      .join(' | '),
  );
}
for (const s of servers) await s.stop();
