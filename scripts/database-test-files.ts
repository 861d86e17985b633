// The server's test files that reach the database: those whose relative imports lead, at any
// depth, to the database client (src/server/db/client.ts). The PostgreSQL pass of CI
// (`npm run test:postgres`) runs only these: a file that never opens a database gives the same
// result on PGlite and PostgreSQL, and `npm test` has already run it (decision 0074).
// Prints one path per line, relative to the repository root.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DATABASE_CLIENT = join(ROOT, 'src/server/db/client.ts');
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

const reaches = new Map<string, boolean>();

/** Whether `file` imports the database client, directly or through other modules of the repository. */
function reachesDatabase(file: string, visiting = new Set<string>()): boolean {
  const known = reaches.get(file);
  if (known !== undefined) return known;
  if (file === DATABASE_CLIENT) return true;
  if (visiting.has(file)) return false; // a cycle: the answer comes from the other paths
  visiting.add(file);
  let found = false;
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2] ?? '');
    if (target && reachesDatabase(target, visiting)) {
      found = true;
      break;
    }
  }
  visiting.delete(file);
  reaches.set(file, found);
  return found;
}

function resolveImport(from: string, specifier: string): string | null {
  const path = resolve(dirname(from), specifier);
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

export function databaseTestFiles(): string[] {
  return globSync('src/server/**/*.test.ts', { cwd: ROOT })
    .filter((file) => reachesDatabase(join(ROOT, file)))
    .map((file) => relative(ROOT, join(ROOT, file)))
    .sort();
}

if (import.meta.main) console.log(databaseTestFiles().join('\n'));
