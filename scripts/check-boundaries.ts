// The import directions of DESIGN.md §3 and docs/decisions/0032-web-shell-and-boundaries.md,
// checked over every TypeScript file under src/. `npm run lint` runs it after `biome check .`.
//
//   node scripts/check-boundaries.ts [root]    exit 0 when clean, 1 with one line per violation
//
// Every module reference counts: `import`, `import type`, `export … from`, `import x = require()`,
// dynamic `import('…')` and `import('…').Type` in types. Relative specifiers are resolved against
// the importing file; bare specifiers (packages) are not checked here (Biome's
// noRestrictedImports covers those).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface ImportRef {
  /** The specifier as written. */
  specifier: string;
  /** 1-based line of the reference. */
  line: number;
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
  | 'shared-to-app'
  | 'web-test-support'
  | 'web-cycle';

export interface Report {
  violations: Violation[];
  /** Import cycles among src/web files, each as the list of files around the loop. */
  cycles: string[][];
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

/** Every module a file refers to, in source order. */
export function importsOf(fileName: string, text: string): ImportRef[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const refs: ImportRef[] = [];
  const add = (node: ts.Node, literal: ts.Node | undefined) => {
    if (literal && ts.isStringLiteralLike(literal)) {
      refs.push({ specifier: literal.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
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

/** The rule an import from `from` to `to` (both root-relative) breaks, or null. */
export function ruleFor(from: string, to: string): { rule: RuleId; message: string } | null {
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
  const fromModule = MODULE.exec(from);
  const toModule = MODULE.exec(to);
  if (fromModule && toModule && fromModule[1] !== toModule[1]) {
    const [, , fromFile = ''] = fromModule;
    const [, other, file = ''] = toModule;
    const allowed =
      file === 'service.ts' ||
      (file === 'tables.ts' && (fromFile === 'tables.ts' || isTestCode(from))) ||
      (file === 'testing.ts' && isTestCode(from));
    if (!allowed) {
      return {
        rule: 'server-module-internals',
        message: `Module "${fromModule[1]}" reaches into module "${other}" (${file}): call its service.ts (tables.ts only for foreign keys and in tests, testing.ts only in tests).`,
      };
    }
  }
  return null;
}

/** Strongly connected components of more than one file (or a file importing itself). */
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

export function checkBoundaries(root: string): Report {
  const rootDir = resolve(root);
  const files = listSources(join(rootDir, 'src'));
  const known = new Set(files);
  const violations: Violation[] = [];
  const webGraph = new Map<string, Set<string>>();

  for (const file of files) {
    const from = posix(relative(rootDir, file));
    for (const ref of importsOf(file, readFileSync(file, 'utf8'))) {
      if (!ref.specifier.startsWith('.')) continue;
      const target = resolveRelative(file, ref.specifier, known);
      const to = posix(relative(rootDir, target));
      const broken = ruleFor(from, to);
      if (broken) violations.push({ file: from, line: ref.line, specifier: ref.specifier, target: to, ...broken });
      if (isWeb(from) && isWeb(to) && known.has(target)) {
        const edges = webGraph.get(from) ?? new Set<string>();
        edges.add(to);
        webGraph.set(from, edges);
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
  return { violations, cycles, filesChecked: files.length };
}

export function formatReport(report: Report): string {
  if (report.violations.length === 0) {
    return `Import boundaries: ${report.filesChecked} files checked, no violation.`;
  }
  const lines = report.violations.map((v) =>
    v.rule === 'web-cycle'
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
