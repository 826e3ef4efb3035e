import { type APIResponse, expect, test } from '@playwright/test';
import { BROWSER_UA, CRAWLER_UA, tags, translate, waitForHydration } from './helpers.ts';

interface RedirectCase {
  from: string;
  to: string;
  status: 301 | 302;
}

const NORMALISATION: RedirectCase[] = [
  { from: '/NL/About-Us?x=1', to: '/nl/about-us?x=1', status: 301 },
  { from: '/FAQ', to: '/faq', status: 301 },
  { from: '/faq/', to: '/faq', status: 301 },
  { from: '/faq/?a=1&b=2', to: '/faq?a=1&b=2', status: 301 },
  { from: '/nl/', to: '/nl', status: 301 },
  { from: '/de/coin/btc/', to: '/de/coin/btc', status: 301 },
  { from: '/blog', to: '/blog/', status: 301 },
  { from: '/blog?q=1', to: '/blog/?q=1', status: 301 },
  { from: '/nl/blog/tag/swaps', to: '/nl/blog/tag/swaps/', status: 301 },
  { from: '/Blog/Page/2', to: '/blog/page/2/', status: 301 },
  { from: '/en/faq', to: '/faq', status: 301 },
  { from: '/en/faq?x=1', to: '/faq?x=1', status: 301 },
  { from: '/en', to: '/', status: 301 },
  { from: '/en/blog', to: '/blog/', status: 301 },
  { from: '/EN/About-Us/', to: '/about-us', status: 301 },
];

const CUSTOM: RedirectCase[] = [
  { from: '/custom/compare/btc/eth/info/', to: '/compare/btc-vs-eth', status: 301 },
  { from: '/custom/compare/btc/eth/info?utm_source=1', to: '/compare/btc-vs-eth?utm_source=1', status: 301 },
  { from: '/custom/exchange-pairs/usd/btc/info', to: '/fiat/exchange/usd-to-btc', status: 301 },
  { from: '/nl/custom/compare/btc/eth/info', to: '/nl/compare/btc-vs-eth', status: 301 },
];

/** The demo path rules of db/seed.ts, also applied under every language prefix. */
const PATH_RULES: RedirectCase[] = [
  { from: '/exchange', to: '/exchange-pairs', status: 301 },
  { from: '/exchange?utm_source=ad&x=1', to: '/exchange-pairs?utm_source=ad&x=1', status: 301 },
  { from: '/de/exchange', to: '/de/exchange-pairs', status: 301 },
  { from: '/ja/exchange?utm_source=ad', to: '/ja/exchange-pairs?utm_source=ad', status: 301 },
  { from: '/buy-crypto', to: '/buy', status: 301 },
  { from: '/sell-crypto', to: '/sell', status: 301 },
  { from: '/nl/status?id=42', to: '/nl/transaction-status?id=42', status: 301 },
];

const WIDGET: RedirectCase[] = [
  { from: '/widget?x=1', to: '/v2/widget?x=1', status: 302 },
  { from: '/widget', to: '/v2/widget', status: 302 },
  { from: '/nl/widget', to: '/nl/v2/widget', status: 302 },
  { from: '/fr/widget?from=btc&to=eth', to: '/fr/v2/widget?from=btc&to=eth', status: 302 },
];

function location(response: APIResponse, baseURL: string): URL | null {
  const header = response.headers().location;
  return header === undefined ? null : new URL(header, baseURL);
}

for (const [group, cases] of Object.entries({
  normalisation: NORMALISATION,
  custom: CUSTOM,
  'path rules': PATH_RULES,
  widget: WIDGET,
})) {
  test.describe(`${group} redirects`, () => {
    test(`each answers ${cases[0]?.status} with the expected target and a 200 behind it`, async ({
      request,
      baseURL,
    }) => {
      const base = baseURL ?? '';
      for (const { from, to, status } of cases) {
        const response = await request.get(from, { maxRedirects: 0 });
        expect(response.status(), from).toBe(status);
        const target = location(response, base);
        expect(target?.origin, from).toBe(new URL(base).origin);
        expect(`${target?.pathname}${target?.search}`, from).toBe(to);
        // One hop: the target is final and renders.
        const landed = await request.get(to, { maxRedirects: 0 });
        expect(landed.status(), `${from} → ${to}`).toBe(200);
      }
    });
  });
}

test('the custom pages themselves render', async ({ request }) => {
  for (const path of ['/custom/compare', '/custom/exchange-pairs', '/nl/custom/compare']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toMatch(/<h1\b/);
  }
});

test('repeated slashes never redirect off-site', async ({ request, baseURL }) => {
  const base = baseURL ?? '';
  for (const path of ['//evil.com/', '//evil.com', '//evil.com/faq/', '///evil.com/', '/nl//evil.com/']) {
    const response = await request.get(`${base}${path}`, { maxRedirects: 0 });
    const header = response.headers().location;
    if (header === undefined) {
      expect(response.status(), path).toBe(404);
      continue;
    }
    expect(response.status(), path).toBe(301);
    expect(header, path).not.toMatch(/^(?:[a-z]+:)?\/\//i);
    expect(new URL(header, base).origin, path).toBe(new URL(base).origin);
  }
});

test.describe('redirects in the browser', () => {
  test('mixed case and trailing slash land on the canonical Dutch page', async ({ page }) => {
    const response = await page.goto('/NL/About-Us/?x=1');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/nl\/about-us\?x=1$/);
    await expect(page.locator('h1')).toHaveText(translate('nl', 'about.heading'));
  });

  test('the old widget and a path rule forward with their query', async ({ page }) => {
    await page.goto('/widget?partner=acme');
    await expect(page).toHaveURL(/\/v2\/widget\?partner=acme$/);
    await expect(page.locator('header')).toHaveCount(0);
    await expect(page.locator('[data-layout="bare"]')).toBeVisible();

    await page.goto('/de/exchange?utm_source=ad');
    await expect(page).toHaveURL(/\/de\/exchange-pairs\?utm_source=ad$/);
    await expect(page.locator('[data-layout="pairs"]')).toBeVisible();
  });

  test('a protocol-relative looking path stays on the site', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}//evil.com/`);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
  });
});

test.describe('root language redirect', () => {
  const GERMAN = 'de-DE,de;q=0.9';

  test('the browser language picks the root', async ({ request }) => {
    const response = await request.get('/', {
      maxRedirects: 0,
      headers: { 'User-Agent': BROWSER_UA, 'Accept-Language': GERMAN },
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/de');

    const withQuery = await request.get('/?utm_source=x', {
      maxRedirects: 0,
      headers: { 'User-Agent': BROWSER_UA, 'Accept-Language': 'pt-BR,pt;q=0.8,en;q=0.5' },
    });
    expect(withQuery.status()).toBe(302);
    expect(withQuery.headers().location).toBe('/pt?utm_source=x');
  });

  test('the stored choice beats the browser language', async ({ request }) => {
    const fr = await request.get('/', {
      maxRedirects: 0,
      headers: { 'User-Agent': BROWSER_UA, 'Accept-Language': GERMAN, Cookie: 'i18n_lang=fr' },
    });
    expect(fr.status()).toBe(302);
    expect(fr.headers().location).toBe('/fr');

    const en = await request.get('/', {
      maxRedirects: 0,
      headers: { 'User-Agent': BROWSER_UA, 'Accept-Language': GERMAN, Cookie: 'i18n_lang=en' },
    });
    expect(en.status()).toBe(200);
    expect(en.headers().location).toBeUndefined();
  });

  test('English, unknown languages and crawlers get the English root', async ({ request }) => {
    const cases: Record<string, string>[] = [
      { 'User-Agent': BROWSER_UA },
      { 'User-Agent': BROWSER_UA, 'Accept-Language': 'en-GB,en;q=0.9,de;q=0.8' },
      { 'User-Agent': BROWSER_UA, 'Accept-Language': 'zh-CN,zh;q=0.9' },
      { 'User-Agent': CRAWLER_UA, 'Accept-Language': GERMAN },
      { 'User-Agent': CRAWLER_UA, 'Accept-Language': GERMAN, Cookie: 'i18n_lang=fr' },
    ];
    for (const headers of cases) {
      const response = await request.get('/', { maxRedirects: 0, headers });
      expect(response.status(), JSON.stringify(headers)).toBe(200);
    }
  });

  test('only the root redirects', async ({ request }) => {
    for (const path of ['/faq', '/nl', '/nl/faq', '/blog/']) {
      const response = await request.get(path, {
        maxRedirects: 0,
        headers: { 'User-Agent': BROWSER_UA, 'Accept-Language': GERMAN, Cookie: 'i18n_lang=fr' },
      });
      expect(response.status(), path).toBe(200);
    }
  });

  test('a German browser opening the root sees the German home', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'de-DE', baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('h1')).toHaveText(translate('de', 'pages.home.title'));
    await context.close();
  });
});

test.describe('security headers', () => {
  const WIDGETS = ['/v2/widget', '/nl/v2/widget', '/ja/v2/widget?x=1'];
  const PAGES = ['/', '/faq', '/nl/about-us', '/blog/', '/fr/coin/btc', '/nope', '/nl/coin/page-0'];

  test('widget pages may be framed, other pages may not', async ({ request }) => {
    for (const path of WIDGETS) {
      const headers = (await request.get(path, { maxRedirects: 0 })).headers();
      expect(headers['content-security-policy'], path).toMatch(/frame-ancestors \*(;|$)/);
      expect(headers['x-frame-options'], path).toBeUndefined();
    }
    for (const path of PAGES) {
      const headers = (await request.get(path, { maxRedirects: 0 })).headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
  });

  test('every HTML response carries a fresh script nonce that its inline scripts use', async ({
    request,
  }) => {
    const nonces = new Set<string>();
    for (const path of [...WIDGETS, ...PAGES]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()['content-type'], path).toContain('text/html');
      const csp = response.headers()['content-security-policy'] ?? '';
      const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, `${path}: ${csp}`).toBeTruthy();
      if (!nonce) continue;
      expect(nonces.has(nonce), `${path}: nonce reused`).toBe(false);
      nonces.add(nonce);
      expect(csp, path).not.toContain("'unsafe-inline' 'nonce");
      expect(/script-src[^;]*'unsafe-inline'/.test(csp), path).toBe(false);
      const scripts = tags(await response.text(), 'script');
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) {
        expect(script.nonce, `${path}: <script ${JSON.stringify(script)}>`).toBe(nonce);
      }
    }
  });

  test('the browser runs the page under its CSP and frames only the widget', async ({ page, baseURL }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/nl/faq');
    await waitForHydration(page);
    expect(violations).toEqual([]);

    // An embedding page. It is served by the site itself: Chromium's local network access checks
    // refuse frames of localhost in a page fulfilled by page.route(), and frame-ancestors 'none'
    // refuses same-origin parents too, so the headers are exercised all the same.
    await page.goto('/healthz');
    await page.setContent(
      `<iframe id="widget" src="${baseURL}/v2/widget"></iframe><iframe id="faq" src="${baseURL}/faq"></iframe>`,
    );
    await expect(page.frameLocator('#widget').locator('[data-layout="bare"]')).toBeAttached();
    await expect(page.frameLocator('#widget').locator('h1')).toHaveCount(1);
    // The refused frame shows Chromium's error page instead of ours.
    await expect
      .poll(() => page.frames().map((frame) => frame.url()))
      .toContain('chrome-error://chromewebdata/');
    expect(page.frames().map((frame) => frame.url())).not.toContain(`${baseURL}/faq`);
    await expect(page.frameLocator('#faq').locator('[data-layout]')).toHaveCount(0);
  });
});
