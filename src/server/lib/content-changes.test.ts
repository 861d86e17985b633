import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../test/database.ts';
import {
  type ContentChanges,
  createContentChanges,
  LISTENER_APPLICATION_NAME,
  listenAcrossProcesses,
} from './content-changes.ts';

const quiet = { warn: () => {}, info: () => {} };

describe('in one process', () => {
  it('calls every subscriber on changed(), until it unsubscribes', () => {
    const changes = createContentChanges();
    const heard: string[] = [];
    const stop = changes.subscribe(() => heard.push('page cache'));
    changes.subscribe(() => heard.push('catalog'));
    changes.changed();
    expect(heard).toEqual(['page cache', 'catalog']);
    stop();
    changes.changed();
    expect(heard).toEqual(['page cache', 'catalog', 'catalog']);
  });
});

// LISTEN/NOTIFY between sessions needs a PostgreSQL server: `npm run test:postgres` runs this part.
describe.skipIf(inject('databaseTemplate').kind !== 'postgres')('across processes (PostgreSQL)', () => {
  let database: DatabaseHandle;
  const processes: { changes: ContentChanges; drops: () => number; close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i += 1) {
      const changes = createContentChanges();
      let drops = 0;
      changes.subscribe(() => {
        drops += 1;
      });
      const listener = await listenAcrossProcesses(changes, {
        connectionString: database.connectionString ?? '',
        executeSql: database.executeSql,
        log: quiet,
        reconnectMs: 50,
      });
      processes.push({ changes, drops: () => drops, close: listener.close });
    }
  });
  afterAll(async () => {
    for (const p of processes) await p.close();
    await database?.close();
  });

  it('drops the caches of every process, the sender’s at once and again on its own notification', async () => {
    const [one, two] = processes as [(typeof processes)[0], (typeof processes)[0]];
    const before = [one.drops(), two.drops()];
    one.changes.changed();
    expect(one.drops()).toBe((before[0] ?? 0) + 1);
    await vi.waitFor(() => {
      expect(two.drops()).toBe((before[1] ?? 0) + 1);
      expect(one.drops()).toBe((before[0] ?? 0) + 2);
    });
  });

  it('reconnects after the connection is lost and drops the caches then: a missed notice leaves nothing stale', async () => {
    const [one, two] = processes as [(typeof processes)[0], (typeof processes)[0]];
    const before = [one.drops(), two.drops()];
    const killed = await database.executeSql(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    expect(killed.rows).toHaveLength(2);
    await vi.waitFor(async () => {
      const listening = await database.executeSql(
        'SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      );
      expect(listening.rows).toHaveLength(2);
      expect(one.drops()).toBe((before[0] ?? 0) + 1);
      expect(two.drops()).toBe((before[1] ?? 0) + 1);
    });
    // And the new sessions hear the next change.
    two.changes.changed();
    await vi.waitFor(() => expect(one.drops()).toBe((before[0] ?? 0) + 2));
  });
});
