import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BTC,
  describeAdapterContract,
  ETH,
  ETH_ADDRESS,
  expectProviderError,
  signal,
} from '../../tests/fakes/adapter-contract.ts';
import { fileCatalogue } from '../../tests/fakes/catalogue.ts';
import { type ChangellyFake, startChangellyFake } from '../../tests/fakes/changelly-fake.ts';
import { CHANGELLY_STATUSES, ChangellyProvider, matchChangellyTicker } from './changelly.ts';

const provider = (fake: ChangellyFake, privateKey = fake.privateKeyPem) =>
  new ChangellyProvider({ privateKey, baseUrl: fake.url }, { catalogue: fileCatalogue });

describeAdapterContract<ChangellyFake>({
  name: 'Changelly',
  start: () => startChangellyFake(),
  provider: (fake) => provider(fake),
  statuses: CHANGELLY_STATUSES,
  tooLarge: '50',
  fixed: true,
  addressesOf(fake) {
    const create = fake.requests.find((r) => (r.body as { method?: string })?.method?.startsWith('create'));
    const params = (create?.body as { params: Record<string, unknown> } | undefined)?.params ?? {};
    return { payout: params.address, payoutMemo: params.extraId, refund: params.refundAddress };
  },
});

describe('Changelly specifics', () => {
  let fake: ChangellyFake;
  beforeAll(async () => {
    fake = await startChangellyFake();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('documents every status of docs.changelly.com "Transaction statuses"', () => {
    expect(Object.keys(CHANGELLY_STATUSES).sort()).toEqual(
      [
        'new',
        'waiting',
        'confirming',
        'exchanging',
        'sending',
        'finished',
        'failed',
        'refunded',
        'hold',
        'overdue',
        'expired',
      ].sort(),
    );
  });

  it('signs every body: a key Changelly does not know gets no quote', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await expectProviderError(
      provider(fake, stranger).quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' }, signal()),
      'upstream_error',
    );
  });

  it('takes the ticker of the right chain by contract, and the payout less the network fee', async () => {
    const adapter = provider(fake);
    fake.requests.length = 0;
    const quote = await adapter.quote(
      { from: BTC, to: { coin: 'usdt', network: 'tron' }, amountFrom: '0.1', rateType: 'float' },
      signal(),
    );
    const estimate = fake.requests.find((r) => (r.body as { method: string }).method === 'getExchangeAmount');
    expect((estimate?.body as { params: unknown } | undefined)?.params).toEqual([
      { from: 'btc', to: 'usdtrx', amountFrom: '0.1' },
    ]);
    // 6000 USD less 0.6% = 5964, less the 1.5 USD network fee.
    expect(quote.amountTo).toBe('5962.5');
    expect(quote.networkFee).toBe('1.5');
    // USDC on Ethereum is not listed; the BSC token of that symbol must not stand in for it.
    await expectProviderError(
      adapter.quote(
        { from: BTC, to: { coin: 'usdc', network: 'ethereum' }, amountFrom: '0.1', rateType: 'float' },
        signal(),
      ),
      'pair_unavailable',
    );
    // The currency list is read once, not per quote.
    expect(
      fake.requests.filter((r) => (r.body as { method: string }).method === 'getCurrenciesFull'),
    ).toHaveLength(1);
  });

  it('asks for a refund address before a fixed-rate swap, as createFixTransaction requires one', async () => {
    const adapter = provider(fake);
    const quote = await adapter.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' }, signal());
    await expectProviderError(
      adapter.createSwap(
        {
          reference: 'r',
          from: BTC,
          to: ETH,
          amountFrom: '0.1',
          rateType: 'fixed',
          providerRateId: quote.providerRateId ?? '',
          payoutAddress: ETH_ADDRESS,
        },
        signal(),
      ),
      'invalid_address',
    );
  });

  it('never matches a token to a ticker of another blockchain', () => {
    const list = [
      { ticker: 'usdcbsc', blockchain: 'binance_smart_chain', contractAddress: '0xabc' },
      { ticker: 'usdc', blockchain: 'ethereum', contractAddress: '0xdef' },
    ];
    expect(matchChangellyTicker(list, { coin: 'usdc', contract: '0xABC' }, 'ethereum')).toBeNull();
    expect(matchChangellyTicker(list, { coin: 'usdc', contract: '0xDEF' }, 'ethereum')).toBe('usdc');
  });
});
