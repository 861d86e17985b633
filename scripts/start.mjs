// `npm start`: builds the web app when the build is missing or older than its sources, then
// becomes the server: this process re-executes itself (same pid) as `node src/server/server.ts`
// with the V8 flags and allocator settings of src/server/process-settings.ts, which only take
// effect from a process's start (decision 0093-memory). Node 24 runs the server's TypeScript as is. npm puts
// node_modules/.bin first on PATH, so `node` here is the Node 24 of the `node` dev dependency
// whatever the machine's own Node is (docs/decisions/0031-node-and-run-modes.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `SevaDocs needs Node 24 or newer; this is Node ${process.versions.node}. ` +
      'Run it as `npm install && npm start`: npm then uses the Node 24 that `npm install` put in node_modules/.bin.',
  );
  process.exit(1);
}

// React's production build for every server render; `npm run dev` is the development mode.
// Where the server runs (embedded or a production deployment) is DEPLOYMENT's business.
process.env.NODE_ENV ??= 'production';

const root = resolve(import.meta.dirname, '..');
const buildDir = resolve(root, process.env.BUILD_DIR ?? 'build');
const serverEntry = join(buildDir, 'server/index.js');
const sources = [
  'src/web',
  'src/domain',
  'src/contracts',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding the web app…' : 'Building the web app…');
  const result = spawnSync(join(root, 'node_modules/.bin/react-router'), ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.BUILD_DIR = buildDir;
const { SERVER_ALLOCATOR_ENV, processMemoryBytes, serverNodeFlags } = await import('../src/server/process-settings.ts');
const server = join(root, 'src/server/server.ts');
if (typeof process.execve === 'function') {
  // This process's own flags (e.g. --cpu-prof, --import) carry over; allocator settings already in
  // the environment win.
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...process.execArgv,
      ...serverNodeFlags({
        nodeOptions: process.env.NODE_OPTIONS,
        embeddedDatabase: !process.env.DATABASE_URL,
        memoryBytes: processMemoryBytes(),
      }),
      server,
    ],
    {
      ...SERVER_ALLOCATOR_ENV,
      ...process.env,
    },
  );
}
// Windows has no execve: the server runs in this process without the settings.
await import('../src/server/server.ts');
