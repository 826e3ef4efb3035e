import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './client.ts';

/**
 * PostgreSQL's LISTEN/NOTIFY as a message bus between the nodes of one deployment: no Redis needed,
 * and a message sent inside a transaction is delivered only if it commits.
 */

/** Sends `payload` to every session listening on `channel` (this node's own listener too). */
export async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

export interface ListenerOptions {
  url: string;
  channel: string;
  log: Logger;
  onMessage(payload: string): void;
  /**
   * Called once listening again after the connection was lost: messages sent meanwhile are gone,
   * so whatever they would have said must be assumed.
   */
  onResync(): void;
  /** First wait before reconnecting, doubled up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface Listener {
  /** Resolves once the first LISTEN is in place (or failed: it then keeps trying). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * A dedicated connection that LISTENs on `channel` and comes back after the database restarts or
 * the connection drops, with a growing pause between attempts and one log line per outage.
 */
export function listen(options: ListenerOptions): Listener {
  const { url, channel, log } = options;
  const retryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let wait = retryMs;
  let lost = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    wait = Math.min(wait * 2, maxRetryMs);
  };

  const drop = (reason: unknown) => {
    if (!lost)
      log.warn({ err: reason, channel }, 'Lost the database connection that listens for other nodes');
    lost = true;
    const current = client;
    client = null;
    current?.removeAllListeners();
    current?.on('error', () => {});
    void current?.end().catch(() => {});
    schedule();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000, keepAlive: true });
    next.on('error', (error) => {
      if (client === next) drop(error);
    });
    next.on('end', () => {
      if (client === next && !closed) drop(new Error('connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) options.onMessage(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      if (client === next) drop(error);
      markReady();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    wait = retryMs;
    if (lost) {
      lost = false;
      log.info({ channel }, 'Listening for other nodes again');
      options.onResync();
    }
    markReady();
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
