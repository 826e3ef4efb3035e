/**
 * Resident memory of the production server as `npm start` starts it (its command in package.json, no
 * settings but a loopback port and a fresh data directory): the start-up peak and the idle figure,
 * on a first start (empty data directory) and a second start on the same data, with the sandbox
 * chains off and as configured by default; with `--use`, also after every sandbox chain has been used
 * once (they start on first use).
 *   npm run bench:memory [-- --chains 'off;default;ethereum,bsc' --use --port 5120]
 * (`--chains`: scenarios separated by `;`, each `off`, `default` or a SANDBOX_CHAIN_NETWORKS list)
 * RSS is summed over the server's process tree (the server and any child it runs, such as the
 * PGlite initdb child of a first start), read from /proc every 100 ms; "idle" is the median over
 * 10 s once the start-up work is done (ready, price history backfilled or present, sandbox chains
 * planned) and no new peak came for 15 s.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEX_NETWORKS } from '../core/dex/networks.ts';
import { startArguments } from './server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const START_ARGS = startArguments();
const { values } = parseArgs({
  options: {
    chains: { type: 'string', default: 'off;default' },
    use: { type: 'boolean', default: false },
    port: { type: 'string', default: '5120' },
  },
});
const PORT = Number(values.port);
const SAMPLE_MS = 100;
const QUIET_MS = 15_000;
const IDLE_WINDOW_MS = 10_000;
const MAX_WAIT_MS = 240_000;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** Kilobytes of a /proc/<pid>/status field, 0 when the process is gone. */
function statusKb(pid: number, field: string): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) : 0;
  } catch {
    return 0;
  }
}

/** The process and its descendants. */
function tree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const parent = pids[i] as number;
    try {
      for (const task of readdirSync(`/proc/${parent}/task`)) {
        const children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      }
    } catch {}
  }
  return pids;
}

const treeRss = (pid: number) => tree(pid).reduce((sum, each) => sum + statusKb(each, 'VmRSS') * 1024, 0);

interface Sample {
  at: number;
  rss: number;
}

class Run {
  readonly child: ChildProcess;
  readonly samples: Sample[] = [];
  readonly messages: { at: number; msg: string }[] = [];
  readonly started = Date.now();
  readonly #timer: ReturnType<typeof setInterval>;
  #hwm = 0;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, START_ARGS, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rest = '';
    this.child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const { msg } = JSON.parse(line) as { msg?: string };
          if (msg) this.messages.push({ at: Date.now(), msg });
        } catch {}
      }
    });
    this.#timer = setInterval(() => {
      const pid = this.child.pid;
      if (!pid || this.child.exitCode !== null) return;
      this.samples.push({ at: Date.now(), rss: treeRss(pid) });
      this.#hwm = Math.max(this.#hwm, statusKb(pid, 'VmHWM') * 1024);
    }, SAMPLE_MS);
  }

  logged(text: string): boolean {
    return this.messages.some((entry) => entry.msg.includes(text));
  }

  get peak(): number {
    return Math.max(this.#hwm, ...this.samples.map((sample) => sample.rss));
  }

  /** Waits until `done()` holds and no new peak came for QUIET_MS; answers the median RSS over the next window. */
  async settle(done: () => boolean | Promise<boolean>): Promise<number> {
    const deadline = Date.now() + MAX_WAIT_MS;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited with ${this.child.exitCode}`);
      if (await done()) break;
      await pause(500);
    }
    for (;;) {
      const top = Math.max(...this.samples.map((sample) => sample.rss));
      const lastTop = this.samples.findLast((sample) => sample.rss === top)?.at ?? 0;
      const recent = this.samples.filter((sample) => sample.at > Date.now() - QUIET_MS);
      const recentTop = Math.max(...recent.map((sample) => sample.rss));
      // Quiet: nothing in the last QUIET_MS above 2 % of the level just before it.
      if (Date.now() - lastTop > QUIET_MS || (recent.length > 50 && recentTop <= recent[0]!.rss * 1.02))
        break;
      if (Date.now() > deadline) break;
      await pause(1_000);
    }
    const from = Date.now();
    await pause(IDLE_WINDOW_MS);
    const window = this.samples
      .filter((sample) => sample.at >= from)
      .map((sample) => sample.rss)
      .sort((a, b) => a - b);
    return window[Math.floor(window.length / 2)] ?? 0;
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    if (this.child.exitCode === null) {
      const exited = new Promise((done) => this.child.once('exit', done));
      this.child.kill('SIGTERM');
      const force = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(force);
    }
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function ok(url: string, init?: RequestInit): Promise<boolean> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

interface Figures {
  peak: number;
  idle: number;
  used?: number;
}

async function measure(dataDir: string, chains: string): Promise<Figures> {
  const base = `http://127.0.0.1:${PORT}`;
  const env: Record<string, string> = {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    BASE_URL: base,
    DATA_DIR: dataDir,
  };
  if (chains === 'off') env.SANDBOX_CHAINS = 'off';
  else if (chains !== 'default') env.SANDBOX_CHAIN_NETWORKS = chains;
  const run = new Run(env);
  try {
    const idle = await run.settle(
      async () =>
        ['price history backfilled', 'skipping backfill', 'no backfill'].some((text) => run.logged(text)) &&
        // Sandbox chains deployed at start (if any) are up, or left to their first use.
        (chains === 'off' || run.logged('Sandbox chains ready') || run.logged('Sandbox chains planned')) &&
        (await ok(`${base}/readyz`)),
    );
    const figures: Figures = { peak: run.peak, idle };
    if (values.use && chains !== 'off') {
      // One call to each sandbox chain through the site's RPC: a chain not yet running starts.
      for (const network of DEX_NETWORKS) {
        await ok(`${base}/sandbox/rpc/${network.sandboxChainId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }),
        });
      }
      figures.used = await run.settle(() => true);
    }
    return figures;
  } finally {
    await run.stop();
  }
}

// Built first, so that the server does not build (server/main.ts rebuilds stale sources) while measured.
const built = spawnSync(join(ROOT, 'node_modules', '.bin', 'react-router'), ['build'], {
  cwd: ROOT,
  stdio: 'ignore',
});
if (built.status !== 0) throw new Error('npm run build failed');

const rows: string[][] = [];
for (const chains of (values.chains ?? '').split(';').filter(Boolean)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'swapgate-memory-'));
  try {
    for (const start of ['first', 'second'] as const) {
      const figures = await measure(dataDir, chains);
      rows.push([
        chains,
        start,
        mb(figures.peak),
        mb(figures.idle),
        figures.used === undefined ? '' : mb(figures.used),
      ]);
      console.error(`${chains} ${start}: peak ${mb(figures.peak)}, idle ${mb(figures.idle)}`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const header = ['sandbox chains', 'start', 'peak RSS', 'idle RSS', 'after using each chain'];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
for (const row of [header, ...rows]) {
  console.log(row.map((cell, i) => cell.padEnd(widths[i] as number)).join('  '));
}
