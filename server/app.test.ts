import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertPathRule } from '../core/routing/path-rules.ts';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseTargets } from '../db/testing.ts';
import { MAX_PATH_CHARS } from './app.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();

function appWith(handle: DatabaseHandle, env: Record<string, string> = {}) {
  return createTestApp(build, handle, {
    PATH_RULES_TTL_MS: '0',
    REDIRECT_ALLOWED_HOSTS: 'partner.example',
    ...env,
  });
}

const errorMessage = (html: string) => /data-testid="error-message">([^<]*)</.exec(html)?.[1];

describe.each(databaseTargets())('HTTP app on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('renders a page in its language with canonical and alternates from BASE_URL', async () => {
    const { app } = appWith(handle);
    const response = await app.request('/de/faq');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('<link rel="canonical" href="https://swapgate.example/de/faq"/>');
    expect(html).toContain('hrefLang="x-default" href="https://swapgate.example/faq"');
    expect(html).toContain('hrefLang="pt-BR" href="https://swapgate.example/pt/faq"');
    expect(html.match(/rel="alternate"/g)).toHaveLength(61);
    // Social cards need absolute addresses.
    expect(html).toContain('<meta property="og:image" content="https://swapgate.example/social-card.png"/>');
  });

  it('answers route check failures and unmatched paths with their 404 messages', async () => {
    const { app } = appWith(handle);
    const invalid = await app.request('/fr/coin/page-0?utm_source=x');
    expect(invalid.status).toBe(404);
    expect(errorMessage(await invalid.text())).toBe('Page Not Found: /fr/coin/page-0?utm_source=x');
    const none = await app.request('/fr/nothing-here');
    expect(none.status).toBe(404);
    expect(errorMessage(await none.text())).toBe('Page not found: /fr/nothing-here');
  });

  it('serves /design-system in production only where DESIGN_SYSTEM_PAGE enables it', async () => {
    const hidden = appWith(handle, { NODE_ENV: 'production' }).app;
    for (const path of ['/design-system', '/de/design-system']) {
      const response = await hidden.request(path);
      expect(response.status, path).toBe(404);
      expect(errorMessage(await response.text())).toBe(`Page not found: ${path}`);
    }
    const shown = appWith(handle, { NODE_ENV: 'production', DESIGN_SYSTEM_PAGE: 'true' }).app;
    expect((await shown.request('/de/design-system')).status).toBe(200);
    // Development and tests have it without the setting.
    expect((await appWith(handle, { NODE_ENV: 'development' }).app.request('/design-system')).status).toBe(
      200,
    );
  });

  it('refuses a path longer than any address of the site before rendering anything', async () => {
    const { app } = appWith(handle);
    for (const path of [`/blog/${'a'.repeat(MAX_PATH_CHARS)}/`, `/api/v1/coins/${'x'.repeat(5_000)}`]) {
      const response = await app.request(path);
      expect(response.status).toBe(414);
      expect((await response.text()).length).toBeLessThan(100);
    }
    // The longest path served still reaches its page (here: not found, echoed once in its message).
    const path = `/blog/${'a'.repeat(MAX_PATH_CHARS - 7)}/`;
    const response = await app.request(path);
    expect(response.status).toBe(404);
    expect((await response.text()).split('a'.repeat(MAX_PATH_CHARS - 7)).length - 1).toBeLessThanOrEqual(2);
  });

  it('answers an unhandled error with the 500 page', async () => {
    const { app, services } = appWith(handle);
    services.pathRules.get = async () => {
      throw new Error('database went away');
    };
    const response = await app.request('/faq');
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('data-testid="error-status">500');
    expect(html).not.toContain('database went away');
  });

  it('renders the shell on the server: header menus, and the footer with global data read without an HTTP hop', async () => {
    const { app, services } = appWith(handle);
    const global = await services.global.get();
    const html = await (await app.request('/it/faq')).text();
    expect(html).toContain('data-testid="site-header"');
    expect(html).toContain('data-menu-trigger="personal"');
    expect(html).toContain('href="/it/transaction-status"');
    for (const { coinInfo } of global.popularCrypto)
      expect(html).toContain(`href="/it/coin/${coinInfo.code}"`);
    for (const { link } of global.socialMedias) expect(html).toContain(`href="${link}"`);
    expect(html).toContain('data-testid="newsletter"');
  });

  it('shows the fatal 500 page with a minimal shell when global data cannot be read', async () => {
    const { app, services } = appWith(handle);
    services.global.get = async () => {
      throw new Error('global data unavailable');
    };
    const response = await app.request('/faq');
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('data-testid="error-status">500');
    expect(html).toContain('data-testid="logo"');
    expect(html).not.toContain('data-menu-trigger');
    expect(html).not.toContain('global data unavailable');
  });

  it('opens the CSP to reCAPTCHA only with a site key', async () => {
    const without = (await appWith(handle).app.request('/faq')).headers.get('content-security-policy') ?? '';
    expect(without).not.toContain('recaptcha');
    const { app } = appWith(handle, { RECAPTCHA_SITE_KEY: 'site-key' });
    const response = await app.request('/faq');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://www.google.com/recaptcha/');
    expect(csp).toContain('frame-src');
    // The form shows Google's attribution once the check is on.
    expect(await response.text()).toContain('data-testid="newsletter-recaptcha-notice"');
  });

  describe('maintenance mode', () => {
    it('sends every page to the maintenance page when on, which answers 503 with Retry-After', async () => {
      const { app } = appWith(handle, {
        LANDING__MAINTENANCE_MODE: 'true',
        MAINTENANCE_RETRY_AFTER_SECONDS: '120',
      });
      const page = await app.request('/nl/faq');
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe('/nl/maintenance');
      const maintenance = await app.request('/maintenance');
      expect(maintenance.status).toBe(503);
      expect(maintenance.headers.get('retry-after')).toBe('120');
      expect(await maintenance.text()).toContain('We are upgrading the site');
      expect((await app.request('/favicon.svg')).status).toBe(200);
    });

    it('sends the maintenance page home when set to anything else', async () => {
      const { app } = appWith(handle, { LANDING__MAINTENANCE_MODE: 'false' });
      const response = await app.request('/maintenance');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
      expect((await app.request('/faq')).status).toBe(200);
    });

    it('does nothing when unset', async () => {
      const { app } = appWith(handle);
      const response = await app.request('/maintenance');
      expect(response.status).toBe(200);
      // Never indexable, whatever the mode (issue 32).
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(await response.text()).toContain('<meta name="robots" content="noindex, follow"/>');
    });
  });

  describe('path rules', () => {
    it('follows a relative target in every language and keeps the query', async () => {
      const { app } = appWith(handle);
      await upsertPathRule(handle.db, { path: '/promo', redirectTo: '/congrats', redirectStatus: 302 });
      const english = await app.request('/promo?code=abc');
      expect(english.status).toBe(302);
      expect(english.headers.get('location')).toBe('/congrats?code=abc');
      expect((await app.request('/it/promo')).headers.get('location')).toBe('/it/congrats');
    });

    it('redirects to allowed external hosts only', async () => {
      const { app } = appWith(handle);
      await upsertPathRule(handle.db, { path: '/docs', redirectTo: 'https://partner.example/api' });
      await upsertPathRule(handle.db, { path: '/evil', redirectTo: 'https://evil.example/' });
      const allowed = await app.request('/docs');
      expect(allowed.status).toBe(301);
      expect(allowed.headers.get('location')).toBe('https://partner.example/api');
      expect((await app.request('/evil')).status).toBe(404);
    });

    it('switches a named middleware off for one path', async () => {
      await seedDemoData(handle.db);
      const { app } = appWith(handle);
      // The compare-pair middleware sends the reversed order to the canonical page...
      const reversed = await app.request('/compare/eth-vs-btc');
      expect(reversed.status).toBe(301);
      expect(reversed.headers.get('location')).toBe('/compare/btc-vs-eth');
      await upsertPathRule(handle.db, {
        path: '/compare/eth-vs-btc',
        middlewares: { 'compare-pair': false },
      });
      // ...unless a path rule switches it off there: the page answers at that address.
      const kept = await app.request('/compare/eth-vs-btc');
      expect(kept.status).toBe(200);
      expect(await kept.text()).toContain('data-page="compare-pair"');
      // The page's own checks stay: a coin paired with itself has no page.
      await upsertPathRule(handle.db, {
        path: '/exchange/usdt-to-usdt',
        middlewares: { 'exchange-pair': false },
      });
      expect((await app.request('/exchange/usdt-to-usdt')).status).toBe(404);
    });
  });

  it('serves dictionaries with validators and 404s unknown languages', async () => {
    const { app } = appWith(handle);
    const response = await app.request('/apiglobal/locale/ja');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { '404': { title: string } };
    expect(body['404'].title).toBeTruthy();
    const etag = response.headers.get('etag') as string;
    expect((await app.request('/apiglobal/locale/ja', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    const unknown = await app.request('/apiglobal/locale/xx');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'unknown_locale', message: "Unknown language: 'xx'" },
    });
  });

  it('caches hashed assets for a year and the build pointer not at all', async () => {
    const { app, services } = appWith(handle);
    const html = await (await app.request('/')).text();
    const asset = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html);
    const assetPath = (asset?.[1] ?? asset?.[2]) as string;
    const assetResponse = await app.request(assetPath);
    expect(assetResponse.status, assetPath).toBe(200);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const latest = await app.request('/builds/latest.json');
    expect(latest.headers.get('cache-control')).toBe('no-cache');
    expect(await latest.json()).toEqual({ id: services.buildId });
    const meta = await app.request(`/builds/meta/${services.buildId}.json`);
    expect(((await meta.json()) as { matcher: { static: string[] } }).matcher.static).toContain('/nl/faq');
  });

  it('sets strict security headers with a nonce that the inline scripts carry', async () => {
    const { app } = appWith(handle);
    const response = await app.request('/');
    const csp = response.headers.get('content-security-policy') as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    const html = await response.text();
    const inline = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inline.length).toBeGreaterThan(0);
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
    const widget = await app.request('/v2/widget');
    expect(widget.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(widget.headers.get('x-frame-options')).toBeNull();
  });

  it('marks the English root as varying with the language signals', async () => {
    const { app } = appWith(handle);
    const response = await app.request('/', { headers: { 'user-agent': 'Mozilla/5.0 Chrome/156.0' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toContain('Accept-Language');
  });

  it('reports liveness and readiness', async () => {
    const { app } = appWith(handle);
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true } });
  });

  it('is not ready without its migrations, though alive', async () => {
    const bare = await target.open();
    try {
      await bare.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations`);
      const { app } = appWith(bare);
      expect((await app.request('/healthz')).status).toBe(200);
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: true, migrations: false },
      });
    } finally {
      await bare.close();
    }
  });

  it('serves Prometheus metrics to the holder of the token only', async () => {
    const token = 'metrics-token-0123456789';
    const { app } = appWith(handle, { METRICS_TOKEN: token });
    await app.request('/coin');
    await app.request('/coin');
    await app.request('/api/v1/coins');
    expect((await app.request('/metrics')).status).toBe(401);
    expect(
      (await app.request('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(401);
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="page:coins",status="200"\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/coins"\} 1/);
    expect(text).toMatch(/html_cache_requests_total\{outcome="(miss|hit|bypass)"\} \d/);
    expect(text).toMatch(/swaps\{status="finished"\} \d+/);
    expect(text).toContain('swap_job_lag_seconds');
    // Without a token there is no such endpoint.
    expect((await appWith(handle).app.request('/metrics')).status).toBe(404);
  });
});
