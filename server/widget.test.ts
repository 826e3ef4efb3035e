import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../core/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { partners, swaps as swapsTable } from '../db/schema.ts';
import { databaseTargets } from '../db/testing.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();
const TOKEN = 'widget-operator-token-0123456789';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe.each(databaseTargets())('the widget on $name', (target) => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    await handle.db.insert(partners).values([
      { id: 'acme', name: 'Acme' },
      { id: 'other', name: 'Other' },
    ]);
    const created = createTestApp(build, handle, { OPERATOR_TOKEN: TOKEN, SANDBOX_STEP_DELAY_MS: '0' });
    app = created.app;
    await created.services.market.refresh();
  });
  afterAll(async () => {
    await handle.close();
  });

  const putTheme = (id: string, body: unknown, token: string | null = TOKEN) =>
    app.request(`/apiglobal/partners/${id}/widget-theme`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  describe('the operator endpoint', () => {
    it('needs the operator token', async () => {
      const without = await putTheme('acme', { brandName: 'Acme' }, null);
      expect(without.status).toBe(401);
      expect(without.headers.get('www-authenticate')).toBe('Bearer');
      expect((await putTheme('acme', { brandName: 'Acme' }, 'wrong-token-wrong-token-00')).status).toBe(401);
      const read = await app.request('/apiglobal/partners/acme/widget-theme');
      expect(read.status).toBe(401);
    });

    it('refuses a bad colour, radius or text with 422 naming the field', async () => {
      for (const [body, field] of [
        [{ colors: { accent: 'red' } }, 'colors.accent'],
        [{ colors: { accent: '#fff;}body{display:none' } }, 'colors.accent'],
        [{ radius: 100 }, 'radius'],
        [{ brandName: 'x'.repeat(41) }, 'brandName'],
        [{ css: 'body{}' }, 'css'],
      ] as const) {
        const response = await putTheme('acme', body);
        expect(response.status).toBe(422);
        const json = (await response.json()) as { error: { code: string; field: string; message: string } };
        expect(json.error.code).toBe('invalid_request');
        expect(json.error.field).toBe(field);
        expect(json.error.message).toContain(field);
      }
    });

    it('stores a theme, reads it back, refuses unknown partners and taken hosts', async () => {
      const theme = {
        brandName: 'Acme Swap',
        colors: { accent: '#FF6600', background: '#101010' },
        radius: 4,
        hideLogo: true,
        texts: { de: { title: 'Tauschen bei Acme' } },
        host: 'swap.acme.example',
      };
      const saved = await putTheme('acme', theme);
      expect(saved.status).toBe(200);
      const read = await app.request('/apiglobal/partners/acme/widget-theme', {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(read.status).toBe(200);
      expect(read.headers.get('cache-control')).toBe('no-store');
      expect(await read.json()).toEqual({
        partnerId: 'acme',
        theme: {
          brandName: 'Acme Swap',
          colors: { accent: '#ff6600', background: '#101010' },
          radius: 4,
          mode: null,
          hideLogo: true,
          texts: { de: { title: 'Tauschen bei Acme' } },
          host: 'swap.acme.example',
        },
      });
      expect((await putTheme('nobody', { brandName: 'X' })).status).toBe(404);
      expect((await putTheme('other', { host: 'swap.acme.example' })).status).toBe(409);
    });
  });

  describe('the page', () => {
    it('applies a partner theme by affiliate id, as CSS variables, with its texts', async () => {
      const response = await app.request('/de/v2/widget?affiliate=acme');
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/class="widget-root widget-light[^"]*" style="--color-brand-600:#ff6600;/);
      expect(html).toContain('--color-canvas:#101010');
      expect(html).toContain('--radius-2xl:4px');
      expect(html).toContain('Tauschen bei Acme');
      expect(html).toContain('data-testid="widget-brand">Acme Swap<');
      // A white-label partner that hides our name.
      expect(html).not.toContain('data-testid="widget-powered"');
    });

    it("serves a partner's theme on its own host, and no other host", async () => {
      const own = await (
        await app.request('http://swap.acme.example/v2/widget', { headers: { host: 'swap.acme.example' } })
      ).text();
      expect(own).toContain('Acme Swap');
      const other = await (
        await app.request('http://elsewhere.example/v2/widget', { headers: { host: 'elsewhere.example' } })
      ).text();
      expect(other).not.toContain('Acme Swap');
      expect(other).toContain('data-testid="widget-powered"');
    });

    it('falls back to defaults for bad query values, never an error', async () => {
      const response = await app.request(
        '/v2/widget?from=%3Cx%3E&to=zzz&amount=-5&rateType=x&theme=neon&accent=red%3Bx&radius=1e9&affiliate=%2E%2E&hideLogo=1&origin=javascript:x',
      );
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('class="widget-root widget-light');
      expect(html).not.toContain('style="--');
      // hideLogo without a white-label partner is not honoured.
      expect(html).toContain('data-testid="widget-powered"');
      expect(html).toContain('data-testid="exchange-form"');
      expect((await app.request('/v2/widget?swap=nothing')).status).toBe(404);
    });

    it('takes the language from the query into the address', async () => {
      const response = await app.request('/v2/widget?lang=ja&from=eth');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/ja/v2/widget?from=eth');
      const old = await app.request('/widget?lang=de&theme=dark');
      expect(old.headers.get('location')).toBe('/de/v2/widget?theme=dark');
    });

    it('may be framed; other pages may not', async () => {
      for (const path of ['/v2/widget', '/de/v2/widget?affiliate=acme']) {
        const response = await app.request(path);
        expect(response.headers.get('content-security-policy')).toContain('frame-ancestors *');
        expect(response.headers.get('x-frame-options')).toBeNull();
      }
      for (const path of ['/', '/swap', '/for-partners', '/de/faq']) {
        const response = await app.request(path);
        expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(response.headers.get('x-frame-options')).toBe('DENY');
      }
    });
  });

  it('serves the embed script for a year, immutable', async () => {
    const response = await app.request('/embed/v1/swap-widget.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const script = await response.text();
    expect(script).toContain("customElements.define('swap-widget'");
    expect(script.length).toBeLessThan(6000);
  });

  it("attributes a swap to the widget's known affiliate, and ignores an unknown one", async () => {
    const create = async (affiliateId: string) => {
      const response = await app.request('/api/v1/swaps', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          from: 'btc',
          to: 'eth',
          amount: '0.5',
          rateType: 'float',
          payoutAddress: ETH_ADDRESS,
          affiliateId,
        }),
      });
      const body = (await response.json()) as { id: string; partnerId?: string };
      expect(response.status, JSON.stringify(body)).toBe(201);
      const { id } = body;
      const [row] = await handle.db.select().from(swapsTable).where(eq(swapsTable.id, id));
      return row;
    };
    const known = await create('ACME');
    expect(known?.partnerId).toBe('acme');
    expect(Number(known?.affiliateFee)).toBeGreaterThan(0);
    const unknown = await create('nobody-at-all');
    expect(unknown?.partnerId).toBeNull();
  });
});
