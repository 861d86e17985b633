// The import directions of DESIGN.md §3 and docs/decisions/0032-web-shell-and-boundaries.md,
// checked over every TypeScript file under src/. `npm run lint` runs it after `biome check .`.
//
//   node scripts/check-boundaries.ts [root]    exit 0 when clean, 1 with one line per violation
//
// Every module reference counts: `import`, `import type`, `export … from`, `import x = require()`,
// dynamic `import('…')` and `import('…').Type` in types. Relative specifiers are resolved against
// the importing file; bare specifiers (packages) are not checked here (Biome's
// noRestrictedImports covers those).
//
// Inside src/server/modules (issue 28) a module keeps its data layer to itself:
//   - its tables (tables.ts, *-tables.ts) are read by its repository files (repository.ts,
//     *-repository.ts) and other table files only; other modules' table files reach them for
//     foreign keys, src/server/db/schema.ts gathers them for drizzle-kit, and test code (*.test.ts,
//     testing.ts) may import them anywhere;
//   - no module imports src/server/db/schema.ts outside its tests (the schema is every module's
//     tables); tests may, as they may import any module's tables.ts to seed and read rows;
//   - nothing but the module's own repository files re-exports a repository file, not even with
//     `export type … from` or `import { x } …; export { x }`;
//   - the modules form no cycle: module A depends on module B when any non-test file of A imports
//     any file of B, `import type` included.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface ImportRef {
  /** The specifier as written. */
  specifier: string;
  /** 1-based line of the reference. */
  line: number;
  /** The file hands on what it names: `export … from`, or an import whose binding a local `export` names. */
  reexport: boolean;
}

export interface Violation {
  /** Importing file, relative to the root, with `/` separators. */
  file: string;
  line: number;
  specifier: string;
  /** Imported file, relative to the root. */
  target: string;
  rule: RuleId;
  message: string;
}

export type RuleId =
  | 'web-feature-to-feature'
  | 'web-base-to-upper'
  | 'web-feature-to-upper'
  | 'web-to-server'
  | 'server-to-web'
  | 'server-module-internals'
  | 'server-modules-root'
  | 'server-module-tables'
  | 'server-module-schema'
  | 'server-repository-reexport'
  | 'server-module-cycle'
  | 'shared-to-app'
  | 'web-test-support'
  | 'web-cycle';

export interface Report {
  violations: Violation[];
  /** Import cycles among src/web files, each as the list of files around the loop. */
  cycles: string[][];
  /** Cycles among src/server/modules, each as the list of module names around the loop. */
  moduleCycles: string[][];
  filesChecked: number;
}

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIP_DIRS = new Set(['node_modules', '.react-router', 'migrations', '+types']);

function listSources(dir: string, out: string[] = []): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listSources(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The local names an import declaration binds. */
function boundNames(node: ts.ImportDeclaration | ts.ImportEqualsDeclaration): string[] {
  if (ts.isImportEqualsDeclaration(node)) return [node.name.text];
  const clause = node.importClause;
  if (!clause) return [];
  const names = clause.name ? [clause.name.text] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
  else if (bindings) names.push(...bindings.elements.map((e) => e.name.text));
  return names;
}

/** The local names a file exports without a specifier: `export { a, b as c }`, `export default a`. */
function locallyExported(node: ts.Node): string[] {
  if (
    ts.isExportDeclaration(node) &&
    !node.moduleSpecifier &&
    node.exportClause &&
    ts.isNamedExports(node.exportClause)
  ) {
    return node.exportClause.elements.map((e) => (e.propertyName ?? e.name).text);
  }
  if (ts.isExportAssignment(node) && ts.isIdentifier(node.expression)) return [node.expression.text];
  return [];
}

/** Every module a file refers to, in source order. */
export function importsOf(fileName: string, text: string): ImportRef[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const refs: ImportRef[] = [];
  // An import handed on by a later `export { x }` is a re-export too, so the two are matched by name
  // once the whole file is read.
  const refByName = new Map<string, ImportRef>();
  const exported: string[] = [];
  const add = (node: ts.Node, literal: ts.Node | undefined, reexport = false) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return undefined;
    const ref = {
      specifier: literal.text,
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      reexport,
    };
    refs.push(ref);
    return ref;
  };
  const bind = (node: ts.ImportDeclaration | ts.ImportEqualsDeclaration, ref: ImportRef | undefined) => {
    if (ref) for (const name of boundNames(node)) refByName.set(name, ref);
  };
  const visit = (node: ts.Node): void => {
    exported.push(...locallyExported(node));
    if (ts.isImportDeclaration(node)) bind(node, add(node, node.moduleSpecifier));
    else if (ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, true);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const isExported = node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
      bind(node, add(node, node.moduleReference.expression, isExported));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const name of exported) {
    const ref = refByName.get(name);
    if (ref) ref.reexport = true;
  }
  return refs;
}

/** The file a relative specifier names: as written, else with a TypeScript extension or index. */
function resolveRelative(fromFile: string, specifier: string, known: Set<string>): string {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext)];
  // `./x.js` written for `./x.ts` (TypeScript's own convention).
  if (/\.jsx?$/.test(base)) candidates.push(base.replace(/\.js(x?)$/, '.ts$1'));
  return candidates.find((c) => known.has(c)) ?? base;
}

const posix = (path: string) => path.split(sep).join('/');

const FEATURE = /^src\/web\/features\/([^/]+)\//;
const MODULE = /^src\/server\/modules\/([^/]+)\/(.+)$/;
const MODULES_ROOT_FILE = /^src\/server\/modules\/[^/]+$/;
const isWeb = (p: string) => p.startsWith('src/web/');
const isServer = (p: string) => p.startsWith('src/server/');
const isWebServerOnly = (p: string) => /\.server\.tsx?$/.test(p);
const isTestCode = (p: string) => /\.test\.tsx?$/.test(p) || /(^|\/)testing\.tsx?$/.test(p);
/** The web app's top: root.tsx, routes.ts, entry files and route modules, which compose everything. */
const isWebTop = (p: string) => /^src\/web\/[^/]+$/.test(p) || p.startsWith('src/web/routes/');
const isWebShell = (p: string) => p.startsWith('src/web/shell/');
const isWebBase = (p: string) => p.startsWith('src/web/lib/') || p.startsWith('src/web/components/');
/** A module's Drizzle tables (`tables.ts`, `*-tables.ts`), by path inside the module. */
const isTableFile = (file: string) => /(^|\/|-)tables\.ts$/.test(file);
/** A module's queries (`repository.ts`, `*-repository.ts`), by path inside the module. */
const isRepositoryFile = (file: string) => /(^|\/|-)repository\.ts$/.test(file);
const SCHEMA = 'src/server/db/schema.ts';

/**
 * The rule an import from `from` to `to` (both root-relative) breaks, or null. `reexport` says the
 * importing file hands the import on (`export … from`).
 */
export function ruleFor(from: string, to: string, reexport = false): { rule: RuleId; message: string } | null {
  const fromFeature = FEATURE.exec(from)?.[1];
  const toFeature = FEATURE.exec(to)?.[1];

  if ((from.startsWith('src/domain/') || from.startsWith('src/contracts/')) && (isWeb(to) || isServer(to))) {
    return {
      rule: 'shared-to-app',
      message: 'src/domain and src/contracts are shared by both sides: they import nothing from src/server or src/web.',
    };
  }
  if (from.startsWith('src/domain/') && to.startsWith('src/contracts/')) {
    return {
      rule: 'shared-to-app',
      message: 'src/domain imports nothing from src/contracts (contracts build on domain).',
    };
  }
  if (isWeb(from) && isServer(to) && !isWebServerOnly(from)) {
    return {
      rule: 'web-to-server',
      message:
        'Web code reaches the server only from *.server.ts files; loaders get services through the load context (src/contracts/load-context.ts).',
    };
  }
  if (isServer(from) && isWeb(to)) {
    return {
      rule: 'server-to-web',
      message:
        'The server does not import the web app; it loads the built entry at run time and shares types through src/contracts.',
    };
  }
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return {
      rule: 'web-feature-to-feature',
      message: `Feature "${fromFeature}" imports feature "${toFeature}": move the shared piece to components/, lib/ or src/domain, or compose the two in the shell or a route.`,
    };
  }
  if (fromFeature && (isWebShell(to) || isWebTop(to))) {
    return {
      rule: 'web-feature-to-upper',
      message:
        'A feature imports nothing from the shell, root.tsx or routes/: they compose features, not the other way round.',
    };
  }
  if (to.startsWith('src/web/testing/') && !isTestCode(from) && !from.startsWith('src/web/testing/')) {
    return {
      rule: 'web-test-support',
      message: 'src/web/testing holds helpers for component tests: only test files import it.',
    };
  }
  if (isWebBase(from) && (toFeature || isWebShell(to) || isWebTop(to))) {
    return {
      rule: 'web-base-to-upper',
      message: 'src/web/lib and src/web/components import no feature, nothing from the shell, root.tsx or routes/.',
    };
  }
  if (MODULES_ROOT_FILE.test(to)) {
    return {
      rule: 'server-modules-root',
      message:
        'src/server/modules/ holds only module folders: shared helpers live in src/server/lib (or src/server/http for the HTTP layer).',
    };
  }
  return serverModuleRule(from, to, reexport);
}

/** The rules of a module's data layer: who reads its tables, its repository and db/schema.ts. */
function serverModuleRule(from: string, to: string, reexport: boolean): { rule: RuleId; message: string } | null {
  const [, fromName, fromFile = ''] = MODULE.exec(from) ?? [];
  const [, toName, toFile = ''] = MODULE.exec(to) ?? [];
  if (to === SCHEMA && fromName && !isTestCode(from)) {
    return {
      rule: 'server-module-schema',
      message:
        "A module does not import src/server/db/schema.ts (it is every module's tables, gathered for drizzle-kit): its repository imports its own tables.ts.",
    };
  }
  if (fromName && toName && fromName !== toName) {
    // Another module's tables only for a foreign key (from a table file): its rows are read through its service.
    const allowed =
      toFile === 'service.ts' ||
      (isTableFile(toFile) && (isTableFile(fromFile) || isTestCode(from))) ||
      (toFile === 'testing.ts' && isTestCode(from));
    if (!allowed) {
      return {
        rule: 'server-module-internals',
        message: `Module "${fromName}" reaches into module "${toName}" (${toFile}): call its service.ts (tables.ts only for foreign keys and in tests, testing.ts only in tests).`,
      };
    }
  }
  const ownTables = toName && isTableFile(toFile) && fromName === toName;
  if (ownTables && !isRepositoryFile(fromFile) && !isTableFile(fromFile) && !isTestCode(from)) {
    return {
      rule: 'server-module-tables',
      message: `Only module "${toName}"'s repository files (repository.ts, *-repository.ts) query its tables: move the query from ${fromFile} into one.`,
    };
  }
  if (toName && isTableFile(toFile) && !fromName && from !== SCHEMA && !isTestCode(from)) {
    return {
      rule: 'server-module-tables',
      message: `Module "${toName}"'s tables are read by its repository only (src/server/db/schema.ts gathers them for drizzle-kit): call its service.ts.`,
    };
  }
  if (reexport && toName && isRepositoryFile(toFile) && !(fromName === toName && isRepositoryFile(fromFile))) {
    return {
      rule: 'server-repository-reexport',
      message: `Module "${toName}"'s repository stays private to it: do not re-export ${toFile}; declare what callers need in the service or src/domain.`,
    };
  }
  return null;
}

/** Strongly connected components of more than one node, file or module (or a node importing itself). */
function findCycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node) as number, lowlinks.get(next) as number));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node) as number, indices.get(next) as number));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) connect(node);
  return cycles;
}

function addEdge(graph: Map<string, Set<string>>, from: string, to: string): void {
  const edges = graph.get(from) ?? new Set<string>();
  edges.add(to);
  graph.set(from, edges);
}

/**
 * The module a non-test file of another module depends on, or null: test code may seed anything,
 * and a table file's foreign key to another module's table is the database's graph, not the code's
 * (the audit log names its actor, a user, while users write to the audit log).
 */
function moduleEdge(from: string, to: string): [string, string] | null {
  const from_ = MODULE.exec(from);
  const to_ = MODULE.exec(to);
  const [fromName, toName] = [from_?.[1], to_?.[1]];
  if (!fromName || !toName || fromName === toName || isTestCode(from)) return null;
  if (isTableFile(from_?.[2] ?? '') && isTableFile(to_?.[2] ?? '')) return null;
  return [fromName, toName];
}

/** Each module cycle once, naming for every step around it the first import that makes it. */
function moduleCycleViolations(graph: Map<string, Set<string>>, witnesses: Map<string, string>) {
  const cycles = findCycles(graph);
  const violations: Violation[] = cycles.map((cycle) => {
    const members = new Set(cycle);
    const steps = cycle.flatMap((a) =>
      [...(graph.get(a) ?? [])]
        .filter((b) => members.has(b))
        .sort()
        .map((b) => `${a} → ${b} (${witnesses.get(`${a}→${b}`)})`),
    );
    const file = `src/server/modules/${cycle[0]}`;
    return {
      file,
      line: 1,
      specifier: '',
      target: file,
      rule: 'server-module-cycle' as const,
      message: `Import cycle among ${cycle.length} server modules: ${cycle.join(', ')}: ${steps.join('; ')}. Break it with an event, a callback passed in, or by moving the shared piece to src/server/lib.`,
    };
  });
  return { cycles, violations };
}

export function checkBoundaries(root: string): Report {
  const rootDir = resolve(root);
  const files = listSources(join(rootDir, 'src'));
  const known = new Set(files);
  const violations: Violation[] = [];
  const webGraph = new Map<string, Set<string>>();
  const moduleGraph = new Map<string, Set<string>>();
  /** `a→b` → the first `file:line` that makes module a depend on module b. */
  const witnesses = new Map<string, string>();

  for (const file of files) {
    const from = posix(relative(rootDir, file));
    for (const ref of importsOf(file, readFileSync(file, 'utf8'))) {
      if (!ref.specifier.startsWith('.')) continue;
      const target = resolveRelative(file, ref.specifier, known);
      const to = posix(relative(rootDir, target));
      const broken = ruleFor(from, to, ref.reexport);
      if (broken) violations.push({ file: from, line: ref.line, specifier: ref.specifier, target: to, ...broken });
      if (!known.has(target)) continue;
      if (isWeb(from) && isWeb(to)) addEdge(webGraph, from, to);
      const edge = moduleEdge(from, to);
      if (edge) {
        addEdge(moduleGraph, ...edge);
        const key = edge.join('→');
        if (!witnesses.has(key)) witnesses.set(key, `${from}:${ref.line}`);
      }
    }
  }

  const cycles = findCycles(webGraph);
  for (const cycle of cycles) {
    violations.push({
      file: cycle[0] as string,
      line: 1,
      specifier: '',
      target: cycle[0] as string,
      rule: 'web-cycle',
      message: `Import cycle among ${cycle.length} web files: ${cycle.join(', ')}.`,
    });
  }
  const modules = moduleCycleViolations(moduleGraph, witnesses);
  violations.push(...modules.violations);
  return { violations, cycles, moduleCycles: modules.cycles, filesChecked: files.length };
}

export function formatReport(report: Report): string {
  if (report.violations.length === 0) {
    return `Import boundaries: ${report.filesChecked} files checked, no violation.`;
  }
  const lines = report.violations.map((v) =>
    v.rule === 'web-cycle' || v.rule === 'server-module-cycle'
      ? `  [${v.rule}] ${v.message}`
      : `  ${v.file}:${v.line} imports '${v.specifier}' (${v.target})\n    [${v.rule}] ${v.message}`,
  );
  return [
    `Import boundaries: ${report.violations.length} violation(s) in ${report.filesChecked} files (docs/decisions/0032-web-shell-and-boundaries.md):`,
    ...lines,
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = checkBoundaries(process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..'));
  const text = formatReport(report);
  if (report.violations.length > 0) {
    console.error(text);
    process.exitCode = 1;
  } else {
    console.log(text);
  }
}
