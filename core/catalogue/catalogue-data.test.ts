import { readFileSync } from 'node:fs';
import { isAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  type Coin,
  type Country,
  coinsFileSchema,
  compareDecimalStrings,
  countriesFileSchema,
  type Fiat,
  fiatFileSchema,
  fractionDigits,
  isEvmNetwork,
  NETWORK_IDS,
  type NetworkId,
} from './catalogue-files.ts';

function readCatalogueFile(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../content/catalogue/${name}`, import.meta.url), 'utf8'));
}

const coins: Coin[] = coinsFileSchema.parse(readCatalogueFile('coins.json'));
const fiats: Fiat[] = fiatFileSchema.parse(readCatalogueFile('fiat.json'));
const countries: Country[] = countriesFileSchema.parse(readCatalogueFile('countries.json'));

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) dupes.add(value);
    seen.add(value);
  }
  return [...dupes];
}

function findCoin(code: string): Coin {
  const coin = coins.find((candidate) => candidate.code === code);
  if (!coin) throw new Error(`coin '${code}' is missing`);
  return coin;
}

function networksOf(code: string): NetworkId[] {
  return findCoin(code).networks.map((network) => network.network);
}

function contractOf(code: string, network: NetworkId): string | null | undefined {
  return findCoin(code).networks.find((candidate) => candidate.network === network)?.contract;
}

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

describe('coins.json', () => {
  it('lists at least 160 coins with unique codes', () => {
    expect(coins.length).toBeGreaterThanOrEqual(160);
    expect(duplicates(coins.map((coin) => coin.code))).toEqual([]);
  });

  it('starts with the majors, ordered by importance', () => {
    expect(coins.slice(0, 11).map((coin) => coin.code)).toEqual([
      'btc',
      'eth',
      'usdt',
      'bnb',
      'sol',
      'usdc',
      'xrp',
      'doge',
      'trx',
      'ton',
      'ada',
    ]);
  });

  it('marks the main coins as popular', () => {
    const popular = coins.filter((coin) => coin.popular).map((coin) => coin.code);
    expect(new Set(popular)).toEqual(
      new Set(['btc', 'eth', 'usdt', 'bnb', 'sol', 'usdc', 'xrp', 'doge', 'ton', 'trx', 'ada', 'ltc']),
    );
  });

  it('gives every coin at least one network, each listed once', () => {
    for (const coin of coins) {
      expect(coin.networks.length, coin.code).toBeGreaterThanOrEqual(1);
      expect(duplicates(coin.networks.map((network) => network.network)), coin.code).toEqual([]);
    }
  });

  it('has min < max and amounts no finer than the on-chain decimals', () => {
    for (const coin of coins) {
      for (const network of coin.networks) {
        const where = `${coin.code} on ${network.network}`;
        expect(compareDecimalStrings(network.min, network.max), where).toBe(-1);
        expect(compareDecimalStrings(network.min, '0'), where).toBe(1);
        expect(fractionDigits(network.min), where).toBeLessThanOrEqual(network.decimals);
        expect(fractionDigits(network.max), where).toBeLessThanOrEqual(network.decimals);
      }
    }
  });

  it('uses EIP-55 checksummed 0x addresses for token contracts on EVM networks', () => {
    for (const coin of coins) {
      for (const { network, contract } of coin.networks) {
        if (contract === null || !isEvmNetwork(network)) continue;
        const where = `${coin.code} on ${network}: ${contract}`;
        expect(contract, where).toMatch(/^0x[0-9a-fA-F]{40}$/);
        expect(isAddress(contract, { strict: true }), where).toBe(true);
      }
    }
  });

  it('uses well-formed token addresses on tron, solana and ton', () => {
    for (const coin of coins) {
      for (const { network, contract } of coin.networks) {
        if (contract === null) continue;
        const where = `${coin.code} on ${network}: ${contract}`;
        if (network === 'tron') expect(contract, where).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        if (network === 'solana') {
          expect(contract, where).toMatch(BASE58);
          expect(contract.length, where).toBeGreaterThanOrEqual(32);
          expect(contract.length, where).toBeLessThanOrEqual(44);
        }
        if (network === 'ton') expect(contract, where).toMatch(/^[EU]Q[A-Za-z0-9_-]{46}$/);
      }
    }
  });

  it('has exactly one native coin per network', () => {
    for (const id of NETWORK_IDS) {
      const natives = coins.filter((coin) =>
        coin.networks.some((network) => network.network === id && network.contract === null),
      );
      expect(
        natives.map((coin) => coin.code),
        id,
      ).toHaveLength(1);
    }
  });

  it('does not list the same token contract twice on a network', () => {
    const keys = coins.flatMap((coin) =>
      coin.networks
        .filter((network) => network.contract !== null)
        .map((network) => `${network.network}:${network.contract?.toLowerCase()}`),
    );
    expect(duplicates(keys)).toEqual([]);
  });

  it('has usdt and usdc on the main networks', () => {
    expect(networksOf('usdt')).toEqual(expect.arrayContaining(['ethereum', 'tron', 'solana', 'bsc']));
    expect(networksOf('usdc')).toEqual(expect.arrayContaining(['ethereum', 'solana', 'bsc']));
    expect(contractOf('usdt', 'ethereum')).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    expect(contractOf('usdt', 'tron')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(contractOf('usdc', 'ethereum')).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
  });

  it('has the memo-chain coins on their native networks', () => {
    const memoCoins: [string, NetworkId][] = [
      ['xrp', 'xrp'],
      ['xlm', 'stellar'],
      ['eos', 'eos'],
      ['ton', 'ton'],
      ['atom', 'cosmos'],
    ];
    for (const [code, network] of memoCoins) {
      expect(contractOf(code, network), `${code} on ${network}`).toBeNull();
    }
  });
});

describe('fiat.json', () => {
  it('lists at least 60 currencies with unique codes', () => {
    expect(fiats.length).toBeGreaterThanOrEqual(60);
    expect(duplicates(fiats.map((fiat) => fiat.code))).toEqual([]);
  });

  it('has min < max and amounts no finer than the ISO 4217 minor units', () => {
    for (const fiat of fiats) {
      expect(compareDecimalStrings(fiat.min, fiat.max), fiat.code).toBe(-1);
      expect(compareDecimalStrings(fiat.min, '0'), fiat.code).toBe(1);
      expect(fractionDigits(fiat.min), fiat.code).toBeLessThanOrEqual(fiat.decimals);
      expect(fractionDigits(fiat.max), fiat.code).toBeLessThanOrEqual(fiat.decimals);
    }
  });

  it('uses the ISO 4217 minor units of well-known currencies', () => {
    const decimalsOf = (code: string) => fiats.find((fiat) => fiat.code === code)?.decimals;
    expect(decimalsOf('usd')).toBe(2);
    expect(decimalsOf('eur')).toBe(2);
    expect(decimalsOf('jpy')).toBe(0);
    expect(decimalsOf('krw')).toBe(0);
    expect(decimalsOf('kwd')).toBe(3);
    expect(decimalsOf('bhd')).toBe(3);
  });
});

describe('countries.json', () => {
  it('lists at least 170 countries with unique codes and slugs', () => {
    expect(countries.length).toBeGreaterThanOrEqual(170);
    expect(duplicates(countries.map((country) => country.code))).toEqual([]);
    expect(duplicates(countries.map((country) => country.slug))).toEqual([]);
  });

  it('uses currencies that exist in fiat.json', () => {
    const fiatCodes = new Set(fiats.map((fiat) => fiat.code));
    for (const country of countries) {
      expect(fiatCodes.has(country.currency), `${country.code}: ${country.currency}`).toBe(true);
    }
  });

  it('gives regions only to the countries where they matter, with unique codes and slugs', () => {
    const regionCounts = new Map(countries.map((country) => [country.code, country.regions.length]));
    expect(regionCounts.get('us')).toBe(51);
    expect(regionCounts.get('ca')).toBe(13);
    expect(regionCounts.get('au')).toBe(8);
    expect(regionCounts.get('de')).toBe(16);
    expect(regionCounts.get('br')).toBe(27);
    expect(regionCounts.get('in')).toBeGreaterThanOrEqual(20);

    const withRegions = new Set(['us', 'ca', 'au', 'de', 'br', 'in']);
    for (const country of countries) {
      if (!withRegions.has(country.code)) expect(country.regions, country.code).toEqual([]);
      expect(duplicates(country.regions.map((region) => region.code)), country.code).toEqual([]);
      expect(duplicates(country.regions.map((region) => region.slug)), country.code).toEqual([]);
    }
  });

  it('includes California and the District of Columbia among the US regions', () => {
    const us = countries.find((country) => country.code === 'us');
    expect(us?.regions).toEqual(
      expect.arrayContaining([
        { code: 'ca', name: 'California', slug: 'california' },
        { code: 'dc', name: 'District of Columbia', slug: 'district-of-columbia' },
      ]),
    );
  });
});
