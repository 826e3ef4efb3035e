import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { upsertPathRule } from '../core/routing/path-rules.ts';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { socialLinks } from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const CONSENTED = { cookie: 'cookie_consent=1:true_2:false_3:false_4:false' };

/** The nonce of a response: in its CSP header and on every inline script of its HTML. */
function nonceOf(response: Response): string {
  const csp = response.headers.get('content-security-policy') ?? '';
  return /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
}
const withoutNonce = (html: string, nonce: string) => html.split(nonce).join('NONCE');

describe.each(databaseTargets())('HTML cache on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('serves a stored page byte for byte as a fresh render, with a fresh nonce', async () => {
    const { app } = createTestApp(build, handle);
    const { app: uncached } = createTestApp(build, handle, { HTML_CACHE: 'off' });
    const first = await app.request('/de/faq', { headers: CONSENTED });
    const second = await app.request('/de/faq', { headers: CONSENTED });
    const fresh = await uncached.request('/de/faq', { headers: CONSENTED });
    expect([
      first.headers.get('x-cache'),
      second.headers.get('x-cache'),
      fresh.headers.get('x-cache'),
    ]).toEqual(['miss', 'hit', 'bypass']);
    const nonces = [nonceOf(first), nonceOf(second), nonceOf(fresh)];
    expect(new Set(nonces).size).toBe(3);
    const [a, b, c] = await Promise.all([first.text(), second.text(), fresh.text()]);
    // Every inline script carries this response's own nonce.
    expect(b.match(/nonce="([^"]+)"/g)?.every((attribute) => attribute === `nonce="${nonces[1]}"`)).toBe(
      true,
    );
    expect(withoutNonce(b, nonces[1] as string)).toBe(withoutNonce(a, nonces[0] as string));
    expect(withoutNonce(c, nonces[2] as string)).toBe(withoutNonce(a, nonces[0] as string));
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(fresh.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(b)));
  });

  it('says how shared caches may keep a public page, and answers a matching If-None-Match with 304', async () => {
    const { app } = createTestApp(build, handle, { HTML_CACHE_TTL_SECONDS: '30' });
    const page = await app.request('/about-us');
    expect(page.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=300',
    );
    expect(page.headers.get('vary')).toContain('Cookie');
    const etag = page.headers.get('etag') as string;
    const again = await app.request('/about-us', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // The browser keeps the CSP stored with the page: its nonce is the one in the stored body.
    expect(again.headers.get('content-security-policy')).toBeNull();
    const other = await app.request('/about-us', { headers: { 'if-none-match': 'W/"other"' } });
    expect(other.status).toBe(200);
  });

  it('keeps the first visit’s page (with the cookie banner) apart from a returning visitor’s', async () => {
    const { app } = createTestApp(build, handle);
    await app.request('/press');
    const first = await (await app.request('/press')).text();
    const returning = await app.request('/press', { headers: CONSENTED });
    expect(returning.headers.get('x-cache')).toBe('miss');
    expect(first).toContain('data-testid="cookie-banner"');
    expect(await returning.text()).not.toContain('data-testid="cookie-banner"');
  });

  it('never stores a visitor’s swap page, an error page or a path rule’s answer', async () => {
    const { app } = createTestApp(build, handle, { PATH_RULES_TTL_MS: '0' });
    await app.request('/kyc-aml');
    await upsertPathRule(handle.db, { path: '/kyc-aml', redirectTo: '/terms-of-use', redirectStatus: 302 });
    const redirected = await app.request('/kyc-aml');
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/terms-of-use');
    for (let i = 0; i < 2; i++) {
      const swap = await app.request('/swap/abcdefghijklmnopqrstuvwxyz');
      expect(swap.headers.get('cache-control')).toBe('private, no-store');
      expect(swap.headers.get('x-cache')).toBeNull();
      const missing = await app.request('/coin/page-0');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-cache')).toBeNull();
    }
  });

  it('shows a data change at once when the server notices it, and within its TTL otherwise', async () => {
    const { app, services } = createTestApp(build, handle, { HTML_CACHE_TTL_SECONDS: '1' });
    const before = await (await app.request('/partners', { headers: CONSENTED })).text();
    expect(before).toContain('https://t.me/swapgate"');

    await handle.db
      .update(socialLinks)
      .set({ link: 'https://t.me/swapgate_news' })
      .where(eq(socialLinks.network, 'telegram'));
    services.global.invalidate();
    // Nothing re-read the footer's data yet: the stored page is still served …
    const stored = await app.request('/partners', { headers: CONSENTED });
    expect(stored.headers.get('x-cache')).toBe('hit');
    // … until its TTL (1 s) runs out: asked again and again, it is served as stored, then renewed.
    // (The poll's 15 s only ends a hang; the cache's own clock decides when, not the machine's speed.)
    let renewed = '';
    const hits: boolean[] = [];
    await vi.waitFor(
      async () => {
        const response = await app.request('/partners', { headers: CONSENTED });
        const html = await response.text();
        if (response.headers.get('x-cache') === 'hit') hits.push(html.includes('https://t.me/swapgate"'));
        expect(response.headers.get('x-cache')).toBe('miss');
        renewed = html;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(hits.every(Boolean)).toBe(true);
    expect(renewed).toContain('https://t.me/swapgate_news"');

    // A change the server reads (here through the global data API) drops the page at once.
    await handle.db
      .update(socialLinks)
      .set({ link: 'https://t.me/swapgate' })
      .where(eq(socialLinks.network, 'telegram'));
    services.global.invalidate();
    await app.request('/apiglobal/global');
    const after = await app.request('/partners', { headers: CONSENTED });
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(await after.text()).toContain('https://t.me/swapgate"');
  });

  it('answers a stored page with the headers every page gets, and the root with its language vary', async () => {
    const { app } = createTestApp(build, handle);
    await app.request('/faq', { headers: CONSENTED });
    const hit = await app.request('/faq', { headers: CONSENTED });
    expect(hit.headers.get('x-cache')).toBe('hit');
    const fresh = await app.request('/faq', {
      headers: { ...CONSENTED, 'accept-encoding': 'gzip, deflate, br' },
    });
    // A browser's request (it takes gzip) is answered from the stored page too, gzipped.
    expect(fresh.headers.get('x-cache')).toBe('hit');
    expect(fresh.headers.get('content-encoding')).toBe('gzip');
    const zipped = Buffer.from(await fresh.clone().arrayBuffer());
    expect(Number(fresh.headers.get('content-length'))).toBe(zipped.length);
    const withoutNonce = (html: string) => html.replaceAll(/nonce="[^"]+"/g, 'nonce=""');
    const plainHtml = await hit.clone().text();
    expect(withoutNonce(gunzipSync(zipped).toString())).toBe(withoutNonce(plainHtml));
    expect(zipped.length).toBeLessThan(Buffer.byteLength(plainHtml) / 3);
    // Its nonce is its own, the one of its Content-Security-Policy.
    const nonce = /'nonce-([^']+)'/.exec(fresh.headers.get('content-security-policy') ?? '')?.[1];
    expect(gunzipSync(zipped).toString()).toContain(`nonce="${nonce}"`);
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'x-frame-options',
    ]) {
      expect(hit.headers.get(name), name).toBeTruthy();
      expect(hit.headers.get(name)?.replace(/'nonce-[^']+'/, ''), name).toBe(
        fresh.headers.get(name)?.replace(/'nonce-[^']+'/, ''),
      );
    }
    expect(hit.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    await app.request('/', { headers: CONSENTED });
    const root = await app.request('/', { headers: CONSENTED });
    expect(root.headers.get('x-cache')).toBe('hit');
    expect(root.headers.get('vary')).toBe('Cookie, Accept-Encoding, Accept-Language');
    // A visitor the root sends to their language still is sent there.
    const german = await app.request('/', { headers: { ...CONSENTED, 'accept-language': 'de-DE' } });
    expect(german.status).toBe(302);
    expect(german.headers.get('location')).toBe('/de');
    // A language cookie that is not valid percent-encoding is ignored, never a 500.
    const malformed = await app.request('/', {
      headers: {
        ...CONSENTED,
        cookie: `${CONSENTED.cookie}; i18n_lang=%E0%A4%A`,
        'accept-language': 'de-DE',
      },
    });
    expect(malformed.status).toBe(302);
    expect(malformed.headers.get('location')).toBe('/de');
  });

  it('answers HEAD from a stored page without a body', async () => {
    const { app } = createTestApp(build, handle);
    const get = await app.request('/contact');
    const head = await app.request('/contact', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-cache')).toBe('hit');
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });
});
