import { describe, expect, it } from 'vitest';
import { describeAdapterContract } from '../../tests/fakes/adapter-contract.ts';
import { fileCatalogue } from '../../tests/fakes/catalogue.ts';
import { type SideShiftFake, startSideShiftFake } from '../../tests/fakes/sideshift-fake.ts';
import { SIDESHIFT_STATUSES, SideShiftProvider } from './sideshift.ts';

const provider = (fake: SideShiftFake) =>
  new SideShiftProvider(
    { secret: fake.secret, affiliateId: fake.affiliateId, baseUrl: fake.url },
    { catalogue: fileCatalogue },
  );

describeAdapterContract<SideShiftFake>({
  name: 'SideShift',
  start: () => startSideShiftFake(),
  provider,
  statuses: SIDESHIFT_STATUSES,
  tooLarge: '50',
  fixed: true,
  addressesOf(fake) {
    const create = fake.requests.find((r) => r.path.startsWith('/v2/shifts/'));
    const body = create?.body as Record<string, unknown>;
    return {
      payout: body.settleAddress,
      payoutMemo: body.settleMemo,
      refund: body.refundAddress,
      reference: body.externalId,
    };
  },
});

describe('SideShift specifics', () => {
  it('documents every status of docs.sideshift.ai "Deposit status"', () => {
    expect(Object.keys(SIDESHIFT_STATUSES).sort()).toEqual(
      [
        'waiting',
        'pending',
        'processing',
        'review',
        'settling',
        'settled',
        'refund',
        'refunding',
        'refunded',
        'expired',
        'multiple',
      ].sort(),
    );
  });

  it('sends the secret and affiliate id, and a fixed shift names only the quote', async () => {
    const fake = await startSideShiftFake({ secret: 's3cret', affiliateId: 'aff1' });
    try {
      const adapter = provider(fake);
      const quote = await adapter.quote(
        {
          from: { coin: 'btc', network: 'bitcoin' },
          to: { coin: 'usdt', network: 'tron' },
          amountFrom: '0.05',
          rateType: 'fixed',
        },
        AbortSignal.timeout(5_000),
      );
      await adapter.createSwap(
        {
          reference: 'ref1',
          from: { coin: 'btc', network: 'bitcoin' },
          to: { coin: 'usdt', network: 'tron' },
          amountFrom: '0.05',
          rateType: 'fixed',
          providerRateId: quote.providerRateId ?? '',
          payoutAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        },
        AbortSignal.timeout(5_000),
      );
      expect(fake.requests.every((r) => r.headers['x-sideshift-secret'] === 's3cret')).toBe(true);
      expect(fake.requests[0]?.path).toBe('/v2/pair/btc-bitcoin/usdt-tron');
      expect(fake.requests[0]?.query.affiliateId).toBe('aff1');
      const created = fake.requests.find((r) => r.path === '/v2/shifts/fixed')?.body as Record<
        string,
        unknown
      >;
      expect(created).toMatchObject({
        quoteId: quote.providerRateId,
        affiliateId: 'aff1',
        externalId: 'ref1',
      });
      expect(created.depositCoin).toBeUndefined();
    } finally {
      await fake.close();
    }
  });
});
