import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, until } from './redis-server.ts';

/** As root, PostgreSQL's binaries run as the `postgres` user (PostgreSQL refuses to run as root). */
function runAs(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
  };
}

/** Whether PostgreSQL's server binaries are installed (the database outage tests are skipped without). */
export function hasPostgresServer(): boolean {
  try {
    execFileSync('initdb', ['--version'], { stdio: 'ignore', ...runAs() });
    execFileSync('postgres', ['--version'], { stdio: 'ignore', ...runAs() });
    return true;
  } catch {
    console.warn('No PostgreSQL server binaries (initdb, postgres): the database outage tests are skipped');
    return false;
  }
}

/**
 * A PostgreSQL server of one test alone: its own data folder and loopback port, no fsync. The test
 * may kill it (SIGKILL), as a crash would, and start it again on the same port and data.
 */
export class ThrowawayPostgres {
  process: ChildProcess | null = null;
  readonly port: number;
  readonly dir: string;

  private constructor(port: number, dir: string) {
    this.port = port;
    this.dir = dir;
  }

  static async start(): Promise<ThrowawayPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'swapgate-pg-'));
    const user = runAs();
    if ('uid' in user) chownSync(dir, user.uid, user.gid);
    execFileSync(
      'initdb',
      ['-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'],
      {
        stdio: 'ignore',
        ...user,
      },
    );
    const server = new ThrowawayPostgres(await freePort(), dir);
    await server.start();
    return server;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    this.process = spawn(
      'postgres',
      [
        '-D',
        join(this.dir, 'data'),
        '-p',
        String(this.port),
        '-k',
        this.dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
      ],
      // Its own process group: a kill takes the backends with the postmaster (see kill()).
      { stdio: 'ignore', detached: true, ...runAs() },
    );
    await until(async () => {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 500 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    }, 20_000);
  }

  /** Kills the server and its backends outright, as a crash would. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    // The whole group at once: backends left alone notice their postmaster's death only after a
    // moment, and one might still answer a query on a pooled connection meanwhile.
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
    await exited;
    // The postmaster's exit is reported first; wait until its backends are gone too, so that no
    // pooled connection still reaches one (signal 0 probes the group without touching it).
    const group = child.pid;
    if (group) await until(async () => !groupAlive(group), 5_000);
    this.process = null;
  }

  /** Stops the server and its backends where they stand (SIGSTOP), as a frozen host or VM would. */
  freeze(): void {
    this.#signalGroup('SIGSTOP');
  }

  /** Lets a frozen server run on (SIGCONT). */
  thaw(): void {
    this.#signalGroup('SIGCONT');
  }

  #signalGroup(signal: NodeJS.Signals): void {
    const pid = this.process?.pid;
    if (!pid) throw new Error('The throwaway PostgreSQL is not running');
    process.kill(-pid, signal);
  }

  async stop(): Promise<void> {
    await this.kill().catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Whether any process of the group still runs (zombies awaiting their parent count as gone). */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
  } catch {
    return false;
  }
  // kill(0) also succeeds for zombies: look for a member that is not one.
  try {
    const processes = execFileSync('ps', ['-eo', 'pgid=,stat='], { encoding: 'utf8' });
    return processes.split('\n').some((line) => {
      const [pgid, stat = ''] = line.trim().split(/\s+/);
      return Number(pgid) === group && !stat.startsWith('Z');
    });
  } catch {
    return false;
  }
}
