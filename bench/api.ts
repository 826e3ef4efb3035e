/**
 * Throughput and latency of the exchange API over HTTP: quotes and swap creations per second,
 * p50/p99, against a production server on a fresh embedded database with sandbox providers.
 *   npm run bench:api [-- --seconds 10 --concurrency 16]
 * Only loopback traffic; the run is bounded in time and request count.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { createApiKey } from '../core/partners/api-keys.ts';
import { openDatabaseForCommand } from '../server/database.ts';
import { startBenchServer } from './server.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, concurrency: { type: 'string', default: '16' } },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const MAX_REQUESTS = 200_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function load(name: string, request: () => Promise<Response>, expected: number) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline && latencies.length + failures < MAX_REQUESTS) {
      const t0 = performance.now();
      const response = await request();
      await response.arrayBuffer();
      if (response.status === expected) latencies.push(performance.now() - t0);
      else failures++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const row = {
    endpoint: name,
    'req/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    ok: latencies.length,
    failed: failures,
  };
  return row;
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

// A partner's key, made before the server starts (the embedded database has one owner): quotes
// with it pass the key lookup, the partner's limit and the usage count (core/partners/api-keys.ts).
const dataDir = mkdtempSync(join(tmpdir(), 'swapgate-bench-keys-'));
const keyDatabase = await openDatabaseForCommand(
  loadConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', LOG_LEVEL: 'silent' }),
);
await keyDatabase.migrate();
const { key } = await createApiKey(keyDatabase.db, { id: `bench-${Date.now()}`, name: 'Bench' });
await keyDatabase.close();

const server = await startBenchServer({
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  RATE_LIMIT_READS_PER_MINUTE: '100000000',
  RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
});
const BASE = server.base;
try {
  const quote = { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' };
  const swap = { ...quote, payoutAddress: '0x52908400098527886E0F7030069857D2E4169EE7' };
  // Warm-up: caches, JIT, database pages.
  for (let i = 0; i < 50; i++) await (await fetch(`${BASE}/api/v1/quotes`, json(quote))).arrayBuffer();
  const rows = [
    await load(
      'POST /api/v1/quotes (float, 3 providers)',
      () => fetch(`${BASE}/api/v1/quotes`, json(quote)),
      200,
    ),
    await load(
      'POST /api/v1/quotes (float, with X-Api-Key)',
      () => {
        const request = json(quote);
        return fetch(`${BASE}/api/v1/quotes`, {
          ...request,
          headers: { ...request.headers, 'x-api-key': key },
        });
      },
      200,
    ),
    await load('POST /api/v1/swaps (float)', () => fetch(`${BASE}/api/v1/swaps`, json(swap)), 201),
    await load('GET /api/v1/coins', () => fetch(`${BASE}/api/v1/coins`), 200),
  ];
  console.log(
    `${SECONDS} s per endpoint, ${CONCURRENCY} concurrent clients, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  console.table(rows);
} finally {
  await server.stop();
}
