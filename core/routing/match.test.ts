import { describe, expect, it } from 'vitest';
import { COMPILED_PAGES, matchPage } from './match.ts';
import { PAGES } from './pages.ts';

describe('matchPage', () => {
  it('tells pagination from an item on the same router path', () => {
    expect(matchPage('/coin/page-3')).toMatchObject({
      status: 'ok',
      page: { name: 'coins-page' },
      params: { page: '3' },
    });
    expect(matchPage('/coin/btc')).toMatchObject({
      status: 'ok',
      page: { name: 'coin' },
      params: { coin: 'btc' },
    });
    expect(matchPage('/cross-chain/tokens')).toMatchObject({
      status: 'ok',
      page: { name: 'cross-chain-tokens' },
    });
  });

  it('splits pair segments', () => {
    expect(matchPage('/exchange/btc-to-eth')).toMatchObject({ params: { from: 'btc', to: 'eth' } });
    expect(matchPage('/compare/sol-vs-ada')).toMatchObject({ params: { from: 'sol', to: 'ada' } });
    expect(matchPage('/buy-coin/usd-btc')).toMatchObject({ params: { from: 'usd', to: 'btc' } });
    expect(matchPage('/cross-chain/usdc-ethereum-to-dai-optimism')).toMatchObject({
      page: { name: 'cross-chain-pair' },
      params: { fromToken: 'usdc-ethereum', toToken: 'dai-optimism' },
    });
    expect(matchPage('/cross-chain/usdc-nowhere-to-dai-optimism')).toMatchObject({ status: 'invalid' });
    expect(matchPage('/buy/btc/united-states/new-york')).toMatchObject({
      page: { name: 'buy-coin-region' },
      params: { coin: 'btc', country: 'united-states', region: 'new-york' },
    });
  });

  it('reports a failed parameter check separately from no match', () => {
    expect(matchPage('/coin/page-0')).toMatchObject({ status: 'invalid', page: { name: 'coins-page' } });
    expect(matchPage('/exchange-pairs/page-x')).toMatchObject({ status: 'invalid' });
    expect(matchPage('/exchange/btceth')).toMatchObject({
      status: 'invalid',
      page: { name: 'exchange-pair' },
    });
    expect(matchPage('/blog/page/-1')).toMatchObject({ status: 'invalid', page: { name: 'blog-page' } });
    expect(matchPage(`/dex/tx/0/0x${'ab'.repeat(32)}`)).toMatchObject({ status: 'invalid' });
    expect(matchPage('/dex/tx/77700001/0xab')).toMatchObject({ status: 'invalid', page: { name: 'dex-tx' } });
    expect(matchPage('/nope')).toEqual({ status: 'none' });
    expect(matchPage('/faq/extra')).toEqual({ status: 'none' });
  });

  it('matches every declared page by its own pattern', () => {
    const sample: Record<string, string> = {
      page: '2',
      number: '4',
      coin: 'btc',
      from: 'btc',
      to: 'eth',
      country: 'germany',
      region: 'bavaria',
      slug: 'hello-world',
      swapId: 'abcdefghijklmnopqrstuvwxyz',
      orderId: 'abcdefghijklmnopqrstuvwxyz',
      network: 'polygon',
      fromToken: 'usdc-ethereum',
      toToken: 'usdc-optimism',
      chainId: '77700001',
      hash: `0x${'ab'.repeat(32)}`,
    };
    for (const page of PAGES) {
      const path = page.path.replace(/\{(\w+)\}/g, (_, name: string) => sample[name] as string);
      expect(matchPage(path), path).toMatchObject({ status: 'ok', page: { name: page.name } });
    }
  });

  it('gives pages that share a router path one route module', () => {
    const files = new Map<string, Set<string>>();
    for (const { routerPath, page } of COMPILED_PAGES) {
      files.set(routerPath, (files.get(routerPath) ?? new Set()).add(page.file));
    }
    for (const [path, set] of files) expect(set.size, path).toBe(1);
  });
});
