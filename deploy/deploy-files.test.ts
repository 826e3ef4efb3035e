import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchemaKeys } from '../core/config.ts';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** The Dockerfile as instructions (continuation lines joined, comments dropped). */
function instructions(text: string): { name: string; args: string }[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [name = '', ...rest] = line.split(/\s+/);
      return { name: name.toUpperCase(), args: rest.join(' ') };
    });
}

const KNOWN = new Set([
  'FROM',
  'RUN',
  'CMD',
  'LABEL',
  'EXPOSE',
  'ENV',
  'ADD',
  'COPY',
  'ENTRYPOINT',
  'VOLUME',
  'USER',
  'WORKDIR',
  'ARG',
  'ONBUILD',
  'STOPSIGNAL',
  'HEALTHCHECK',
  'SHELL',
]);

describe('Dockerfile', () => {
  const steps = instructions(read('Dockerfile'));

  it('is made of known instructions, in stages', () => {
    expect(steps.filter((step) => !KNOWN.has(step.name))).toEqual([]);
    expect(steps[0]?.name).toBe('FROM');
    expect(steps.filter((step) => step.name === 'FROM').length).toBeGreaterThanOrEqual(2);
  });

  it('runs the production server as a non-root user with a health check', () => {
    const runtime = steps.slice(steps.findLastIndex((step) => step.name === 'FROM'));
    expect(runtime.find((step) => step.name === 'USER')?.args).toBe('node');
    expect(runtime.find((step) => step.name === 'ENV')?.args).toContain('NODE_ENV=production');
    expect(runtime.find((step) => step.name === 'HEALTHCHECK')?.args).toContain('/healthz');
    // As `npm start` runs it (PGlite's WebAssembly on V8's baseline compiler: docs/OPERATIONS.md).
    const start = JSON.parse(read('package.json')).scripts.start.split(' ');
    expect(JSON.parse(runtime.find((step) => step.name === 'CMD')?.args ?? '[]')).toEqual(start);
    expect(start).toEqual(['node', '--liftoff-only', 'server/start.ts']);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<
      string,
      {
        environment?: Record<string, string>;
        depends_on?: object;
        image?: string;
        build?: string;
        command?: string[];
        profiles?: string[];
        stop_grace_period?: string;
      }
    >;
  };

  it('runs two web nodes behind a proxy, with PostgreSQL and Redis', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'bot',
      'postgres',
      'proxy',
      'redis',
      'web1',
      'web2',
    ]);
    for (const name of ['web1', 'web2']) {
      const web = compose.services[name];
      expect(web?.build).toBe('.');
      expect(web?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(web?.environment?.REDIS_URL).toBe('redis://redis:6379');
      // Only settings the product reads.
      for (const key of Object.keys(web?.environment ?? {})) expect(configSchemaKeys(), key).toContain(key);
    }
    // The polling bot is one process for the deployment, only with its profile.
    const bot = compose.services.bot;
    expect(bot?.profiles).toEqual(['telegram-polling']);
    expect(bot?.command).toEqual(['node', 'server/bot.ts']);
    expect(bot?.environment?.TELEGRAM_POLLING).toBe('true');
    for (const key of Object.keys(bot?.environment ?? {})) expect(configSchemaKeys(), key).toContain(key);
    // Production-safe by default: no sample password, no sandbox providers, time to drain on stop.
    for (const name of ['web1', 'web2', 'bot']) {
      const service = compose.services[name];
      expect(service?.environment?.DEPLOYMENT, name).toBe('production');
      expect(service?.environment?.SANDBOX_PROVIDERS, name).toMatch(/^\$\{SANDBOX_PROVIDERS:-false\}$/);
      expect(service?.environment?.DATABASE_URL, name).toMatch(/\$\{POSTGRES_PASSWORD:\?/);
    }
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    for (const name of ['web1', 'web2']) {
      expect(compose.services[name]?.environment?.SANDBOX_CHAINS, name).toBe(`\${SANDBOX_CHAINS:-off}`);
    }
    expect(compose.services.web1?.stop_grace_period).toBe('30s');
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toContain('server web1:3000');
    expect(nginx).toContain('server web2:3000');
  });
});
