import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** Whether a redis-server binary is installed (the Redis outage tests are skipped without it). */
export function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('No redis-server binary: the Redis outage tests are skipped');
    return false;
  }
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

/** Polls `check` every 50 ms until it holds. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A redis-server of one test alone, on its own loopback port, with nothing saved to disk: the test
 * may kill it (SIGKILL), freeze it (SIGSTOP) and start it again on the same port.
 */
export class ThrowawayRedis {
  process: ChildProcess | null = null;
  readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis({ port: this.port, lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await until(async () => {
        try {
          if (probe.status !== 'ready') await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        }
      });
    } finally {
      probe.disconnect();
    }
  }

  /** The value Redis holds at `key`, read over a connection of its own. */
  async get(key: string): Promise<string | null> {
    const reader = new Redis({ port: this.port, lazyConnect: true, retryStrategy: () => null });
    reader.on('error', () => {});
    try {
      await reader.connect();
      return await reader.get(key);
    } finally {
      reader.disconnect();
    }
  }

  /** Kills the server outright (SIGKILL), as a crash would. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
    this.process = null;
  }

  freeze(): void {
    this.process?.kill('SIGSTOP');
  }

  thaw(): void {
    this.process?.kill('SIGCONT');
  }
}
