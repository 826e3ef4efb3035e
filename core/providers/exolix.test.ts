import { describe, expect, it } from 'vitest';
import {
  BTC,
  describeAdapterContract,
  ETH,
  ETH_ADDRESS,
  expectProviderError,
  signal,
} from '../../tests/fakes/adapter-contract.ts';
import { fileCatalogue } from '../../tests/fakes/catalogue.ts';
import { type ExolixFake, startExolixFake } from '../../tests/fakes/exolix-fake.ts';
import { EXOLIX_STATUSES, ExolixProvider } from './exolix.ts';

const provider = (fake: ExolixFake) =>
  new ExolixProvider({ apiKey: fake.apiKey, baseUrl: fake.url }, { catalogue: fileCatalogue });

describeAdapterContract<ExolixFake>({
  name: 'Exolix',
  start: () => startExolixFake(),
  provider,
  statuses: EXOLIX_STATUSES,
  tooLarge: '50',
  fixed: true,
  addressesOf(fake) {
    const body = fake.requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    return { payout: body.withdrawalAddress, payoutMemo: body.withdrawalExtraId, refund: body.refundAddress };
  },
});

describe('Exolix specifics', () => {
  it('sends coin and network codes and the key, and reads the limits of a 422', async () => {
    const fake = await startExolixFake({ apiKey: 'k1' });
    try {
      const adapter = provider(fake);
      const error = await expectProviderError(
        adapter.quote(
          { from: BTC, to: { coin: 'usdt', network: 'tron' }, amountFrom: '0.0001', rateType: 'float' },
          signal(),
        ),
        'amount_out_of_range',
      );
      // 10 USD at 60 000 USD a bitcoin, rounded up to 8 places.
      expect(error.limits).toEqual({ min: '0.00016667', max: '0.66666666' });
      expect(fake.requests[0]?.query).toEqual({
        coinFrom: 'BTC',
        networkFrom: 'BTC',
        coinTo: 'USDT',
        networkTo: 'TRX',
        amount: '0.0001',
        rateType: 'float',
      });
      expect(fake.requests[0]?.headers.authorization).toBe('k1');
    } finally {
      await fake.close();
    }
  });

  it('refuses a fixed swap that Exolix would create for less than quoted', async () => {
    const fake = await startExolixFake();
    try {
      const adapter = provider(fake);
      const quote = await adapter.quote(
        { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' },
        signal(),
      );
      const better = `payout:${Number(quote.amountTo) + 0.01}`;
      await expectProviderError(
        adapter.createSwap(
          {
            reference: 'r',
            from: BTC,
            to: ETH,
            amountFrom: '0.1',
            rateType: 'fixed',
            providerRateId: better,
            payoutAddress: ETH_ADDRESS,
          },
          signal(),
        ),
        'rate_expired',
      );
    } finally {
      await fake.close();
    }
  });
});
