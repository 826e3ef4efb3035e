import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { type ChangellyFake, startChangellyFake } from '../../tests/fakes/changelly-fake.ts';
import { type FakeChangeNow, startFakeChangeNow } from '../../tests/fakes/changenow-fake.ts';
import { type ExolixFake, startExolixFake } from '../../tests/fakes/exolix-fake.ts';
import { type FixedFloatFake, startFixedFloatFake } from '../../tests/fakes/fixedfloat-fake.ts';
import { type LetsExchangeFake, startLetsExchangeFake } from '../../tests/fakes/letsexchange-fake.ts';
import { type SideShiftFake, startSideShiftFake } from '../../tests/fakes/sideshift-fake.ts';
import { Catalogue } from '../catalogue/catalogue.ts';
import { loadConfig } from '../config.ts';
import { QuoteService } from '../exchange/quotes.ts';
import type { PriceSource } from '../exchange/types.ts';
import { seedDemoData } from '../seed.ts';
import { ChangeNowProvider } from './changenow.ts';
import { createConfiguredProviders } from './registry.ts';
import { createSandboxProviders } from './sandbox.ts';

const prices: PriceSource = {
  async usdPrice(coin) {
    return ({ btc: '60000', eth: '3000' } as Record<string, string>)[coin] ?? null;
  },
};

describe.each(databaseTargets())('a quote across ten providers (local fakes) on $name', (target) => {
  let handle: DatabaseHandle;
  let catalogue: Catalogue;
  let sideshift: SideShiftFake;
  let changelly: ChangellyFake;
  let exolix: ExolixFake;
  let letsexchange: LetsExchangeFake;
  let fixedfloat: FixedFloatFake;
  let changenow: FakeChangeNow;

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    catalogue = new Catalogue(handle.db);
    [sideshift, changelly, exolix, letsexchange, fixedfloat, changenow] = await Promise.all([
      startSideShiftFake(),
      startChangellyFake(),
      startExolixFake(),
      startLetsExchangeFake(),
      startFixedFloatFake(),
      startFakeChangeNow({ apiKey: 'cn' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(
      [sideshift, changelly, exolix, letsexchange, fixedfloat, changenow].map((fake) => fake?.close()),
    );
    await handle.close();
  });

  it('switches on exactly the adapters whose keys are set', () => {
    const none = createConfiguredProviders(loadConfig({}), { catalogue });
    expect(none).toEqual([]);
    const some = createConfiguredProviders(
      loadConfig({
        EXOLIX_API_KEY: 'k',
        SIDESHIFT_SECRET: 's',
        SIDESHIFT_AFFILIATE_ID: 'a',
        LETSEXCHANGE_API_KEY: 'half-configured',
      }),
      { catalogue },
    );
    expect(some.map((p) => p.id)).toEqual(['sideshift', 'exolix']);
  });

  it('returns within the deadline with the rest, best first, when two providers fail or hang', async () => {
    const config = loadConfig({
      SIDESHIFT_SECRET: sideshift.secret,
      SIDESHIFT_AFFILIATE_ID: sideshift.affiliateId,
      SIDESHIFT_API_URL: sideshift.url,
      CHANGELLY_PRIVATE_KEY: changelly.privateKeyPem,
      CHANGELLY_API_URL: changelly.url,
      EXOLIX_API_KEY: exolix.apiKey,
      EXOLIX_API_URL: exolix.url,
      LETSEXCHANGE_API_KEY: letsexchange.apiKey,
      LETSEXCHANGE_AFFILIATE_ID: letsexchange.affiliateId,
      LETSEXCHANGE_API_URL: letsexchange.url,
      FIXEDFLOAT_API_KEY: fixedfloat.apiKey,
      FIXEDFLOAT_API_SECRET: fixedfloat.apiSecret,
      FIXEDFLOAT_API_URL: fixedfloat.url,
      CHANGENOW_API_KEY: 'cn',
      CHANGENOW_API_URL: changenow.url,
    });
    const providers = [
      ...createSandboxProviders({ db: handle.db, catalogue, prices }),
      ...createConfiguredProviders(config, { catalogue, resilience: { readAttempts: 1 } }),
      // A second ChangeNOW account makes ten.
      new ChangeNowProvider(
        { apiKey: 'cn', baseUrl: changenow.url, id: 'changenow-b', name: 'ChangeNOW B' },
        { catalogue },
      ),
    ];
    expect(providers).toHaveLength(10);
    // SideShift hangs far past the deadline; Exolix fails.
    sideshift.set({ latencyMs: 60_000 });
    exolix.set({ failStatus: 500 });
    const service = new QuoteService({ db: handle.db, catalogue, providers, timeoutMs: 1_500, prices });
    const started = performance.now();
    const quote = await service.quote({ from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' });
    const seconds = (performance.now() - started) / 1000;
    // Bounded by the deadline, not by the hanging provider's minute.
    expect(seconds).toBeLessThan(15);
    const offered = quote.offers.map((offer) => offer.provider);
    expect(offered).toHaveLength(8);
    expect(offered).not.toContain('sideshift');
    expect(offered).not.toContain('exolix');
    expect(offered).toEqual(
      expect.arrayContaining(['changelly', 'letsexchange', 'fixedfloat', 'changenow', 'changenow-b']),
    );
    const received = quote.offers.map((offer) => Number(offer.amountTo));
    expect(received).toEqual([...received].sort((a, b) => b - a));
    expect(quote.provider).toBe(offered[0]);
    sideshift.set({ latencyMs: 0 });
    exolix.set({ failStatus: null });
  });
});
