import pg from 'pg';

export interface ListenerOptions {
  connectionString: string;
  /** The NOTIFY channel (an identifier; it is quoted). */
  channel: string;
  /** How the session shows in pg_stat_activity (and how tests find it). */
  applicationName: string;
  /** What is listened for, in log lines ("content changes"). */
  what: string;
  onNotification(payload: string): void;
  /**
   * LISTEN is in place: `again` after a lost connection, when whatever was sent meanwhile was
   * never heard and the caller catches up.
   */
  onListening?(again: boolean): void;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /** First wait before reconnecting; doubles on each failure, up to 16 times this. */
  reconnectMs?: number;
  /** A silent network (no reset) is noticed by a query on the session this often. */
  heartbeatMs?: number;
}

export interface Listener {
  /** Whether the first LISTEN succeeded (if not, it is being retried in the background). */
  readonly listeningAtStart: boolean;
  close(): Promise<void>;
}

/**
 * A PostgreSQL session of its own, outside the pool (a pooled connection is not ours to keep
 * LISTENing), that LISTENs on one channel and stays there: a lost connection is reconnected with
 * backoff, and a dead peer behind a silent network is noticed by a `SELECT 1` that times out.
 * Resolves after the first attempt, whether or not it succeeded (docs/decisions/0079).
 */
export async function listenOnChannel(options: ListenerOptions): Promise<Listener> {
  const { connectionString, channel, applicationName, what, log, reconnectMs = 500, heartbeatMs = 15_000 } = options;
  let session: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const heartbeat = setInterval(() => {
    const client = session;
    client?.query('SELECT 1').catch((error: unknown) => lost(client, error));
  }, heartbeatMs).unref();

  function lost(client: pg.Client, error?: unknown): void {
    if (session !== client) return;
    session = null;
    log.warn({ err: error }, `lost the listener for ${what}; reconnecting`);
    client.end().catch(() => {});
    scheduleConnect();
  }

  function scheduleConnect(): void {
    if (closed) return;
    const wait = reconnectMs * 2 ** Math.min(failures, 4);
    retry = setTimeout(() => void connect(true), wait).unref();
  }

  async function connect(again: boolean): Promise<boolean> {
    const client = new pg.Client({
      connectionString,
      application_name: applicationName,
      keepAlive: true,
      query_timeout: Math.max(1_000, heartbeatMs / 3),
      connectionTimeoutMillis: 5_000,
    });
    client.on('notification', (message) => {
      if (message.channel === channel) options.onNotification(message.payload ?? '');
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      client.end().catch(() => {});
      failures += 1;
      log.warn({ err: error }, `could not listen for ${what}; retrying`);
      scheduleConnect();
      return false;
    }
    if (closed) {
      await client.end().catch(() => {});
      return false;
    }
    session = client;
    failures = 0;
    if (again) log.info({}, `listening for ${what} again`);
    options.onListening?.(again);
    return true;
  }

  const listeningAtStart = await connect(false);
  return {
    listeningAtStart,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const client = session;
      session = null;
      await client?.end().catch(() => {});
    },
  };
}
