import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries, importsOf, type RuleId } from './check-boundaries.ts';

const SCRIPT = resolve(import.meta.dirname, 'check-boundaries.ts');
const REPO = resolve(import.meta.dirname, '..');

/** A small tree that keeps every rule: each layer imports only what it may. */
const CLEAN: Record<string, string> = {
  'src/domain/catalog/money.ts': 'export const CENTS = 100;\n',
  'src/contracts/load-context.ts':
    "import type { CENTS } from '../domain/catalog/money.ts';\nexport type C = typeof CENTS;\n",
  'src/server/http/errors.ts': 'export class HttpError extends Error {}\n',
  'src/server/lib/read-cache.ts': 'export const cache = new Map();\n',
  'src/server/services.ts': "export { catalog } from './modules/catalog/service.ts';\n",
  'src/server/db/schema.ts':
    "export * from '../modules/catalog/tables.ts';\nexport * from '../modules/catalog/price-tables.ts';\nexport * from '../modules/orders/tables.ts';\n",
  'src/server/plugins/web.ts': "import type { C } from '../../contracts/load-context.ts';\nexport type W = C;\n",
  'src/server/modules/catalog/tables.ts': 'export const services = {};\n',
  'src/server/modules/catalog/price-tables.ts':
    "import { services } from './tables.ts';\nexport const prices = services;\n",
  'src/server/modules/catalog/repository.ts':
    "import { services } from './tables.ts';\nexport const repo = services;\nexport type { PriceRow } from './prices-repository.ts';\n",
  'src/server/modules/catalog/prices-repository.ts':
    "import { prices } from './price-tables.ts';\nimport type { services } from './tables.ts';\nexport type PriceRow = typeof prices | typeof services;\n",
  'src/server/modules/catalog/service.ts':
    "import { cache } from '../../lib/read-cache.ts';\nimport { type PriceRow, repo } from './repository.ts';\nexport const catalog = { cache, repo };\nexport type Price = PriceRow;\n",
  'src/server/modules/catalog/testing.ts':
    "import { catalog } from './service.ts';\nimport { services } from './tables.ts';\nexport const seed = [catalog, services];\n",
  'src/server/modules/catalog/service.test.ts':
    "import type { O } from '../orders/service.ts';\nimport { prices } from './price-tables.ts';\nexport const t: [O?, unknown?] = [undefined, prices];\n",
  'src/server/modules/catalog/routes.ts':
    "import { HttpError } from '../../http/errors.ts';\nexport const e = HttpError;\n",
  'src/server/modules/orders/tables.ts':
    "import { services } from '../catalog/tables.ts';\nexport const orders = services;\n",
  'src/server/modules/orders/service.ts':
    "import type { catalog } from '../catalog/service.ts';\nexport type O = typeof catalog;\n",
  'src/server/modules/orders/routes.test.ts':
    "import { orders } from '../../db/schema.ts';\nimport { services } from '../catalog/tables.ts';\nimport { seed } from '../catalog/testing.ts';\nexport const t = [orders, services, seed];\n",
  'src/web/lib/api.ts': 'export const api = 1;\n',
  'src/web/lib/app-context.ts': "import type { C } from '../../contracts/load-context.ts';\nexport type A = C;\n",
  'src/web/components/ui/icon.tsx': "import { api } from '../../lib/api.ts';\nexport const Icon = () => api;\n",
  'src/web/features/alpha/page.tsx':
    "import { Icon } from '../../components/ui/icon.tsx';\nimport { api } from '../../lib/api.ts';\nexport const Page = () => [Icon, api];\n",
  'src/web/features/alpha/panel.tsx': 'export const Panel = () => null;\n',
  'src/web/features/alpha/page.test.tsx':
    "import { renderPage } from '../../testing/dom.tsx';\nimport { Page } from './page.tsx';\nexport const t = renderPage(Page);\n",
  'src/web/features/beta/data.server.ts':
    "import { catalog } from '../../../server/services.ts';\nexport const load = () => catalog;\n",
  'src/web/features/beta/view.tsx': 'export const View = () => null;\n',
  'src/web/shell/deferred.ts':
    "export const loadPage = () => import('../features/alpha/page.tsx');\nexport const loadView = () => import('../features/beta/view.tsx');\n",
  'src/web/shell/app-shell.tsx':
    "import { Icon } from '../components/ui/icon.tsx';\nexport const AppShell = () => Icon;\n",
  'src/web/testing/dom.tsx':
    "import { AppShell } from '../shell/app-shell.tsx';\nexport const renderPage = (page: unknown) => [AppShell, page];\n",
  'src/web/routes/home.tsx':
    "import { Page } from '../features/alpha/page.tsx';\nimport { View } from '../features/beta/view.tsx';\nimport { loadPage } from '../shell/deferred.ts';\nexport default [Page, View, loadPage];\n",
  'src/web/root.tsx':
    "import type { A } from './lib/app-context.ts';\nexport { AppShell as default } from './shell/app-shell.tsx';\nexport type R = A;\n",
};

/** One violation of each kind, each written with a different kind of module reference. */
const PLANTS: { name: string; rule: RuleId; file: string; text: string; specifier: string }[] = [
  {
    name: 'a feature imports another feature (import type)',
    rule: 'web-feature-to-feature',
    file: 'src/web/features/alpha/uses-beta.tsx',
    text: "import type { View } from '../beta/view.tsx';\nexport type V = typeof View;\n",
    specifier: '../beta/view.tsx',
  },
  {
    name: 'a feature re-exports another feature (export … from)',
    rule: 'web-feature-to-feature',
    file: 'src/web/features/alpha/reexport.ts',
    text: "export { View } from '../beta/view.tsx';\n",
    specifier: '../beta/view.tsx',
  },
  {
    name: 'a feature loads another feature on demand (dynamic import)',
    rule: 'web-feature-to-feature',
    file: 'src/web/features/alpha/lazy.ts',
    text: "export const load = () => import('../beta/view.tsx');\n",
    specifier: '../beta/view.tsx',
  },
  {
    name: "a feature names another feature's type (import('…') in a type)",
    rule: 'web-feature-to-feature',
    file: 'src/web/features/alpha/type-query.ts',
    text: "export type V = import('../beta/view.tsx').View;\n",
    specifier: '../beta/view.tsx',
  },
  {
    name: 'lib imports a feature (path without extension)',
    rule: 'web-base-to-upper',
    file: 'src/web/lib/uses-feature.ts',
    text: "import { Page } from '../features/alpha/page';\nexport const p = Page;\n",
    specifier: '../features/alpha/page',
  },
  {
    name: 'a component imports the shell',
    rule: 'web-base-to-upper',
    file: 'src/web/components/uses-shell.tsx',
    text: "import { loadPage } from '../shell/deferred.ts';\nexport const l = loadPage;\n",
    specifier: '../shell/deferred.ts',
  },
  {
    name: 'a feature imports root.tsx',
    rule: 'web-feature-to-upper',
    file: 'src/web/features/alpha/uses-root.ts',
    text: "import type { R } from '../../root.tsx';\nexport type X = R;\n",
    specifier: '../../root.tsx',
  },
  {
    name: 'non-test web code imports the test helpers',
    rule: 'web-test-support',
    file: 'src/web/features/alpha/uses-testing.tsx',
    text: "import { renderPage } from '../../testing/dom.tsx';\nexport const r = renderPage;\n",
    specifier: '../../testing/dom.tsx',
  },
  {
    name: "a module reaches into another module's repository",
    rule: 'server-module-internals',
    file: 'src/server/modules/orders/routes.ts',
    text: "import { repo } from '../catalog/repository.ts';\nexport const r = repo;\n",
    specifier: '../catalog/repository.ts',
  },
  {
    name: "a module's repository reads another module's tables",
    rule: 'server-module-internals',
    file: 'src/server/modules/orders/repository.ts',
    text: "import { services } from '../catalog/tables.ts';\nexport const s = services;\n",
    specifier: '../catalog/tables.ts',
  },
  {
    name: "a module's non-test code uses another module's test helpers",
    rule: 'server-module-internals',
    file: 'src/server/modules/orders/seeding.ts',
    text: "import { seed } from '../catalog/testing.ts';\nexport const s = seed;\n",
    specifier: '../catalog/testing.ts',
  },
  {
    name: "a module's admin code queries its own tables",
    rule: 'server-module-tables',
    file: 'src/server/modules/catalog/admin.ts',
    text: "import { services } from './tables.ts';\nexport const list = () => services;\n",
    specifier: './tables.ts',
  },
  {
    name: "a module's service names its own table file's types (import type)",
    rule: 'server-module-tables',
    file: 'src/server/modules/catalog/service.ts',
    text: "import type { prices } from './price-tables.ts';\nexport type P = typeof prices;\n",
    specifier: './price-tables.ts',
  },
  {
    name: "server code outside the modules reads a module's tables",
    rule: 'server-module-tables',
    file: 'src/server/plugins/uses-tables.ts',
    text: "import { services } from '../modules/catalog/tables.ts';\nexport const s = services;\n",
    specifier: '../modules/catalog/tables.ts',
  },
  {
    name: 'a repository imports db/schema.ts',
    rule: 'server-module-schema',
    file: 'src/server/modules/orders/repository.ts',
    text: "import { orders } from '../../db/schema.ts';\nexport const o = orders;\n",
    specifier: '../../db/schema.ts',
  },
  {
    name: "a service re-exports its repository's types (export type … from)",
    rule: 'server-repository-reexport',
    file: 'src/server/modules/catalog/service.ts',
    text: "export type { PriceRow } from './repository.ts';\n",
    specifier: './repository.ts',
  },
  {
    name: 'a module file hands on an import from a repository (import, then export { … })',
    rule: 'server-repository-reexport',
    file: 'src/server/modules/catalog/routes.ts',
    text: "import { type PriceRow, repo } from './repository.ts';\nexport type P = PriceRow;\nexport { repo };\n",
    specifier: './repository.ts',
  },
  {
    name: 'services.ts re-exports a repository (export * from)',
    rule: 'server-repository-reexport',
    file: 'src/server/services.ts',
    text: "export * from './modules/catalog/prices-repository.ts';\n",
    specifier: './modules/catalog/prices-repository.ts',
  },
  {
    name: 'a helper sits loose in src/server/modules',
    rule: 'server-modules-root',
    file: 'src/server/modules/orders/uses-loose-helper.ts',
    text: "export type H = typeof import('../loose-helper.ts');\n",
    specifier: '../loose-helper.ts',
  },
  {
    name: 'web code outside *.server.ts imports the server (type only)',
    rule: 'web-to-server',
    file: 'src/web/features/alpha/uses-server.tsx',
    text: "import type { catalog } from '../../../server/services.ts';\nexport type S = typeof catalog;\n",
    specifier: '../../../server/services.ts',
  },
  {
    name: 'the server imports the web app',
    rule: 'server-to-web',
    file: 'src/server/plugins/uses-web.ts',
    text: "import type { A } from '../../web/lib/app-context.ts';\nexport type X = A;\n",
    specifier: '../../web/lib/app-context.ts',
  },
  {
    name: 'domain imports the web app',
    rule: 'shared-to-app',
    file: 'src/domain/catalog/uses-web.ts',
    text: "export { api } from '../../web/lib/api.ts';\n",
    specifier: '../../web/lib/api.ts',
  },
  {
    name: 'contracts import the server',
    rule: 'shared-to-app',
    file: 'src/contracts/uses-server.ts',
    text: "import type { catalog } from '../server/services.ts';\nexport type S = typeof catalog;\n",
    specifier: '../server/services.ts',
  },
];

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function runCli(root: string) {
  return spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
}

describe('import boundaries (scripts/check-boundaries.ts)', () => {
  it('finds every kind of module reference', () => {
    const refs = importsOf(
      'x.tsx',
      [
        "import a from './a.ts';",
        "import type { B } from './b.ts';",
        "export { c } from './c.ts';",
        "export * from './d.ts';",
        "const e = await import('./e.ts');",
        "type F = import('./f.ts').F;",
        "import g = require('./g.ts');",
        "// import h from './h.ts';",
        'const text = "import i from \'./i.ts\'";',
      ].join('\n'),
    );
    expect(refs.map((r) => r.specifier)).toEqual([
      './a.ts',
      './b.ts',
      './c.ts',
      './d.ts',
      './e.ts',
      './f.ts',
      './g.ts',
    ]);
    expect(refs.filter((r) => r.reexport).map((r) => r.specifier)).toEqual(['./c.ts', './d.ts']);
  });

  it('marks every re-export, including an import a local export hands on', () => {
    const refs = importsOf(
      'x.ts',
      [
        "import { a } from './a.ts';",
        "import type { B } from './b.ts';",
        "import * as c from './c.ts';",
        "import d from './d.ts';",
        "import { e } from './e.ts';",
        'export { a, c as see };',
        'export type { B };',
        'export default d;',
        "export type { F } from './f.ts';",
        "export import g = require('./g.ts');",
        "import h = require('./h.ts');",
        'export const used = [e, h];',
      ].join('\n'),
    );
    expect(refs.filter((r) => r.reexport).map((r) => `${r.specifier}:${r.line}`)).toEqual([
      './a.ts:1',
      './b.ts:2',
      './c.ts:3',
      './d.ts:4',
      './f.ts:9',
      './g.ts:10',
    ]);
  });

  it('passes a tree that keeps the rules, and the CLI exits 0 on it', () => {
    const root = tree(CLEAN);
    expect(checkBoundaries(root).violations).toEqual([]);
    const cli = runCli(root);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('no violation');
  });

  it.each(PLANTS)('fails on one planted violation: $name', ({ rule, file, text, specifier }) => {
    const files = { ...CLEAN, [file]: text };
    if (rule === 'server-modules-root') files['src/server/modules/loose-helper.ts'] = 'export const x = 1;\n';
    const { violations } = checkBoundaries(tree(files));
    expect(violations.map((v) => ({ rule: v.rule, file: v.file, specifier: v.specifier }))).toEqual([
      { rule, file, specifier },
    ]);
  });

  it('fails on an import cycle among web files, naming them', () => {
    const { violations, cycles } = checkBoundaries(
      tree({
        ...CLEAN,
        'src/web/lib/api.ts': "import { helper } from './helper.ts';\nexport const api = helper;\n",
        'src/web/lib/helper.ts':
          "import type { api } from './api.ts';\nexport const helper = 1 as unknown as typeof api;\n",
      }),
    );
    expect(cycles).toEqual([['src/web/lib/api.ts', 'src/web/lib/helper.ts']]);
    expect(violations.map((v) => v.rule)).toEqual(['web-cycle']);
  });

  it('fails on a cycle among server modules once, naming the modules and an import for each step', () => {
    const root = tree({
      ...CLEAN,
      // catalog → payments (a type import counts) → orders → catalog (already in CLEAN).
      'src/server/modules/catalog/routes.ts':
        "import type { Pay } from '../payments/service.ts';\nexport type R = Pay;\n",
      'src/server/modules/payments/service.ts':
        "import type { O } from '../orders/service.ts';\nexport type Pay = O;\n",
      'src/server/modules/orders/service.ts':
        "import type { catalog } from '../catalog/service.ts';\nimport type { Pay } from '../payments/service.ts';\nexport type O = [typeof catalog, Pay];\n",
    });
    const { violations, moduleCycles } = checkBoundaries(root);
    expect(moduleCycles).toEqual([['catalog', 'orders', 'payments']]);
    expect(violations.map((v) => v.rule)).toEqual(['server-module-cycle']);
    expect(violations[0]?.message).toContain(
      'catalog → payments (src/server/modules/catalog/routes.ts:1); orders → catalog (src/server/modules/orders/service.ts:1); orders → payments (src/server/modules/orders/service.ts:2); payments → orders (src/server/modules/payments/service.ts:1)',
    );
    const cli = runCli(root);
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(
      '[server-module-cycle] Import cycle among 3 server modules: catalog, orders, payments',
    );
  });

  it("ignores test code in the module graph: a module's tests may use the modules that use it", () => {
    // CLEAN has orders → catalog and catalog/service.test.ts → orders; adding catalog/testing.ts → orders too.
    const { violations, moduleCycles } = checkBoundaries(
      tree({
        ...CLEAN,
        'src/server/modules/catalog/testing.ts':
          "import type { O } from '../orders/service.ts';\nexport type Seed = O;\n",
      }),
    );
    expect(moduleCycles).toEqual([]);
    expect(violations).toEqual([]);
  });

  it("leaves a foreign key between two modules' table files out of the module graph, not their services' imports", () => {
    // audit's table names its actor, a user (a foreign key), while the users service writes to the audit log.
    const foreignKey: Record<string, string> = {
      'src/server/modules/users/tables.ts': 'export const users = {};\n',
      'src/server/modules/audit/tables.ts':
        "import { users } from '../users/tables.ts';\nexport const auditLog = { actor: users };\n",
      'src/server/modules/audit/service.ts': 'export const audit = { record: () => undefined };\n',
      'src/server/modules/users/service.ts':
        "import { audit } from '../audit/service.ts';\nexport const accounts = { audit };\n",
    };
    const fine = checkBoundaries(tree({ ...CLEAN, ...foreignKey }));
    expect(fine.moduleCycles).toEqual([]);
    expect(fine.violations).toEqual([]);

    // The audit service importing the users service as well is a cycle, made by the two services alone.
    const { violations, moduleCycles } = checkBoundaries(
      tree({
        ...CLEAN,
        ...foreignKey,
        'src/server/modules/audit/service.ts':
          "import type { accounts } from '../users/service.ts';\nexport const audit = { record: (_: typeof accounts) => undefined };\n",
      }),
    );
    expect(moduleCycles).toEqual([['audit', 'users']]);
    expect(violations.map((v) => v.rule)).toEqual(['server-module-cycle']);
    expect(violations[0]?.message).toContain(
      'audit → users (src/server/modules/audit/service.ts:1); users → audit (src/server/modules/users/service.ts:1)',
    );
  });

  it('makes the CLI exit 1 with the file, the import and the rule', () => {
    const plant = PLANTS[0];
    if (!plant) throw new Error('no plant');
    const cli = runCli(tree({ ...CLEAN, [plant.file]: plant.text }));
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`${plant.file}:1 imports '${plant.specifier}'`);
    expect(cli.stderr).toContain('[web-feature-to-feature]');
  });

  it('passes on the real tree', () => {
    const report = checkBoundaries(REPO);
    expect(report.filesChecked).toBeGreaterThan(300);
    expect(report.violations).toEqual([]);
  });
});
