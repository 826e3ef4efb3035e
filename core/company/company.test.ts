import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { swapEvents, swaps } from '../../db/schema.ts';
import { databaseTargets } from '../../db/testing.ts';
import type { CatalogueCoin } from '../catalogue/catalogue.ts';
import { CompanyService } from './company.ts';

function coin(code: string, networks: string[]): CatalogueCoin {
  return {
    code,
    name: code.toUpperCase(),
    rank: 1,
    popular: false,
    icon: '',
    assets: networks.map((id) => ({
      coin: code,
      coinName: code,
      network: { id, name: id } as CatalogueCoin['assets'][number]['network'],
      contract: null,
      decimals: 8,
      min: '0',
      max: '1',
    })),
  };
}

const created = new Date('2026-11-01T10:00:00Z');

function swap(id: string, provider: string, from: string, to: string, status: 'finished' | 'waiting') {
  return {
    id,
    provider,
    providerSwapId: `p-${id}`,
    status,
    rateType: 'float' as const,
    fromCoin: from,
    fromNetwork: from,
    toCoin: to,
    toNetwork: to,
    amountFrom: '1',
    amountTo: '2',
    rate: '2',
    serviceFee: '0',
    affiliateFee: '0',
    networkFee: '0',
    depositAddress: 'addr',
    payoutAddress: 'addr',
    expiresAt: new Date('2026-11-01T12:00:00Z'),
    createdAt: created,
  };
}

describe.each(databaseTargets())('company figures on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  const providers = [
    { id: 'alpha', name: 'Alpha', supportsFixed: true, profile: { spreadBps: 30 } },
    { id: 'bravo', name: 'Bravo' },
  ];

  it('counts coins, networks and pairs, and reuses them for a while', async () => {
    const list = [coin('btc', ['btc']), coin('eth', ['eth']), coin('usdt', ['eth', 'trx'])];
    let now = 0;
    const company = new CompanyService({
      db: handle.db,
      catalogue: { coins: async () => list },
      providers,
      now: () => now,
    });
    expect(await company.figures()).toEqual({
      coins: 3,
      networks: 3,
      pairs: 6,
    });
    list.push(coin('ltc', ['ltc']));
    expect((await company.figures()).coins).toBe(3);
    now = 60_000;
    expect(await company.figures()).toMatchObject({ coins: 4, networks: 4, pairs: 12 });
  });

  it("computes each provider's pairs served and mean completion time from its own swaps", async () => {
    const company = new CompanyService({
      db: handle.db,
      catalogue: { coins: async () => [] },
      providers,
    });
    expect(await company.providerStats()).toEqual([
      {
        id: 'alpha',
        name: 'Alpha',
        spreadBps: 30,
        fixedRate: true,
        pairsServed: 0,
        swaps: 0,
        finished: 0,
        averageCompletionSeconds: null,
        coins: null,
      },
      {
        id: 'bravo',
        name: 'Bravo',
        spreadBps: null,
        fixedRate: false,
        pairsServed: 0,
        swaps: 0,
        finished: 0,
        averageCompletionSeconds: null,
        coins: null,
      },
    ]);

    await handle.db
      .insert(swaps)
      .values([
        swap('s1', 'alpha', 'btc', 'eth', 'finished'),
        swap('s2', 'alpha', 'btc', 'eth', 'finished'),
        swap('s3', 'alpha', 'eth', 'btc', 'waiting'),
        swap('s4', 'bravo', 'ltc', 'btc', 'waiting'),
        swap('s5', 'other', 'ltc', 'btc', 'finished'),
      ]);
    await handle.db.insert(swapEvents).values([
      { swapId: 's1', status: 'finished', at: new Date(created.getTime() + 10 * 60_000) },
      { swapId: 's2', status: 'finished', at: new Date(created.getTime() + 20 * 60_000) },
      { swapId: 's5', status: 'finished', at: new Date(created.getTime() + 90 * 60_000) },
    ]);
    const fresh = new CompanyService({ db: handle.db, catalogue: { coins: async () => [] }, providers });
    const [alpha, bravo] = await fresh.providerStats();
    expect(alpha).toMatchObject({ pairsServed: 2, swaps: 3, finished: 2, averageCompletionSeconds: 900 });
    expect(bravo).toMatchObject({ pairsServed: 1, swaps: 1, finished: 0, averageCompletionSeconds: null });
  });

  it('counts the coins and networks each provider and each fiat, DEX or bridge source serves of the catalogue', async () => {
    const list = [coin('btc', ['btc']), coin('eth', ['eth', 'arbitrum']), coin('usdt', ['eth', 'trx'])];
    const company = new CompanyService({
      db: handle.db,
      catalogue: { coins: async () => list },
      providers,
      // alpha serves every Ethereum asset; bravo is unknown to the coverage (no figure).
      coverage: (id) => (id === 'alpha' ? (asset) => asset.network === 'eth' : undefined),
      sources: [
        { id: 'ramp', name: 'Ramp', kind: 'fiat', serves: (asset) => asset.coin !== 'usdt' },
        {
          id: 'dex',
          name: 'Dex',
          kind: 'dex',
          serves: (asset) => ['eth', 'arbitrum'].includes(asset.network),
        },
        { id: 'none', name: 'None', kind: 'bridge', serves: () => false },
      ],
    });
    const [alpha, bravo] = await company.providerStats();
    expect(alpha?.coins).toBe(2);
    expect(bravo?.coins).toBeNull();
    expect(await company.sourceStats()).toEqual([
      { id: 'ramp', name: 'Ramp', kind: 'fiat', coins: 2, networks: 3 },
      { id: 'dex', name: 'Dex', kind: 'dex', coins: 2, networks: 2 },
      { id: 'none', name: 'None', kind: 'bridge', coins: 0, networks: 0 },
    ]);
    const bare = new CompanyService({ db: handle.db, catalogue: { coins: async () => list }, providers });
    expect(await bare.sourceStats()).toEqual([]);
  });
});
