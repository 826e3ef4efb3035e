import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { loadConfig } from '../core/config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createApp } from './app.ts';
import { createServices } from './services.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_BUILD = join(ROOT, 'build', 'server', 'index.js');
export const CLIENT_DIR = join(ROOT, 'build', 'client');

/** The production build the HTTP tests drive; `npm test` builds before it runs Vitest. */
export async function loadServerBuild(): Promise<ServerBuild> {
  if (!existsSync(SERVER_BUILD)) throw new Error('Run `npm run build` before the server integration tests');
  return (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
}

/**
 * The whole HTTP app over a test database, with quiet logs and the given settings. The sandbox
 * chains are off unless a test turns them on (and starts them: `services.sandboxChains.start()`).
 */
export function createTestApp(build: ServerBuild, handle: DatabaseHandle, env: Record<string, string> = {}) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    BASE_URL: 'https://swapgate.example',
    ACCOUNT_SECRET: 'test-account-secret-0123456789abcdef',
    SANDBOX_CHAINS: 'off',
    ...env,
  });
  const services = createServices({
    config,
    db: handle.db,
    log: pino({ level: 'silent' }),
    clientDir: CLIENT_DIR,
  });
  return { app: createApp({ services, build, clientDir: CLIENT_DIR }), services };
}

/** A tiny cookie jar for tests: what a browser would send back, scoped by each cookie's path. */
export class CookieJar {
  readonly cookies = new Map<string, { value: string; path: string }>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      if (value === '' || attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }
  /** The Cookie header for a path, as a browser scopes it. */
  header(address: string): string {
    const path = address.split('?')[0] ?? address;
    return [...this.cookies]
      .filter(([, c]) => path === c.path || path.startsWith(`${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}
