import { describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-test-files.ts';

describe('databaseTestFiles', () => {
  const files = databaseTestFiles();

  it('takes the files that open a database, directly or through test helpers', () => {
    // buildTestApp → app.ts → db/client.ts
    expect(files).toContain('src/server/modules/orders/routes.test.ts');
    // setUpAdminApi (users/testing.ts) → test/app.ts
    expect(files).toContain('src/server/modules/catalog/admin-content-routes.test.ts');
    // the database helpers' own tests
    expect(files.some((f) => f.startsWith('src/server/db/'))).toBe(true);
  });

  it('leaves out the files that never reach the database client', () => {
    expect(files).not.toContain('src/server/uploads/sniff.test.ts');
    expect(files).not.toContain('src/server/modules/photos/compliance/engine.test.ts');
    expect(files).not.toContain('src/server/plugins/encoded-body.test.ts');
  });

  it('leaves out a file whose only way to the client is a type (erased before it runs)', () => {
    // lib/reference.ts: `import type { Database } from '../db/client.ts'`
    expect(files).not.toContain('src/server/lib/reference.test.ts');
  });

  it('lists server test files only, each once', () => {
    expect(files.every((f) => f.startsWith('src/server/') && f.endsWith('.test.ts'))).toBe(true);
    expect(new Set(files).size).toBe(files.length);
  });
});
