import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgresServer, ThrowawayPostgres } from '../tests/support/postgres-server.ts';
import { until } from '../tests/support/redis-server.ts';
import { type DatabaseHandle, isHealthy, openDatabase } from './client.ts';

describe.runIf(hasPostgresServer())('a PostgreSQL freeze while a transaction is open', () => {
  let server: ThrowawayPostgres;
  let handle: DatabaseHandle;
  const connectionErrors: (Error & { code?: string })[] = [];

  beforeAll(async () => {
    server = await ThrowawayPostgres.start();
    handle = await openDatabase({
      url: server.url,
      onConnectionError: (error) => connectionErrors.push(error),
      // The production limits scaled down, so that the drill takes seconds rather than half a minute.
      timeouts: { query_timeout: 800, statement_timeout: 800, idle_in_transaction_session_timeout: 1_500 },
    });
  }, 60_000);
  afterAll(async () => {
    server?.thaw();
    await handle?.close().catch(() => {});
    await server?.stop();
  });

  it('survives the server ending the held connection (25P03) and serves again', async () => {
    // A job holds a transaction open while it waits on something else (a partner's answer).
    let finishJob: (() => void) | undefined;
    const job = handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await new Promise<void>((resolve) => {
        finishJob = resolve;
      });
      await tx.execute(sql`SELECT 2`);
    });
    job.catch(() => {});
    await until(async () => finishJob !== undefined, 5_000);

    server.freeze();
    // Frozen: other requests fail by the client's own time limit instead of waiting.
    await until(async () => !(await isHealthy(handle.db)), 10_000);
    server.thaw();

    // The server wakes up past the transaction's idle limit and ends its connection: node-postgres
    // emits 'error' on a client the pool has checked out. Without a listener the process dies here.
    await until(async () => connectionErrors.some((error) => error.code === '25P03'), 15_000);

    finishJob?.();
    await expect(job).rejects.toThrow();
    await until(() => isHealthy(handle.db), 10_000);
    expect(handle.poolStats()?.waiting).toBe(0);
  }, 60_000);
});
