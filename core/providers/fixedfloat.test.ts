import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BTC,
  BTC_ADDRESS,
  describeAdapterContract,
  ETH,
  ETH_ADDRESS,
  expectProviderError,
  signal,
} from '../../tests/fakes/adapter-contract.ts';
import { fileCatalogue } from '../../tests/fakes/catalogue.ts';
import { type FixedFloatFake, fakeRefund, startFixedFloatFake } from '../../tests/fakes/fixedfloat-fake.ts';
import { FIXEDFLOAT_STATUSES, FixedFloatProvider } from './fixedfloat.ts';

const provider = (fake: FixedFloatFake, secret = fake.apiSecret) =>
  new FixedFloatProvider(
    { apiKey: fake.apiKey, apiSecret: secret, baseUrl: fake.url },
    { catalogue: fileCatalogue },
  );

describeAdapterContract<FixedFloatFake>({
  name: 'FixedFloat',
  start: () => startFixedFloatFake(),
  provider: (fake) => provider(fake),
  statuses: FIXEDFLOAT_STATUSES,
  tooLarge: '50',
  fixed: true,
  refundAtCreation: false,
  addressesOf(fake) {
    const body = fake.requests.find((r) => r.path === '/api/v2/create')?.body as Record<string, unknown>;
    return { payout: body.toAddress, payoutMemo: body.tag, refund: undefined };
  },
});

describe('FixedFloat specifics', () => {
  let fake: FixedFloatFake;
  beforeAll(async () => {
    fake = await startFixedFloatFake();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('signs each body: a wrong secret gets no quote', async () => {
    await expectProviderError(
      provider(fake, 'wrong').quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' }, signal()),
      'upstream_error',
    );
  });

  it('picks the currency code by coin and network (USDT on Tron is USDTTRC)', async () => {
    fake.requests.length = 0;
    await provider(fake).quote(
      { from: BTC, to: { coin: 'usdt', network: 'tron' }, amountFrom: '0.1', rateType: 'float' },
      signal(),
    );
    const price = fake.requests.find((r) => r.path === '/api/v2/price');
    expect(price?.body).toEqual({
      type: 'float',
      fromCcy: 'BTC',
      toCcy: 'USDTTRC',
      direction: 'from',
      amount: 0.1,
    });
  });

  it('names why an order waits in EMERGENCY, takes the refund choice and reports the refund', async () => {
    const adapter = provider(fake);
    const swap = await adapter.createSwap(
      {
        reference: 'r',
        from: BTC,
        to: ETH,
        amountFrom: '0.1',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
      },
      signal(),
    );
    for (const [reason, detail] of [
      ['LESS', 'underpaid'],
      ['MORE', 'overpaid'],
      ['EXPIRED', 'overdue'],
      ['LIMIT', 'action_needed'],
    ] as const) {
      fake.setStatus(swap.providerSwapId, 'EMERGENCY', [reason]);
      expect(await adapter.getSwap(swap.providerSwapId, signal())).toMatchObject({ status: 'hold', detail });
    }
    await adapter.resolveEmergency(swap.providerSwapId, 'REFUND', { address: BTC_ADDRESS }, signal());
    expect(fake.order(swap.providerSwapId)?.backAddress).toBe(BTC_ADDRESS);
    expect(await adapter.getSwap(swap.providerSwapId, signal())).toMatchObject({
      status: 'hold',
      detail: 'refunding',
    });
    fakeRefund(fake, swap.providerSwapId);
    const refunded = await adapter.getSwap(swap.providerSwapId, signal());
    expect(refunded.status).toBe('refunded');
    expect(refunded.detail).toBeUndefined();
  });
});
