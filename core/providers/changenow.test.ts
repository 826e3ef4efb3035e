import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BTC,
  BTC_ADDRESS,
  ETH,
  ETH_ADDRESS,
  expectProviderError,
  signal,
} from '../../tests/fakes/adapter-contract.ts';
import { fileCatalogue } from '../../tests/fakes/catalogue.ts';
import {
  type FakeChangeNow,
  type FakeChangeNowStatus,
  startFakeChangeNow,
} from '../../tests/fakes/changenow-fake.ts';
import { NETWORKS } from '../address/networks.ts';
import { validateAddress, validateMemo } from '../address/validate.ts';
import type { SwapStatus } from '../exchange/types.ts';
import { CHANGENOW_NETWORKS, ChangeNowProvider } from './changenow.ts';

const catalogue = fileCatalogue;

describe('ChangeNowProvider against the fake ChangeNOW', () => {
  let fake: FakeChangeNow;
  let provider: ChangeNowProvider;

  beforeAll(async () => {
    fake = await startFakeChangeNow({ apiKey: 'secret' });
    provider = new ChangeNowProvider({ apiKey: 'secret', baseUrl: `${fake.url}/` }, { catalogue });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.set({ latencyMs: 0, failStatus: null, invalidJson: false });
    fake.requests.length = 0;
  });

  it('maps every network of ours to a ChangeNOW code', () => {
    expect(Object.keys(CHANGENOW_NETWORKS).sort()).toEqual(Object.keys(NETWORKS).sort());
    expect(CHANGENOW_NETWORKS).toMatchObject({
      bitcoin: 'btc',
      tron: 'trx',
      polygon: 'matic',
      optimism: 'op',
      'avalanche-c': 'avaxc',
      stellar: 'xlm',
    });
  });

  it('quotes a float rate from range and estimated-amount', async () => {
    const quote = await provider.quote(
      { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' },
      signal(),
    );
    // 0.1 BTC = 2 ETH, less 0.5% spread, less 1 USD withdrawal fee; standard flow has no max.
    expect(quote).toEqual({
      provider: 'changenow',
      rateType: 'float',
      amountFrom: '0.1',
      amountTo: '1.98966666',
      rate: '19.8966666',
      networkFee: '0.00033333',
      min: '0.00016667',
      max: '2.5',
      // The estimate's transactionSpeedForecast, "10-60" minutes.
      eta: { min: 600, max: 3600 },
    });
    expect(fake.requests.map((r) => r.path).sort()).toEqual([
      '/v2/exchange/estimated-amount',
      '/v2/exchange/range',
    ]);
    const estimate = fake.requests.find((r) => r.path.endsWith('estimated-amount'));
    expect(estimate?.headers['x-changenow-api-key']).toBe('secret');
    expect(estimate?.query).toEqual({
      fromCurrency: 'btc',
      toCurrency: 'eth',
      fromNetwork: 'btc',
      toNetwork: 'eth',
      fromAmount: '0.1',
      flow: 'standard',
      type: 'direct',
    });
  });

  it('quotes fixed rates in reverse with the reverse estimate, then a direct rate id for that amount', async () => {
    const quote = await provider.reverseQuote(
      { from: BTC, to: ETH, amountTo: '1.96966666', rateType: 'fixed' },
      signal(),
    );
    // The direct fixed quote of 0.1 BTC pays 1.96966666 ETH (see below): the reverse gives 0.1 back.
    expect(quote.amountFrom).toBe('0.1');
    expect(quote.amountTo).toBe('1.96966666');
    expect(quote.providerRateId).toMatch(/^[0-9a-f]{32}$/);
    const reverse = fake.requests.find((r) => r.query.type === 'reverse');
    expect(reverse?.query).toMatchObject({ toAmount: '1.96966666', flow: 'fixed-rate', type: 'reverse' });
    const direct = fake.requests.find((r) => r.query.type === 'direct');
    expect(direct?.query).toMatchObject({ fromAmount: '0.1', flow: 'fixed-rate', useRateId: 'true' });
    // ChangeNOW has no reverse estimate for the standard flow.
    await expectProviderError(
      provider.reverseQuote({ from: BTC, to: ETH, amountTo: '1', rateType: 'float' }, signal()),
      'pair_unavailable',
    );
  });

  it('quotes a fixed rate with a rate id and its expiry', async () => {
    const before = Date.now();
    const quote = await provider.quote(
      { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' },
      signal(),
    );
    expect(quote.amountTo).toBe('1.96966666');
    expect(quote.max).toBe('1.66666666');
    expect(quote.providerRateId).toMatch(/^[0-9a-f]{32}$/);
    expect(quote.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1_000);
    const estimate = fake.requests.find((r) => r.path.endsWith('estimated-amount'));
    expect(estimate?.query).toMatchObject({ flow: 'fixed-rate', useRateId: 'true' });
  });

  it('reports out-of-range amounts with the limits', async () => {
    const below = await expectProviderError(
      provider.quote({ from: BTC, to: ETH, amountFrom: '0.0001', rateType: 'float' }, signal()),
      'amount_out_of_range',
    );
    expect(below.limits).toEqual({ min: '0.00016667', max: '2.5' });
    const above = await expectProviderError(
      provider.quote({ from: BTC, to: ETH, amountFrom: '2', rateType: 'fixed' }, signal()),
      'amount_out_of_range',
    );
    expect(above.limits).toEqual({ min: '0.00016667', max: '1.66666666' });
  });

  it('says pair_unavailable for pairs ChangeNOW or our catalogue lacks', async () => {
    await expectProviderError(
      provider.quote(
        { from: { coin: 'ada', network: 'cardano' }, to: ETH, amountFrom: '100', rateType: 'float' },
        signal(),
      ),
      'pair_unavailable',
    );
    fake.requests.length = 0;
    await expectProviderError(
      provider.quote(
        { from: { coin: 'nope', network: 'bitcoin' }, to: ETH, amountFrom: '1', rateType: 'float' },
        signal(),
      ),
      'pair_unavailable',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('creates a float swap and sends the documented body', async () => {
    const swap = await provider.createSwap(
      {
        reference: 'ours',
        from: BTC,
        to: ETH,
        amountFrom: '0.1',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
        refundAddress: BTC_ADDRESS,
      },
      signal(),
    );
    expect(swap).toMatchObject({ status: 'waiting', amountFrom: '0.1', amountTo: '1.98966666' });
    expect(validateAddress('bitcoin', swap.depositAddress).valid).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v2/exchange',
      body: {
        fromCurrency: 'btc',
        toCurrency: 'eth',
        fromNetwork: 'btc',
        toNetwork: 'eth',
        fromAmount: '0.1',
        address: ETH_ADDRESS,
        extraId: '',
        refundAddress: BTC_ADDRESS,
        refundExtraId: '',
        flow: 'standard',
        type: 'direct',
        rateId: '',
      },
    });
  });

  it('creates a fixed swap once per rate id', async () => {
    const quote = await provider.quote(
      { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' },
      signal(),
    );
    const request = {
      reference: 'ours',
      from: BTC,
      to: ETH,
      amountFrom: '0.1',
      rateType: 'fixed' as const,
      providerRateId: quote.providerRateId as string,
      payoutAddress: ETH_ADDRESS,
    };
    const swap = await provider.createSwap(request, signal());
    expect(swap.amountTo).toBe(quote.amountTo);
    await expectProviderError(provider.createSwap(request, signal()), 'rate_expired');
  });

  it('maps address errors and gives memo networks a deposit memo', async () => {
    await expectProviderError(
      provider.createSwap(
        {
          reference: 'r',
          from: BTC,
          to: ETH,
          amountFrom: '0.1',
          rateType: 'float',
          payoutAddress: BTC_ADDRESS,
        },
        signal(),
      ),
      'invalid_address',
    );
    const swap = await provider.createSwap(
      {
        reference: 'r',
        from: { coin: 'xrp', network: 'xrp' },
        to: ETH,
        amountFrom: '100',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
      },
      signal(),
    );
    expect(validateMemo('xrp', swap.depositMemo ?? '')).toEqual({ valid: true });
  });

  it('maps every ChangeNOW status', async () => {
    const created = await provider.createSwap(
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
    const initial = await provider.getSwap(created.providerSwapId, signal());
    expect(initial).toEqual({
      providerSwapId: created.providerSwapId,
      status: 'waiting',
      depositAddress: created.depositAddress,
      amountFrom: '0.1',
      amountTo: '1.98966666',
    });
    const cases: [FakeChangeNowStatus, SwapStatus][] = [
      ['waiting', 'waiting'],
      ['confirming', 'confirming'],
      ['exchanging', 'exchanging'],
      ['sending', 'sending'],
      ['finished', 'finished'],
      ['failed', 'failed'],
      ['refunded', 'refunded'],
      ['verifying', 'hold'],
      ['expired', 'expired'],
      ['new', 'waiting'],
    ];
    for (const [theirs, ours] of cases) {
      fake.setStatus(created.providerSwapId, theirs);
      expect((await provider.getSwap(created.providerSwapId, signal())).status, theirs).toBe(ours);
    }
    fake.setStatus(created.providerSwapId, 'finished');
    const finished = await provider.getSwap(created.providerSwapId, signal());
    expect(finished).toMatchObject({ amountDeposited: '0.1', amountPaidOut: '1.98966666' });
    expect(finished.depositHash).toMatch(/^[0-9a-f]{64}$/);
    expect(finished.payoutHash).toMatch(/^[0-9a-f]{64}$/);
    await expectProviderError(provider.getSwap('does-not-exist', signal()), 'not_found');
  });

  it('treats a refused API key as an upstream error', async () => {
    const wrongKey = new ChangeNowProvider({ apiKey: 'wrong', baseUrl: fake.url }, { catalogue });
    const error = await expectProviderError(
      wrongKey.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' }, signal()),
      'upstream_error',
    );
    expect(error.message).toContain('401');
  });

  it('treats 5xx, invalid JSON, unknown 4xx codes and odd shapes as upstream errors', async () => {
    const quote = () =>
      provider.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' }, signal());
    fake.set({ failStatus: 500 });
    await expectProviderError(quote(), 'upstream_error');
    fake.set({ failStatus: 502, failBody: 'not json either' });
    await expectProviderError(quote(), 'upstream_error');
    fake.set({ failStatus: 400, failBody: { error: 'not_valid_params', message: 'bad' } });
    await expectProviderError(quote(), 'upstream_error');
    fake.set({ failStatus: 200, failBody: { minAmount: 'lots' } });
    await expectProviderError(quote(), 'upstream_error');
    fake.set({ failStatus: null, invalidJson: true });
    await expectProviderError(quote(), 'upstream_error');
  });

  it('gives up when the signal times out', async () => {
    // The fake answers only after ten minutes (its close() drops that answer): the call can end in
    // time only by the signal's timeout, which the error names. No elapsed time is measured.
    fake.set({ latencyMs: 600_000 });
    const error = await expectProviderError(
      provider.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' }, AbortSignal.timeout(50)),
      'upstream_error',
    );
    expect(error.message).toMatch(/timed out/);
  });
});
