import { chmod, mkdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { isAbsolute, join, relative } from 'node:path';
import type { BackupSummary } from './archive.ts';

/**
 * How `npm run backup` reaches a running embedded server (decision 0113-backups): PGlite is one
 * process's, so only the server can dump its database while the shop runs. It listens on a Unix
 * socket inside DATA_DIR/run, a folder only its own user may enter, so nobody else on the machine can
 * ask; nothing is exposed over HTTP. One line of JSON each way: `{"backup": "/abs/out.tar.gz"}`,
 * then `{"ok": true, …summary}` or `{"ok": false, "error": "…"}`.
 */
export function backupSocketPath(dataDir: string): string {
  return join(dataDir, 'run', 'backup.sock');
}

/** A Unix socket's path is limited to ~100 bytes: the relative path is used when it is shorter. */
function reachable(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere.length < path.length ? fromHere : path;
}

export interface BackupListener {
  /**
   * Stops listening and abandons the backup in progress (its client told the server is stopping,
   * its partial archive removed); resolves once that is done, without waiting for idle clients.
   */
  close(): Promise<void>;
}

/** The answer of a backup abandoned, or never started, because the server is stopping. */
export const SERVER_STOPPING = 'server stopping';

export async function listenForBackups({
  dataDir,
  backup,
  onError,
}: {
  dataDir: string;
  /** Writes the archive; `signal` aborted when the server stops, after which it must leave no file. */
  backup: (out: string, signal: AbortSignal) => Promise<BackupSummary>;
  onError: (error: unknown) => void;
}): Promise<BackupListener> {
  const path = backupSocketPath(dataDir);
  const folder = join(dataDir, 'run');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  // A socket left by a server that crashed; the data directory's lock makes this server its only one.
  await rm(path, { force: true });
  // One backup at a time: each is a full copy, and two would only compete for the disk.
  let queue: Promise<unknown> = Promise.resolve();
  const stopping = new AbortController();
  /** Connections that have not sent their request yet: close() cuts them rather than wait for them. */
  const idle = new Set<Socket>();
  const server = createServer((socket) => {
    let request = '';
    idle.add(socket);
    socket.on('close', () => idle.delete(socket));
    socket.setEncoding('utf8');
    socket.on('error', onError);
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) return;
      socket.pause();
      idle.delete(socket);
      queue = queue.then(async () => {
        const answer = await answerTo(request);
        socket.end(`${JSON.stringify(answer)}\n`);
      });
    });
  });

  async function answerTo(request: string): Promise<object> {
    try {
      stopping.signal.throwIfAborted();
      const { backup: out } = JSON.parse(request) as { backup?: unknown };
      if (typeof out !== 'string' || !isAbsolute(out)) throw new Error('The backup request names no absolute path');
      return { ok: true, ...(await backup(out, stopping.signal)) };
    } catch (error) {
      // Stopping is no failure of the backup's: the operator runs it again once the server is back.
      if (stopping.signal.aborted) return { ok: false, error: SERVER_STOPPING };
      onError(error);
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(reachable(path), () => resolve());
  });
  server.on('error', onError);
  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      stopping.abort();
      for (const socket of idle) socket.destroy();
      // The backup in progress (and any queued behind it) answers once its archive is removed.
      await queue;
      await closed;
      await rm(path, { force: true });
    },
  };
}

/** No server listens in this data directory (none runs, or it predates backups). */
export class NoServerListeningError extends Error {
  constructor() {
    super('No running SevaDocs server listens for backups in this data directory');
    this.name = 'NoServerListeningError';
  }
}

/** Asks the server running on `dataDir` to write a backup to `out` (absolute); resolves when it is written. */
export function requestBackup(dataDir: string, out: string): Promise<BackupSummary> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = createConnection(reachable(backupSocketPath(dataDir)), () => {
      socket.write(`${JSON.stringify({ backup: out })}\n`);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? new NoServerListeningError() : error);
    });
    socket.on('end', () => {
      try {
        const parsed = JSON.parse(answer) as ({ ok: true } & BackupSummary) | { ok: false; error: string };
        if (parsed.ok) resolve({ databaseBytes: parsed.databaseBytes, files: parsed.files });
        else reject(new Error(`The server could not write the backup: ${parsed.error}`));
      } catch {
        reject(new Error('The server closed the backup connection without an answer'));
      }
    });
  });
}
