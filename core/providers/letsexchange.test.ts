import { describe, expect, it } from 'vitest';
import { BTC, describeAdapterContract, ETH, signal } from '../../tests/fakes/adapter-contract.ts';
import { fileCatalogue } from '../../tests/fakes/catalogue.ts';
import { type LetsExchangeFake, startLetsExchangeFake } from '../../tests/fakes/letsexchange-fake.ts';
import { LETSEXCHANGE_STATUSES, LetsExchangeProvider } from './letsexchange.ts';

const provider = (fake: LetsExchangeFake) =>
  new LetsExchangeProvider(
    { apiKey: fake.apiKey, affiliateId: fake.affiliateId, baseUrl: fake.url },
    { catalogue: fileCatalogue },
  );

describeAdapterContract<LetsExchangeFake>({
  name: 'LetsExchange',
  start: () => startLetsExchangeFake(),
  provider,
  statuses: LETSEXCHANGE_STATUSES,
  tooLarge: '50',
  fixed: true,
  addressesOf(fake) {
    const body = fake.requests.find((r) => r.path === '/api/v1/transaction')?.body as Record<string, unknown>;
    return { payout: body.withdrawal, payoutMemo: body.withdrawal_extra_id, refund: body.return };
  },
});

describe('LetsExchange specifics', () => {
  it('sends the token, the affiliate id and network codes, and a fixed swap names its rate id', async () => {
    const fake = await startLetsExchangeFake({ apiKey: 't1', affiliateId: 'a1' });
    try {
      const adapter = provider(fake);
      const quote = await adapter.quote(
        { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' },
        signal(),
      );
      expect(fake.requests[0]?.headers.authorization).toBe('Bearer t1');
      expect(fake.requests[0]?.body).toMatchObject({
        from: 'BTC',
        to: 'ETH',
        network_from: 'BTC',
        network_to: 'ERC20',
        amount: '0.1',
        float: false,
        affiliate_id: 'a1',
      });
      expect(quote.networkFee).toBe('0.00033333');
      expect(quote.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 500_000);
    } finally {
      await fake.close();
    }
  });
});
