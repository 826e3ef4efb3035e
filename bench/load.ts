/**
 * One request under load against a production server, for profiling and before/after figures:
 *   node bench/load.ts --path / [--seconds 10 --rounds 3 --connections 50] [--rate 2000]
 *     [--post '{"from":"btc",…}'] [--postgres URL | --base http://127.0.0.1:PORT] [--cold]
 *     [--cpu-prof DIR] [--port P]
 * Without --base it starts `npm start`'s server (bench/server.ts: fresh embedded database, or a
 * fresh database on --postgres, one worker, sandbox providers, limits lifted; --cold: HTML cache
 * off), with --cpu-prof it writes the server's V8 CPU profile into DIR on stop.
 * Closed loop by default (each of --connections sends its next request on an answer); --rate sends
 * that many requests a second whatever the answers (open loop), latency counted from each request's
 * planned start, so a stalled server shows in p99 rather than in fewer requests.
 */
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type BenchServer, startBenchServer } from './server.ts';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/' },
    post: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    rate: { type: 'string' },
    postgres: { type: 'string' },
    base: { type: 'string' },
    port: { type: 'string' },
    cold: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const RATE = values.rate ? Number(values.rate) : null;
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function run(base: string): Promise<Sample> {
  const url = new URL(`${base}${values.path}`);
  const agent = new Agent({ keepAlive: true, maxSockets: RATE ? 256 : CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const one = (planned: number) =>
    new Promise<void>((done) => {
      const req = httpRequest(
        url,
        {
          agent,
          method: values.post ? 'POST' : 'GET',
          headers: { 'user-agent': UA, ...(values.post ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if ((res.statusCode ?? 500) < 400) latencies.push(performance.now() - planned);
            else errors++;
            done();
          });
        },
      );
      req.on('error', () => {
        errors++;
        done();
      });
      req.end(values.post);
    });
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  if (RATE) {
    const pending: Promise<void>[] = [];
    let sent = 0;
    while (performance.now() < deadline) {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      for (; sent < due; sent++) pending.push(one(started + (sent / RATE) * 1000));
      await new Promise((tick) => setTimeout(tick, 1));
    }
    await Promise.all(pending);
  } else {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) await one(performance.now());
      }),
    );
  }
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

let server: BenchServer | null = null;
try {
  let base = values.base;
  if (!base) {
    const profile = values['cpu-prof'];
    server = await startBenchServer(
      {
        RATE_LIMIT_READS_PER_MINUTE: '100000000',
        RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
        RATE_LIMIT_SITE_READS_PER_MINUTE: '100000000',
        WEB_CONCURRENCY: '1',
        SANDBOX_CHAINS: 'off',
        SANDBOX_PROVIDERS: 'true',
        HTML_CACHE: values.cold ? 'off' : 'on',
        ...(profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` } : {}),
      },
      {
        ...(values.postgres ? { postgres: values.postgres } : {}),
        ...(values.port ? { port: Number(values.port) } : {}),
      },
    );
    base = server.base;
  }
  // Warm-up: JIT, the database's pages, the caches.
  for (let i = 0; i < 50; i++) {
    const response = await fetch(`${base}${values.path}`, {
      method: values.post ? 'POST' : 'GET',
      headers: { 'user-agent': UA, 'content-type': 'application/json' },
      ...(values.post ? { body: values.post } : {}),
    });
    await response.arrayBuffer();
  }
  for (let round = 1; round <= Number(values.rounds); round++) {
    const load = loadavg()[0]?.toFixed(1);
    const s = await run(base);
    console.log(
      `${values.post ? 'POST' : 'GET'} ${values.path} round ${round}: ${Math.round(s.rps)} req/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, errors ${s.errors}, load ${load} (${RATE ? `${RATE} req/s offered` : `${CONNECTIONS} connections`})`,
    );
  }
} finally {
  await server?.stop();
}
