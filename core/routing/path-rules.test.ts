import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { pathRules } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import {
  InvalidPathRuleError,
  PathRuleStore,
  resolveRuleRedirect,
  upsertPathRule,
  validatePathRule,
} from './path-rules.ts';

const silent = pino({ level: 'silent' });

describe('validatePathRule', () => {
  it('rejects a middleware that is not registered with the spec message', () => {
    expect(() => validatePathRule({ path: '/x', middlewares: { 'made-up': false } })).toThrow(
      "Unknown route middleware: 'made-up'",
    );
  });

  it('rejects paths and targets that are not paths or http(s) URLs', () => {
    expect(() => validatePathRule({ path: 'x' })).toThrow(InvalidPathRuleError);
    expect(() => validatePathRule({ path: '/x?y=1' })).toThrow(InvalidPathRuleError);
    expect(() => validatePathRule({ path: '/x', redirectTo: 'javascript:alert(1)' })).toThrow(
      InvalidPathRuleError,
    );
  });

  it('keeps known switches and defaults to a permanent redirect', () => {
    expect(
      validatePathRule({ path: '/a', redirectTo: '/b', middlewares: { 'exchange-pair': false } }),
    ).toEqual({
      path: '/a',
      redirectTo: '/b',
      redirectStatus: 301,
      middlewares: { 'exchange-pair': false },
    });
  });
});

describe('resolveRuleRedirect', () => {
  const options = { baseUrl: 'https://swapgate.example', allowedHosts: ['partner.example'] };

  it('follows relative targets inside the site', () => {
    expect(resolveRuleRedirect({ redirectTo: '/swap', redirectStatus: 301 }, options)).toEqual({
      location: '/swap',
      status: 301,
      external: false,
    });
  });

  it('sends absolute targets only to allowed hosts', () => {
    expect(
      resolveRuleRedirect({ redirectTo: 'https://partner.example/x', redirectStatus: 302 }, options),
    ).toEqual({
      location: 'https://partner.example/x',
      status: 302,
      external: true,
    });
    expect(
      resolveRuleRedirect({ redirectTo: 'https://evil.example/', redirectStatus: 301 }, options),
    ).toBeNull();
    expect(resolveRuleRedirect({ redirectTo: '//evil.example/', redirectStatus: 301 }, options)).toBeNull();
  });
});

describe.each(databaseTargets())('PathRuleStore on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('serves stored rules and picks up edits after its TTL without a restart', async () => {
    let now = 1_000;
    const store = new PathRuleStore({ db: handle.db, log: silent, ttlMs: 5_000, now: () => now });
    await upsertPathRule(handle.db, { path: '/old', redirectTo: '/new' });
    expect((await store.get('/old'))?.redirectTo).toBe('/new');

    await upsertPathRule(handle.db, {
      path: '/old',
      redirectTo: '/newer',
      middlewares: { 'compare-pair': false },
    });
    expect((await store.get('/old'))?.redirectTo).toBe('/new'); // still cached
    now += 5_000;
    const fresh = await store.get('/old');
    expect(fresh?.redirectTo).toBe('/newer');
    expect(fresh?.middlewares).toEqual({ 'compare-pair': false });
    expect(await store.get('/missing')).toBeNull();
  });

  it('skips a stored rule that names an unknown middleware and logs why', async () => {
    await handle.db.insert(pathRules).values({ path: '/broken', middlewares: { nope: true } });
    const messages: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => messages.push(JSON.parse(line).msg) });
    const store = new PathRuleStore({ db: handle.db, log, ttlMs: 0 });
    expect(await store.get('/broken')).toBeNull();
    expect(messages).toContain("Unknown route middleware: 'nope'");
    expect((await store.get('/old'))?.redirectTo).toBe('/newer');
  });

  it('refuses to store a rule with an unknown middleware', async () => {
    await expect(upsertPathRule(handle.db, { path: '/x', middlewares: { ghost: true } })).rejects.toThrow(
      "Unknown route middleware: 'ghost'",
    );
  });
});
