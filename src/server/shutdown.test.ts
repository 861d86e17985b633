import { describe, expect, it, vi } from 'vitest';
import { shutDown } from './shutdown.ts';

describe('shutting the server down', () => {
  it('runs a stage’s steps side by side and the stages in turn', async () => {
    const order: string[] = [];
    let releaseBackups!: () => void;
    const backups = new Promise<void>((resolve) => {
      releaseBackups = resolve;
    });
    const code = await shutDown(
      [
        [
          ['backups', () => backups.then(() => order.push('backups'))],
          [
            'app',
            async () => {
              // The app closes while the backup is still being abandoned.
              order.push('app');
              releaseBackups();
            },
          ],
        ],
        [['database', async () => order.push('database')]],
      ],
      { error: vi.fn() },
    );
    expect(code).toBe(0);
    expect(order).toEqual(['app', 'backups', 'database']);
  });

  it('logs a step that fails, still closes the rest, and answers exit code 1', async () => {
    const failure = new Error('a hook threw');
    const log = { error: vi.fn() };
    const database = vi.fn(async () => {});
    const code = await shutDown(
      [
        [
          [
            'app',
            async () => {
              throw failure;
            },
          ],
        ],
        [['database', database]],
      ],
      log,
    );
    expect(code).toBe(1);
    expect(log.error).toHaveBeenCalledWith({ err: failure }, 'shutting down: closing the app failed');
    expect(database).toHaveBeenCalledTimes(1);
  });
});
