import { describe, expect, it } from 'vitest';
import {
  type CoinListState,
  expandedCoin,
  LOADING,
  listedSideCoin,
  listOnOpen,
  shownCoins,
} from './coin-picker-state.ts';
import { searchCoins } from './coins.ts';
import type { Coin, CoinNetwork } from './types.ts';

function network(code: string): CoinNetwork {
  return {
    network: code,
    name: code.toUpperCase(),
    memo: null,
    referenceMin: '0.001',
    referenceMax: '100',
    decimals: 8,
    contract: null,
  } as CoinNetwork;
}

function coin(code: string, networks: string[]): Coin {
  return { code, name: `${code} coin`, icon: '', networks: networks.map(network) } as Coin;
}

const BTC = coin('btc', ['bitcoin']);
const USDT = coin('usdt', ['ethereum', 'tron', 'bsc']);
const READY: CoinListState = { status: 'ready', coins: [BTC, USDT] };

describe('listOnOpen', () => {
  it('asks again for a list that failed, keeps one loaded or loading', () => {
    expect(listOnOpen({ status: 'error', message: 'down' })).toBe(LOADING);
    expect(listOnOpen(READY)).toBe(READY);
    expect(listOnOpen(LOADING)).toBe(LOADING);
  });
});

describe('shownCoins', () => {
  it('searches the loaded list, and shows none before', () => {
    expect(shownCoins(READY, 'usd', searchCoins)).toEqual([USDT]);
    expect(shownCoins(READY, '', searchCoins)).toEqual([BTC, USDT]);
    expect(shownCoins(LOADING, '', searchCoins)).toEqual([]);
    expect(shownCoins({ status: 'error', message: '' }, '', searchCoins)).toEqual([]);
  });
});

describe('listedSideCoin', () => {
  const pageUsdt = coin('usdt', ['tron']);
  it('is the side’s coin as listed, with all its networks', () => {
    expect(listedSideCoin(READY, { coin: pageUsdt, network: 'tron' })).toBe(USDT);
  });
  it('is the page’s coin before the list loads or when the list lacks it', () => {
    expect(listedSideCoin(LOADING, { coin: pageUsdt, network: 'tron' })).toBe(pageUsdt);
    const xmr = coin('xmr', ['monero']);
    expect(listedSideCoin(READY, { coin: xmr, network: 'monero' })).toBe(xmr);
    expect(listedSideCoin(READY, null)).toBeUndefined();
  });
});

describe('expandedCoin', () => {
  it('opens the side’s coin on several networks until the visitor chooses', () => {
    expect(expandedCoin(undefined, USDT)).toBe('usdt');
    expect(expandedCoin(undefined, BTC)).toBeNull();
    expect(expandedCoin(undefined, undefined)).toBeNull();
  });
  it('then shows the coin the visitor opened, or none once closed', () => {
    expect(expandedCoin('btc', USDT)).toBe('btc');
    expect(expandedCoin(null, USDT)).toBeNull();
  });
});
