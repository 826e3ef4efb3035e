import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossChainPairs, crossChainTokens } from '../core/crosschain/tokens.ts';
import { DEX_NETWORKS } from '../core/dex/networks.ts';
import { LANGUAGES } from '../core/i18n/languages.ts';
import { localizePath } from '../core/routing/paths.ts';
import { seedDemoData } from '../core/seed.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { createTestApp, loadServerBuild } from './testing.ts';

const build = await loadServerBuild();

/** /dex and the cross-chain token pages as a visitor gets them, without any DEX configuration. */
describe('DEX and cross-chain pages', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  const get = async (path: string) => {
    const response = await app.request(path);
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    };
  };

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedDemoData(handle.db);
    app = createTestApp(build, handle).app;
  });
  afterAll(() => handle.close());

  it('/dex renders the pickers and says that no network is set up in the default mode', async () => {
    const page = await get('/dex');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>DEX swap | SwapGate</title>');
    expect(page.html).toContain('Swap tokens with your own wallet');
    expect(page.html).toContain('data-testid="dex-unavailable"');
    expect(page.html).toContain('No network is set up on this site yet.');
    // The Uniswap default list's tokens, with our icons.
    expect(page.html).toContain('USDC · USDCoin');
    const de = await get('/de/dex?network=polygon');
    expect(de.html).toContain('Swaps auf Polygon sind auf dieser Website noch nicht verfügbar');
  });

  it('/cross-chain/tokens lists the tokens on several networks, 50 a page', async () => {
    const all = crossChainTokens();
    const first = await get('/cross-chain/tokens');
    expect(first.status).toBe(200);
    expect(first.html.match(/data-testid="cross-chain-token"/g)).toHaveLength(50);
    expect(first.html).toContain(all[0]?.networks[0]?.address);
    const pages = Math.ceil(all.length / 50);
    const last = await get(`/cross-chain/tokens/page-${pages}`);
    expect(last.status).toBe(200);
    expect(last.html.match(/data-testid="cross-chain-token"/g)).toHaveLength(all.length - (pages - 1) * 50);
    expect((await get('/cross-chain/tokens/page-1')).location).toBe('/cross-chain/tokens');
    expect((await get(`/cross-chain/tokens/page-${pages + 1}`)).status).toBe(404);
    const de = await get('/de/cross-chain/tokens/page-2');
    expect(de.html).toContain('Netzwerken:');
  });

  it('/cross-chain lists each token from one network to another, and says where no bridge is set up', async () => {
    const all = crossChainPairs();
    const first = await get('/cross-chain');
    expect(first.status).toBe(200);
    expect(first.html.match(/data-testid="cross-chain-pair"/g)).toHaveLength(50);
    expect(first.html).toContain('No bridge is set up on this site for this route yet.');
    const pages = Math.ceil(all.length / 50);
    expect((await get(`/cross-chain/page-${pages}`)).status).toBe(200);
    expect((await get(`/cross-chain/page-${pages + 1}`)).status).toBe(404);
    expect((await get('/cross-chain/page-1')).location).toBe('/cross-chain');
    expect((await get('/ja/cross-chain')).html).toContain('このルートのブリッジはまだ設定されていません');
  });

  it('/cross-chain/{token}-{network}-to-{token}-{network}: the pair page, 404 for an unknown token', async () => {
    const pair = await get('/cross-chain/usdc-ethereum-to-usdc-optimism');
    expect(pair.status).toBe(200);
    expect(pair.html).toContain(
      '<title>Cross-chain swap USDC (Ethereum) to USDC (OP Mainnet) | SwapGate</title>',
    );
    expect(pair.html).toContain('data-testid="xchain-amount"');
    // Nothing bridges in the default mode: the page says so.
    expect(pair.html).toContain('data-testid="xchain-no-bridge"');
    expect((await get('/cross-chain')).html).toMatch(
      /href="\/cross-chain\/[a-z0-9]+-ethereum-to-[a-z0-9]+-[a-z]+"/,
    );
    const de = await get('/de/cross-chain/usdc-ethereum-to-usdc-optimism');
    expect(de.html).toContain('Cross-Chain-Swap von USDC (Ethereum) zu USDC (OP Mainnet)');
    expect((await get('/cross-chain/nosuchtoken-ethereum-to-usdc-optimism')).status).toBe(404);
    expect((await get('/cross-chain/usdc-ethereum-to-usdc-ethereum')).status).toBe(404);
    expect((await get('/cross-chain/usdc-mars-to-usdc-optimism')).status).toBe(404);
  });

  it('/dex/networks/{network}: the network, not set up in the default mode; 404 for an unknown one', async () => {
    const page = await get('/dex/networks/polygon');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>DEX swaps on Polygon | SwapGate</title>');
    expect(page.html).toContain('data-testid="dex-network-chain-id">137<');
    expect(page.html).toContain('Swaps on Polygon are not available on this site yet');
    expect((await get('/de/dex/networks/arbitrum')).html).toContain('DEX-Swaps auf Arbitrum');
    expect((await get('/dex/networks/solana')).status).toBe(404);
  });

  it('/cross-chain/bridges says that no bridge is set up in the default mode, in the page language', async () => {
    const page = await get('/cross-chain/bridges');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Cross-chain bridges | SwapGate</title>');
    expect(page.html).toContain('data-testid="cross-chain-no-bridges"');
    expect((await get('/pl/cross-chain/bridges')).html).toContain('nie skonfigurowano jeszcze żadnego mostu');
  });
});

/**
 * The default start's sandbox chains, planned and none started: the pages list every network as a
 * sandbox and say, in each language, that the sandbox starts afresh at each restart.
 */
describe('DEX and cross-chain pages with the sandbox chains of the default start', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>['app'];
  let services: ReturnType<typeof createTestApp>['services'];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedDemoData(handle.db);
    ({ app, services } = createTestApp(build, handle, { SANDBOX_CHAINS: 'on' }));
    await services.market.refresh();
    await services.sandboxChains?.start();
  });
  afterAll(async () => {
    await services.sandboxChains?.close();
    await handle.close();
  });

  const escapeHtml = (text: string) =>
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#x27;');

  it('say on /dex and the cross-chain pages, in all 14 languages, that the sandbox resets', async () => {
    for (const lang of LANGUAGES) {
      const dictionary = JSON.parse(readFileSync(`content/locales/${lang}.json`, 'utf8')) as {
        dex: { sandboxWallet: { resets: string } };
      };
      const resets = escapeHtml(dictionary.dex.sandboxWallet.resets);
      for (const path of [
        '/dex?network=ethereum',
        '/cross-chain',
        '/cross-chain/usdc-ethereum-to-usdc-bsc',
        '/cross-chain/bridges',
      ]) {
        const response = await app.request(localizePath(lang, path));
        expect(response.status, `${lang} ${path}`).toBe(200);
        expect(await response.text(), `${lang} ${path}`).toContain(resets);
      }
    }
  });

  it('list all five networks as sandboxes while no chain has started', async () => {
    const html = await (await app.request('/cross-chain/bridges')).text();
    for (const network of DEX_NETWORKS) {
      expect(html).toContain(`${network.name} (sandbox)`);
      expect(services.sandboxChains?.running(network.sandboxChainId)).toBeUndefined();
    }
    expect(html).toContain('from Ethereum (sandbox) to OP Mainnet (sandbox)');
  });
});
