import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeCoinGecko, startFakeCoinGecko } from '../../tests/fakes/coingecko-fake.ts';
import { Big } from '../exchange/decimal.ts';
import {
  COINGECKO_MAX_IDS,
  CoinGeckoFeed,
  coinGeckoIds,
  createPriceFeed,
  DRIFT_AMPLITUDE,
  loadSnapshot,
  PriceFeedError,
  SnapshotFeed,
  STABLE_DRIFT_AMPLITUDE,
} from './feeds.ts';

const catalogue = JSON.parse(
  readFileSync(new URL('../../content/catalogue/coins.json', import.meta.url), 'utf8'),
) as { code: string }[];
const never = new AbortController().signal;
const START = Date.UTC(2025, 11, 1);

describe('bundled snapshot', () => {
  const snapshot = loadSnapshot();

  it('has exactly one entry per catalogue coin', () => {
    const codes = snapshot.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(catalogue.map((coin) => coin.code).sort());
  });

  it('has positive prices and distinct CoinGecko ids', () => {
    for (const entry of snapshot) expect(new Big(entry.usd).gt(0), entry.code).toBe(true);
    const ids = snapshot.map((entry) => entry.coingeckoId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(coinGeckoIds().get('btc')).toBe('bitcoin');
    for (const stable of ['usdt', 'usdc', 'dai']) {
      expect(snapshot.find((entry) => entry.code === stable)?.usd).toBe('1');
    }
  });
});

describe('SnapshotFeed', () => {
  const snapshot = loadSnapshot();
  const base = new Map(snapshot.map((entry) => [entry.code, new Big(entry.usd)]));
  const feed = new SnapshotFeed();

  it('gives the same price for the same coin and time, also across instances', async () => {
    const at = new Date(START + 12_345_678);
    const codes = snapshot.map((entry) => entry.code);
    const first = await feed.fetchPrices(codes, at, never);
    const second = await new SnapshotFeed().fetchPrices(codes, new Date(at), never);
    expect(first.size).toBe(codes.length);
    expect(second).toEqual(first);
    const later = await feed.fetchPrices(['btc'], new Date(at.getTime() + 3_600_000), never);
    expect(later.get('btc')).not.toBe(first.get('btc'));
  });

  it('skips coins it does not know', async () => {
    const prices = await feed.fetchPrices(['btc', 'nope'], new Date(START), never);
    expect([...prices.keys()]).toEqual(['btc']);
  });

  it('stays within ±4% (±0.2% for stablecoins) over a year', () => {
    const tolerance = 1e-6;
    for (const entry of snapshot) {
      const stable = entry.usd === '1' || entry.code === 'eurc';
      const limit = (stable ? STABLE_DRIFT_AMPLITUDE : DRIFT_AMPLITUDE) + tolerance;
      // Plain numbers here: exact decimals are not needed to check a ±4% band, and Big is slow.
      const center = base.get(entry.code)!.toNumber();
      let low = 0;
      let high = 0;
      const malformed: string[] = [];
      for (let i = 0; i < 1_500; i++) {
        // Irregular steps so the samples do not alias with the sine periods.
        const at = new Date(START + i * 21_023_017 + ((i * 7_919) % 3_600_000));
        const price = feed.priceAt(entry.code, at)!;
        if (!/^\d+(\.\d{1,18})?$/.test(price)) malformed.push(price);
        const relative = Number(price) / center - 1;
        low = Math.min(low, relative);
        high = Math.max(high, relative);
      }
      expect(malformed, entry.code).toEqual([]);
      expect(Math.max(-low, high), entry.code).toBeLessThanOrEqual(limit);
      // The prices really move, in both directions.
      expect(low, entry.code).toBeLessThan(stable ? -0.0005 : -0.01);
      expect(high, entry.code).toBeGreaterThan(stable ? 0.0005 : 0.01);
    }
  });

  it('moves smoothly: a minute changes a price by far less than the range', () => {
    for (let i = 0; i < 500; i++) {
      const at = START + i * 7_654_321;
      const before = new Big(feed.priceAt('eth', new Date(at))!);
      const after = new Big(feed.priceAt('eth', new Date(at + 60_000))!);
      expect(after.div(before).minus(1).abs().toNumber()).toBeLessThan(0.001);
    }
  });

  it('moves wrapped coins with their underlying', () => {
    for (let i = 0; i < 50; i++) {
      const at = new Date(START + i * 9_876_543);
      const ratio = new Big(feed.priceAt('wbtc', at)!).div(feed.priceAt('btc', at)!);
      const baseRatio = base.get('wbtc')!.div(base.get('btc')!);
      expect(ratio.div(baseRatio).minus(1).abs().toNumber()).toBeLessThan(1e-6);
    }
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(feed.fetchPrices(['btc'], new Date(START), controller.signal)).rejects.toThrow();
  });
});

describe('CoinGeckoFeed against the fake API', () => {
  let fake: FakeCoinGecko | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  const ids = new Map([
    ['btc', 'bitcoin'],
    ['eth', 'ethereum'],
    ['shib', 'shiba-inu'],
    ['ghost', 'ghost-coin'],
  ]);

  it('maps ids back to coin codes and keeps decimals exact', async () => {
    fake = await startFakeCoinGecko({ bitcoin: 97000.12, ethereum: 3105, 'shiba-inu': 8.43e-6 });
    const feed = new CoinGeckoFeed({ baseUrl: fake.url, timeoutMs: 2_000, ids });
    const prices = await feed.fetchPrices(['btc', 'eth', 'shib'], new Date(), never);
    expect(Object.fromEntries(prices)).toEqual({ btc: '97000.12', eth: '3105', shib: '0.00000843' });
    expect(fake.requests).toEqual(['/api/v3/simple/price?ids=bitcoin,ethereum,shiba-inu&vs_currencies=usd']);
  });

  it('skips coins missing from the answer and coins without an id', async () => {
    fake = await startFakeCoinGecko({ bitcoin: 97000 });
    const feed = new CoinGeckoFeed({ baseUrl: `${fake.url}/`, timeoutMs: 2_000, ids });
    const prices = await feed.fetchPrices(['btc', 'ghost', 'unmapped'], new Date(), never);
    expect(Object.fromEntries(prices)).toEqual({ btc: '97000' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toContain('ids=bitcoin,ghost-coin&');
  });

  it('asks nothing when no coin has an id', async () => {
    fake = await startFakeCoinGecko({});
    const feed = new CoinGeckoFeed({ baseUrl: fake.url, timeoutMs: 2_000, ids });
    expect((await feed.fetchPrices(['unmapped'], new Date(), never)).size).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('batches at most 250 ids per request', async () => {
    const many = new Map<string, string>();
    const prices: Record<string, number> = {};
    for (let i = 0; i < 600; i++) {
      many.set(`c${i}`, `coin-${i}`);
      prices[`coin-${i}`] = i + 1;
    }
    fake = await startFakeCoinGecko(prices);
    const feed = new CoinGeckoFeed({ baseUrl: fake.url, timeoutMs: 2_000, ids: many });
    const result = await feed.fetchPrices([...many.keys()], new Date(), never);
    expect(result.size).toBe(600);
    expect(result.get('c599')).toBe('600');
    const sizes = fake.requests.map(
      (path) => new URL(path, 'http://x').searchParams.get('ids')?.split(',').length ?? 0,
    );
    expect(sizes).toEqual([COINGECKO_MAX_IDS, COINGECKO_MAX_IDS, 100]);
  });

  it('sends the API key in the configured header', async () => {
    fake = await startFakeCoinGecko({ bitcoin: 97000 }, { apiKey: 'secret', keyHeader: 'x-cg-pro-api-key' });
    const withKey = new CoinGeckoFeed({
      baseUrl: fake.url,
      apiKey: 'secret',
      keyHeader: 'x-cg-pro-api-key',
      timeoutMs: 2_000,
      ids,
    });
    expect((await withKey.fetchPrices(['btc'], new Date(), never)).get('btc')).toBe('97000');

    // The demo header is the default for a non-pro host, so the pro-only fake refuses it.
    const demoHeader = new CoinGeckoFeed({ baseUrl: fake.url, apiKey: 'secret', timeoutMs: 2_000, ids });
    await expect(demoHeader.fetchPrices(['btc'], new Date(), never)).rejects.toThrow(/HTTP 401/);
    const noKey = new CoinGeckoFeed({ baseUrl: fake.url, timeoutMs: 2_000, ids });
    await expect(noKey.fetchPrices(['btc'], new Date(), never)).rejects.toThrow(PriceFeedError);
  });

  it('throws a clear error on HTTP 500', async () => {
    fake = await startFakeCoinGecko({ bitcoin: 97000 }, { mode: 'error' });
    const feed = new CoinGeckoFeed({ baseUrl: fake.url, timeoutMs: 2_000, ids });
    await expect(feed.fetchPrices(['btc'], new Date(), never)).rejects.toThrow(
      /CoinGecko \/simple\/price answered HTTP 500/,
    );
    fake.setMode('error', 429);
    await expect(feed.fetchPrices(['btc'], new Date(), never)).rejects.toThrow(/HTTP 429/);
    fake.setMode('ok');
    expect((await feed.fetchPrices(['btc'], new Date(), never)).get('btc')).toBe('97000');
  });

  it('times out on a hanging server', async () => {
    fake = await startFakeCoinGecko({ bitcoin: 97000 }, { mode: 'hang' });
    const feed = new CoinGeckoFeed({ baseUrl: fake.url, timeoutMs: 150, ids });
    // The fake never answers: the call ends only by the feed's own timeout, which its error names.
    await expect(feed.fetchPrices(['btc'], new Date(), never)).rejects.toThrow(
      /CoinGecko \/simple\/price timed out after 150 ms/,
    );
  });

  it('stops when the caller aborts, without calling it a timeout', async () => {
    fake = await startFakeCoinGecko({ bitcoin: 97000 }, { mode: 'hang' });
    const feed = new CoinGeckoFeed({ baseUrl: fake.url, timeoutMs: 5_000, ids });
    const controller = new AbortController();
    const pending = feed.fetchPrices(['btc'], new Date(), controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow(/abort/i);
  });

  it('rejects a body of the wrong shape and an unreachable server', async () => {
    fake = await startFakeCoinGecko({});
    // A path the fake does not serve answers 404 JSON.
    const wrongPath = new CoinGeckoFeed({ baseUrl: `${fake.url}/nope`, timeoutMs: 2_000, ids });
    await expect(wrongPath.fetchPrices(['btc'], new Date(), never)).rejects.toThrow(/HTTP 404/);
    const url = fake.url;
    await fake.close();
    fake = undefined;
    const down = new CoinGeckoFeed({ baseUrl: url, timeoutMs: 2_000, ids });
    await expect(down.fetchPrices(['btc'], new Date(), never)).rejects.toThrow(
      /CoinGecko \/simple\/price failed/,
    );
  });

  it('validates the answer with zod', async () => {
    fake = await startFakeCoinGecko({ bitcoin: -1 });
    const feed = new CoinGeckoFeed({ baseUrl: fake.url, timeoutMs: 2_000, ids });
    await expect(feed.fetchPrices(['btc'], new Date(), never)).rejects.toThrow(/unexpected body/);
  });
});

describe('createPriceFeed', () => {
  it('builds the snapshot feed or a CoinGecko feed with the snapshot ids', () => {
    expect(createPriceFeed({ kind: 'snapshot' })).toBeInstanceOf(SnapshotFeed);
    const feed = createPriceFeed({ kind: 'coingecko', coingeckoApiUrl: 'http://127.0.0.1:1/api/v3' });
    expect(feed).toBeInstanceOf(CoinGeckoFeed);
    expect(feed.name).toBe('coingecko');
    expect(feed.historical).toBeFalsy();
  });
});
