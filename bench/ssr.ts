/**
 * Server rendering under load: pages with the HTML cache off (cold: every request renders) and on
 * (warm), the quote API, and a raw `node:http` server sending the very bytes of `/`, measured in
 * the same run, interleaved in rounds so a busy moment of the machine hits all of them alike.
 *   npm run bench:ssr [-- --seconds 5 --rounds 3 --warmup 3 --connections 50 --postgres URL --workers N]
 * With --postgres (a PostgreSQL server's admin URL; BENCH_DATABASE_URL or TEST_DATABASE_URL
 * otherwise) each server runs on a fresh database there, and every request is measured with one
 * worker and with WEB_CONCURRENCY=N workers (--workers, default: the cores) side by side; without
 * one, on the embedded PGlite, which one process owns, with one worker.
 * Load comes from wrk (Debian's `wrk` package) when it is installed, from a Node client otherwise
 * (which takes a core's share itself, so its figures are lower). Loopback only, bounded in time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchServer, startBenchServer } from './server.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    /** Seconds of load per server and request before the rounds, not counted (the JIT's warm-up). */
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    postgres: { type: 'string' },
    workers: { type: 'string' },
    /** Ports from this one up (servers, then the raw server) instead of free ones. */
    'port-base': { type: 'string' },
  },
});
const POSTGRES = values.postgres ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const WORKERS = Number(values.workers ?? availableParallelism());
let nextPort = values['port-base'] ? Number(values['port-base']) : 0;
/** The next of --port-base's ports, or undefined for a free one. */
const port = () => (nextPort ? nextPort++ : undefined);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

interface Target {
  name: string;
  path: string;
  method?: 'POST';
  body?: string;
  /** Pages run cold and warm; the API has no HTML cache. */
  page: boolean;
}

const TARGETS: Target[] = [
  { name: '/', path: '/', page: true },
  { name: '/de', path: '/de', page: true },
  { name: '/swap', path: '/swap', page: true },
  { name: '/coin/btc', path: '/coin/btc', page: true },
  { name: '/exchange/btc-to-eth', path: '/exchange/btc-to-eth', page: true },
  {
    name: 'POST /api/v1/quotes',
    path: '/api/v1/quotes',
    method: 'POST',
    body: JSON.stringify({ from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' }),
    page: false,
  },
];

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const scratch = mkdtempSync(join(tmpdir(), 'swapgate-bench-ssr-'));

/** wrk's latency figure ("812.34us", "1.20ms", "1.05s") in milliseconds. */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

async function runWrk(base: string, target: Target, seconds: number): Promise<Sample> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-H', `User-Agent: ${UA}`];
  if (target.method === 'POST') {
    const script = join(scratch, 'post.lua');
    writeFileSync(
      script,
      `wrk.method = "POST"\nwrk.body = ${JSON.stringify(target.body)}\nwrk.headers["Content-Type"] = "application/json"\n`,
    );
    args.push('-s', script);
  }
  // Asynchronously: the raw server answers from this process meanwhile.
  const child = spawn('wrk', [...args, `${base}${target.path}`]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await new Promise((done) => child.on('close', done));
  const percentile = (p: string) =>
    milliseconds(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50: percentile('50'),
    p99: percentile('99'),
    errors:
      Number(errors) + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

/** The fallback load: CONNECTIONS keep-alive connections, each sending its next request on an answer. */
async function runNode(base: string, target: Target, seconds: number): Promise<Sample> {
  const url = new URL(`${base}${target.path}`);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((done) => {
      const started = performance.now();
      const req = httpRequest(
        url,
        {
          agent,
          method: target.method ?? 'GET',
          headers: { 'user-agent': UA, ...(target.body ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if ((res.statusCode ?? 500) < 400) latencies.push(performance.now() - started);
            else errors++;
            done();
          });
        },
      );
      req.on('error', () => {
        errors++;
        done();
      });
      req.end(target.body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

const measure = (base: string, target: Target, seconds = SECONDS) =>
  hasWrk ? runWrk(base, target, seconds) : runNode(base, target, seconds);

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const limits = { RATE_LIMIT_READS_PER_MINUTE: '100000000', RATE_LIMIT_WRITES_PER_MINUTE: '100000000' };

/** A server shape measured: its worker count, with a cold and a warm server of it. */
interface Shape {
  label: string;
  workers: number;
  cold: BenchServer | null;
  warm: BenchServer | null;
}
const shapes: Shape[] = (POSTGRES && WORKERS > 1 ? [1, WORKERS] : [1]).map((workers) => ({
  label: `${workers} worker${workers === 1 ? '' : 's'}`,
  workers,
  cold: null,
  warm: null,
}));
const raw = createServer();
try {
  for (const shape of shapes) {
    const { workers } = shape;
    // On PostgreSQL the sandbox chains stay off (they live in one process) in both shapes alike;
    // the sandbox providers answer the quotes.
    const env = POSTGRES
      ? { ...limits, WEB_CONCURRENCY: String(workers), SANDBOX_CHAINS: 'off', SANDBOX_PROVIDERS: 'true' }
      : limits;
    const options = POSTGRES ? { postgres: POSTGRES } : {};
    shape.cold = await startBenchServer({ ...env, HTML_CACHE: 'off' }, { ...options, port: port() });
    shape.warm = await startBenchServer({ ...env, HTML_CACHE: 'on' }, { ...options, port: port() });
  }
  const first = shapes[0] as Shape;
  const warmBase = (first.warm as BenchServer).base;

  // The raw server sends the bytes of `/` as the product serves them, with the same content type.
  const home = Buffer.from(
    await (await fetch(`${warmBase}/`, { headers: { 'user-agent': UA } })).arrayBuffer(),
  );
  raw.on('request', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': home.length });
    res.end(home);
  });
  await new Promise<void>((listening) => raw.listen(port() ?? 0, '127.0.0.1', listening));
  const rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;

  // Warm-up: JIT, the databases' pages, the warm servers' caches (every worker's: 20 requests on
  // fresh connections reach each of a few workers).
  for (const shape of shapes) {
    for (const server of [shape.cold, shape.warm] as BenchServer[]) {
      for (const target of TARGETS) {
        for (let i = 0; i < 20; i++) {
          const response = await fetch(`${server.base}${target.path}`, {
            method: target.method ?? 'GET',
            headers: { 'user-agent': UA, 'content-type': 'application/json', connection: 'close' },
            ...(target.body ? { body: target.body } : {}),
          });
          await response.arrayBuffer();
        }
      }
    }
  }

  // Then a few seconds of the very load to be measured, not counted: V8 optimises a render after
  // thousands of them, and a server that has been up a while runs that code.
  const WARMUP = Number(values.warmup);
  if (WARMUP > 0) {
    for (const shape of shapes) {
      for (const target of TARGETS) {
        if (target.page) await measure((shape.cold as BenchServer).base, target, WARMUP);
        await measure((shape.warm as BenchServer).base, target, WARMUP);
      }
    }
  }

  const samples = new Map<string, Sample[]>();
  const add = (key: string, sample: Sample) => samples.set(key, [...(samples.get(key) ?? []), sample]);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of TARGETS) {
      for (const shape of shapes) {
        const { cold, warm } = shape as { cold: BenchServer; warm: BenchServer };
        if (target.page) {
          add(`${shape.label} ${target.name} cold`, await measure(cold.base, target));
          add(`${shape.label} ${target.name} warm`, await measure(warm.base, target));
        } else {
          add(`${shape.label} ${target.name}`, await measure(warm.base, target));
        }
      }
    }
    add('raw', await measure(rawBase, { name: 'raw', path: '/', page: true }));
    process.stderr.write(`round ${round}/${ROUNDS} done\n`);
  }

  const summary = (key: string) => {
    const list = samples.get(key) ?? [];
    return {
      rps: median(list.map((s) => s.rps)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
      errors: list.reduce((sum, s) => sum + s.errors, 0),
    };
  };
  const rawRps = summary('raw').rps;
  const rows: Record<string, string | number>[] = [];
  for (const target of TARGETS) {
    for (const mode of target.page ? ['cold', 'warm'] : ['']) {
      const row: Record<string, string | number> = { request: target.name, cache: mode || 'n/a' };
      for (const shape of shapes) {
        const s = summary(mode ? `${shape.label} ${target.name} ${mode}` : `${shape.label} ${target.name}`);
        const prefix = shapes.length > 1 ? `${shape.label}: ` : '';
        row[`${prefix}req/s`] = Math.round(s.rps);
        row[`${prefix}p50 ms`] = Number(s.p50.toFixed(1));
        row[`${prefix}p99 ms`] = Number(s.p99.toFixed(1));
        row[`${prefix}of raw`] = `${((100 * s.rps) / rawRps).toFixed(1)}%`;
        row[`${prefix}errors`] = s.errors;
      }
      rows.push(row);
    }
  }
  const r = summary('raw');
  rows.push({
    request: `raw node:http (${(home.length / 1024).toFixed(1)} KB of /)`,
    cache: 'n/a',
    [`${shapes.length > 1 ? `${first.label}: ` : ''}req/s`]: Math.round(r.rps),
    [`${shapes.length > 1 ? `${first.label}: ` : ''}p50 ms`]: Number(r.p50.toFixed(1)),
    [`${shapes.length > 1 ? `${first.label}: ` : ''}p99 ms`]: Number(r.p99.toFixed(1)),
    [`${shapes.length > 1 ? `${first.label}: ` : ''}of raw`]: '100%',
  });
  console.log(
    `${ROUNDS} rounds × ${SECONDS} s per request, ${CONNECTIONS} connections, ${hasWrk ? 'wrk -t1' : 'Node client (install wrk for fuller figures)'}, ${cpus().length} cores, ${POSTGRES ? `PostgreSQL, ${shapes.map((shape) => shape.label).join(' and ')}` : 'embedded PGlite, one worker (--postgres for WEB_CONCURRENCY)'}; medians of the rounds`,
  );
  console.table(rows);
} finally {
  raw.close();
  for (const shape of shapes) {
    await shape.cold?.stop();
    await shape.warm?.stop();
  }
  rmSync(scratch, { recursive: true, force: true });
}
