import { access, mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newStorageKey } from '../storage/keys.ts';
import { writeArchive } from './archive.ts';
import { backupSocketPath, listenForBackups, requestBackup, SERVER_STOPPING } from './control-socket.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sevadocs-control-socket-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('the backup socket of a server that stops', () => {
  it('abandons the backup in progress: its client is told, its partial archive removed, no client waited for', async () => {
    const out = join(dataDir, 'shop.tar.gz');
    let writingFiles!: () => void;
    const halfWritten = new Promise<void>((resolve) => {
      writingFiles = resolve;
    });
    const onError = vi.fn();
    const listener = await listenForBackups({
      dataDir,
      // A real archive whose one file never finishes reading: the backup is held mid-way.
      backup: (target, signal) =>
        writeArchive({
          out: target,
          signal,
          engine: 'pglite',
          dump: async () => ({ size: 3, body: Buffer.from('abc') }),
          erasures: async () => [],
          files: {
            async *keys() {
              yield newStorageKey('image/jpeg');
            },
            async get() {
              writingFiles();
              const stream = new PassThrough();
              stream.write(Buffer.alloc(512));
              return { size: 4096, stream, contentType: 'image/jpeg' };
            },
          },
        }),
      onError,
    });
    const answer = requestBackup(dataDir, out).catch((error: unknown) => error);
    await halfWritten;
    await access(out);
    // A client connected that has not asked anything yet.
    const idle = createConnection(backupSocketPath(dataDir));
    await new Promise((resolve) => idle.once('connect', resolve));

    const started = performance.now();
    await listener.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await answer).toEqual(new Error(`The server could not write the backup: ${SERVER_STOPPING}`));
    await expect(access(out)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(access(backupSocketPath(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
    // Stopping is not the backup's failure.
    expect(onError).not.toHaveBeenCalled();
    idle.destroy();
  });
});
