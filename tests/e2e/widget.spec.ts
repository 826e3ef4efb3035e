import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { translate, waitForHydration } from './helpers.ts';

/** A valid Ethereum address (EIP-55 checksum). */
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
/** The sandbox moves a paid swap through its statuses on short delays; the widget polls every 3 s. */
const STATUS_TIMEOUT = 90_000;

/**
 * A partner's page on another origin: serves whatever HTML the test sets, on the first free port
 * of 4291–4299 (another origin than the site's).
 */
async function partnerSite(): Promise<{ url: string; set(html: string): void; close(): Promise<void> }> {
  let html = '<!doctype html><title>Partner</title>';
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  });
  for (let port = 4291; port <= 4299; port++) {
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) break;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (next) => {
      html = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The events the page's <swap-widget> relayed, in order. */
function relayed(page: Page): Promise<{ type: string; detail: Record<string, unknown> }[]> {
  return page.evaluate(() => (window as unknown as { widgetEvents: never[] }).widgetEvents);
}

test.describe('the embeddable widget', () => {
  let site: Awaited<ReturnType<typeof partnerSite>>;
  test.beforeAll(async () => {
    site = await partnerSite();
  });
  test.afterAll(async () => {
    await site.close();
  });

  test('a page on another origin embeds it, completes a sandbox swap and hears its events in order', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    site.set(`<!doctype html>
<html lang="en"><head><title>Partner shop</title></head><body>
<h1>Partner shop</h1>
<swap-widget id="widget" partner="demo-partner" from="btc" to="eth" amount="0.1" rate-type="float"></swap-widget>
<script>
  window.widgetEvents = [];
  const element = document.getElementById('widget');
  for (const type of ['ready', 'quote', 'swap_created', 'status_changed']) {
    element.addEventListener(type, (event) => window.widgetEvents.push({ type, detail: event.detail }));
  }
</script>
<script src="${baseURL}/embed/v1/swap-widget.js"></script>
</body></html>`);
    await page.goto(site.url);
    const frame = page.frameLocator('swap-widget iframe');
    const form = frame.getByTestId('exchange-form');
    await expect(form).toBeVisible();
    await expect(page.locator('swap-widget iframe')).toHaveAttribute(
      'src',
      `${baseURL}/v2/widget?affiliate=demo-partner&from=btc&to=eth&amount=0.1&rateType=float&origin=${encodeURIComponent(site.url)}`,
    );
    // A message that does not come from the widget's frame is not relayed.
    await page.evaluate(() =>
      window.postMessage({ source: 'swapgate-widget', type: 'swap_created', payload: { id: 'forged' } }, '*'),
    );

    await expect(form.getByTestId('amount-from')).toHaveValue('0.1');
    await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
    await expect
      .poll(async () => (await relayed(page)).map((event) => event.type))
      .toEqual(['ready', 'quote']);
    // The frame is as high as its content.
    await expect
      .poll(() => page.locator('swap-widget iframe').evaluate((element) => element.style.height))
      .not.toBe('640px');

    await form.getByTestId('exchange-submit').click();
    const step = frame.getByTestId('swap-create');
    await expect(step.getByTestId('swap-summary')).toHaveAttribute('data-state', 'ready');
    await step.getByTestId('payout-address').fill(ETH_ADDRESS);
    await step.getByTestId('terms').check();
    await step.getByTestId('create-swap').click();

    const status = frame.getByTestId('swap-status');
    await expect(status).toHaveAttribute('data-status', 'waiting');
    await expect(frame.getByTestId('deposit-qr').locator('svg')).toBeVisible();
    await expect(frame.getByTestId('deposit-address')).not.toBeEmpty();
    const id = await frame.getByTestId('swap-id').textContent();
    const created = (await relayed(page)).find((event) => event.type === 'swap_created');
    expect(created?.detail).toMatchObject({
      id,
      from: 'btc',
      to: 'eth',
      amountFrom: '0.1',
      status: 'waiting',
    });

    await frame.getByTestId('simulate-deposit').getByTestId('simulate-submit').click();
    await expect(status).toHaveAttribute('data-status', 'finished', { timeout: STATUS_TIMEOUT });

    const events = await relayed(page);
    const firsts = ['ready', 'quote', 'swap_created', 'status_changed'].map((type) =>
      events.findIndex((event) => event.type === type),
    );
    expect(firsts.every((index) => index >= 0)).toBe(true);
    expect([...firsts].sort((a, b) => a - b)).toEqual(firsts);
    expect(events.filter((event) => event.type === 'swap_created')).toHaveLength(1);
    const statuses = events.filter((event) => event.type === 'status_changed').map((event) => event.detail);
    expect(statuses.every((detail) => detail.id === id)).toBe(true);
    expect(statuses.at(-1)?.status).toBe('finished');
    // Nothing after `swap_created` goes back in the list: no `ready` or `quote` from the status view.
    expect(events.slice(firsts[2]).map((event) => event.type)).not.toContain('ready');

    // The swap earns for the widget's partner: its page is the site's own, reachable from the widget.
    await expect(frame.getByTestId('widget-open-swap')).toHaveAttribute('href', `${baseURL}/swap/${id}`);
  });

  test('the widget posts only to the origin that embeds it', async ({ page, baseURL }) => {
    // A plain iframe: the embedder is the referrer's origin. One told another origin: it posts
    // nothing here (the browser drops a message whose target origin is not the parent's).
    site.set(`<!doctype html><title>Partner</title>
<script>
  window.heard = [];
  window.addEventListener('message', (event) => {
    if (event.data?.source !== 'swapgate-widget') return;
    const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === event.source);
    window.heard.push({ frame: frame?.id, type: event.data.type, origin: event.origin });
  });
</script>
<iframe id="plain" src="${baseURL}/v2/widget" style="width:400px;height:600px"></iframe>
<iframe id="told" src="${baseURL}/v2/widget?origin=${encodeURIComponent('http://elsewhere.example')}" style="width:400px;height:600px"></iframe>`);
    await page.goto(site.url);
    await expect(page.frameLocator('#plain').getByTestId('quote-info')).toHaveAttribute(
      'data-state',
      'ready',
    );
    await expect(page.frameLocator('#told').getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
    const heard = () =>
      page.evaluate(
        () => (window as unknown as { heard: { frame: string; type: string; origin: string }[] }).heard,
      );
    await expect
      .poll(async () => (await heard()).filter((m) => m.frame === 'plain').map((m) => m.type))
      .toContain('quote');
    const messages = await heard();
    expect(messages.every((message) => message.origin === baseURL)).toBe(true);
    expect(messages.filter((message) => message.frame === 'told')).toEqual([]);
  });

  test('a non-widget page refuses to be framed by another origin', async ({ page, baseURL }) => {
    site.set(`<!doctype html><title>Partner</title>
<iframe id="widget" src="${baseURL}/v2/widget"></iframe>
<iframe id="swap" src="${baseURL}/swap"></iframe>`);
    await page.goto(site.url);
    await expect(page.frameLocator('#widget').getByTestId('widget')).toBeVisible();
    await expect
      .poll(() => page.frames().map((frame) => frame.url()))
      .toContain('chrome-error://chromewebdata/');
    await expect(page.frameLocator('#swap').locator('[data-layout]')).toHaveCount(0);
  });

  test('the snippet generator on /for-partners writes the code and previews the widget on demand', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/de/for-partners');
    await waitForHydration(page);
    const generator = page.getByTestId('snippet-generator');
    await generator.getByTestId('snippet-partner').fill('my-shop');
    await generator.getByTestId('snippet-from').fill('eth');
    await generator.getByTestId('snippet-to').fill('btc');
    await generator.getByTestId('snippet-theme').selectOption('dark');
    await generator.getByTestId('snippet-accent').fill('#FF6600');
    await generator.getByTestId('snippet-rate-fixed').check();
    await expect(generator.getByTestId('snippet-component')).toHaveText(
      `<script src="${baseURL}/embed/v1/swap-widget.js" async></script>
<swap-widget lang="de" partner="my-shop" from="eth" to="btc" amount="0.1" rate-type="fixed" theme="dark" accent="#ff6600" radius="16"></swap-widget>`,
    );
    await expect(generator.getByTestId('snippet-iframe')).toContainText(
      `src="${baseURL}/de/v2/widget?affiliate=my-shop&amp;from=eth&amp;to=btc&amp;amount=0.1&amp;rateType=fixed&amp;theme=dark&amp;accent=%23ff6600&amp;radius=16"`,
    );
    // A wrong colour is said so and left out of the code.
    await generator.getByTestId('snippet-accent').fill('orange');
    await expect(generator.getByTestId('snippet-accent')).toHaveAttribute('aria-invalid', 'true');
    await expect(generator.getByTestId('snippet-component')).not.toContainText('accent=');
    await generator.getByTestId('snippet-accent').fill('#ff6600');

    // (A partner id the site does not know: the preview shows our own texts.)
    // The preview loads only when asked.
    await expect(generator.locator('iframe')).toHaveCount(0);
    await generator.getByTestId('snippet-preview-load').click();
    const preview = page.frameLocator('[data-testid="snippet-preview"]');
    await expect(preview.getByTestId('widget')).toHaveAttribute('data-mode', 'dark');
    await expect(preview.getByTestId('exchange-submit')).toHaveCSS('background-color', 'rgb(255, 102, 0)');
    await expect(preview.getByTestId('picker-from')).toHaveAttribute('data-coin', 'eth');
    await expect(preview.getByTestId('widget-title')).toHaveText(translate('de', 'widget.title'));
  });

  test("the dark theme and a partner's stored colours render", async ({ page, request }) => {
    const saved = await request.put('/apiglobal/partners/demo-partner/widget-theme', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      data: {
        brandName: 'Demo Exchange',
        colors: { accent: '#ff6600', surface: '#fff7ed' },
        radius: 4,
        texts: { de: { title: 'Tauschen bei Demo' } },
      },
    });
    expect(saved.status()).toBe(200);

    await page.goto('/de/v2/widget?affiliate=demo-partner');
    const submit = page.getByTestId('exchange-submit');
    await expect(submit).toHaveCSS('background-color', 'rgb(255, 102, 0)');
    await expect(page.getByTestId('exchange-form')).toHaveCSS('background-color', 'rgb(255, 247, 237)');
    await expect(page.getByTestId('exchange-form')).toHaveCSS('border-top-left-radius', '4px');
    await expect(page.getByTestId('widget-title')).toHaveText('Tauschen bei Demo');
    await expect(page.getByTestId('widget-brand')).toHaveText('Demo Exchange');

    await page.goto('/v2/widget?theme=dark');
    await expect(page.getByTestId('widget')).toHaveCSS('background-color', 'rgb(14, 20, 32)');
    await expect(page.getByTestId('widget')).toHaveCSS('color', 'rgb(226, 232, 240)');
    await expect(page.getByTestId('exchange-form')).toHaveCSS('background-color', 'rgb(27, 36, 52)');
    // Our default accent stays without a partner.
    await expect(page.getByTestId('exchange-submit')).toHaveCSS('background-color', 'rgb(31, 90, 214)');

    // `auto` follows the visitor's system.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/v2/widget?theme=auto');
    await expect(page.getByTestId('widget')).toHaveCSS('background-color', 'rgb(14, 20, 32)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.getByTestId('widget')).toHaveCSS('background-color', 'rgb(245, 247, 251)');

    await request.delete('/apiglobal/partners/demo-partner/widget-theme', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
  });

  for (const width of [320, 480] as const) {
    test(`fits a ${width} px frame from the form to the deposit`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const fits = async () => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      };
      await page.goto('/de/v2/widget?amount=0.1');
      await waitForHydration(page);
      const form = page.getByTestId('exchange-form');
      await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
      await fits();
      await form.getByTestId('exchange-submit').click();
      const step = page.getByTestId('swap-create');
      await expect(step.getByTestId('swap-summary')).toHaveAttribute('data-state', 'ready');
      await step.getByTestId('payout-address').fill(ETH_ADDRESS);
      await step.getByTestId('terms').check();
      await fits();
      await step.getByTestId('create-swap').click();
      await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
      await expect(page).toHaveURL(/\/de\/v2\/widget\?swap=[0-9a-z]+$/);
      await fits();
    });
  }
});
