// The server's test files that reach the database: those whose relative imports lead, at any
// depth, to the database client (src/server/db/client.ts). The PostgreSQL pass of CI
// (`npm run test:postgres`) runs only these: a file that never opens a database gives the same
// result on PGlite and PostgreSQL, and `npm test` has already run it (decision 0074).
// Prints one path per line, relative to the repository root.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DATABASE_CLIENT = join(ROOT, 'src/server/db/client.ts');
// `import type` and `export type` are erased before the file runs, so they cannot open a database
// (a file that only names the Database type, such as lib/reference.ts, is not a user).
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?!type\s)[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Every module of `src` that imports the database client, directly or through other modules. */
function modulesReachingDatabase(): Set<string> {
  // Walked backwards from the client over "is imported by", so cycles need no care.
  const importedBy = new Map<string, string[]>();
  for (const file of globSync('src/**/*.{ts,tsx}', { cwd: ROOT }).map((f) => join(ROOT, f))) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? '');
      if (target) importedBy.set(target, [...(importedBy.get(target) ?? []), file]);
    }
  }
  const reached = new Set([DATABASE_CLIENT]);
  const queue = [DATABASE_CLIENT];
  for (let file = queue.pop(); file; file = queue.pop()) {
    for (const importer of importedBy.get(file) ?? []) {
      if (!reached.has(importer)) {
        reached.add(importer);
        queue.push(importer);
      }
    }
  }
  return reached;
}

function resolveImport(from: string, specifier: string): string | null {
  const path = resolve(dirname(from), specifier);
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

export function databaseTestFiles(): string[] {
  const reached = modulesReachingDatabase();
  return globSync('src/server/**/*.test.ts', { cwd: ROOT })
    .filter((file) => reached.has(join(ROOT, file)))
    .map((file) => relative(ROOT, join(ROOT, file)))
    .sort();
}

if (import.meta.main) console.log(databaseTestFiles().join('\n'));
