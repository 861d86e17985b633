import { type ListenerOptions, listenOnChannel } from '../db/listener.ts';

/**
 * The one signal that public content (the catalog, marketing lists, articles and policy terms)
 * changed, so everything derived from it is dropped at once: the catalog's in-memory snapshot (and
 * with it the cached API bodies keyed by it), the marketing lists and the rendered page cache
 * (decisions 0070, 0079).
 *
 * A write calls `changed()` once its transaction has committed. Caches `subscribe` when they are
 * built. In one process (PGlite) that is all; on a PostgreSQL server `listenAcrossProcesses`
 * makes `changed()` also send a NOTIFY that every process, the sender included, answers by
 * dropping its caches.
 */
export function createContentChanges() {
  const listeners: ((cause: DropCause) => void)[] = [];
  let broadcast: (() => void) | null = null;
  const dropCaches = (cause: DropCause): void => {
    for (const listener of [...listeners]) listener(cause);
  };
  return {
    subscribe(listener: (cause: DropCause) => void): () => void {
      listeners.push(listener);
      return () => {
        const at = listeners.indexOf(listener);
        if (at >= 0) listeners.splice(at, 1);
      };
    },

    /**
     * Public content changed: every subscribed cache drops what it holds. This process drops at
     * once, before the notification comes back, so the writer's next read already sees its change.
     */
    changed(): void {
      dropCaches('change');
      broadcast?.();
    },

    /** Another process (or this one) said content changed, or a missed notice is possible. */
    dropCaches,

    /** Sends every later change to the other processes too; answers the undo. */
    broadcastWith(send: () => void): () => void {
      broadcast = send;
      return () => {
        if (broadcast === send) broadcast = null;
      };
    },
  };
}
export type ContentChanges = ReturnType<typeof createContentChanges>;

/**
 * Why caches are dropped: a change made in this process, another process's (or the echo of this
 * one's) notice, or a listener back after a lost connection. Caches drop alike for all three; the
 * cause tells a test the changes it made from the notices that echo them at their own pace.
 */
export type DropCause = 'change' | 'notice' | 'reconnect';

/** The PostgreSQL channel; NOTIFY reaches the sessions LISTENing in the same database only. */
export const CONTENT_CHANGED_CHANNEL = 'sevadocs_content_changed';
/** How the listener's session shows in pg_stat_activity (and how tests find it). */
export const LISTENER_APPLICATION_NAME = 'sevadocs-content-changes';

export interface CrossProcessOptions {
  connectionString: string;
  /** Sends the NOTIFY: the app's pool, not the listener's session (which may be reconnecting). */
  executeSql: (text: string, values?: unknown[]) => Promise<unknown>;
  log: ListenerOptions['log'];
  reconnectMs?: number;
  heartbeatMs?: number;
}

/**
 * Makes `changes` cross-process on a PostgreSQL server: one session per process LISTENs on the
 * channel and drops the caches on every notification; `changed()` sends a NOTIFY through the pool.
 *
 * A notification sent while the session is down is lost for good, so once the session is back
 * after a lost connection every cache is dropped: whatever changed meanwhile is read afresh, and
 * later changes arrive as notifications.
 *
 * Resolves once the first LISTEN is in place, or once the first attempt has failed (the retries go
 * on in the background: a process whose listener is down still serves, as it did before).
 */
export async function listenAcrossProcesses(
  changes: ContentChanges,
  { connectionString, executeSql, log, reconnectMs, heartbeatMs }: CrossProcessOptions,
): Promise<{ close(): Promise<void> }> {
  const undoBroadcast = changes.broadcastWith(() => {
    executeSql('SELECT pg_notify($1, $2)', [CONTENT_CHANGED_CHANNEL, String(process.pid)]).catch((error: unknown) =>
      // The other processes keep their caches until their TTL (a minute), or until their own
      // listener reconnects if the server itself was unreachable.
      log.warn({ err: error }, 'could not notify the other processes of a content change'),
    );
  });
  const listener = await listenOnChannel({
    connectionString,
    channel: CONTENT_CHANGED_CHANNEL,
    applicationName: LISTENER_APPLICATION_NAME,
    what: 'content changes',
    log,
    reconnectMs,
    heartbeatMs,
    onNotification: () => changes.dropCaches('notice'),
    // Whatever changed while nobody listened was never heard: read it all afresh.
    onListening: (again) => {
      if (again) changes.dropCaches('reconnect');
    },
  });
  return {
    async close() {
      undoBroadcast();
      await listener.close();
    },
  };
}
