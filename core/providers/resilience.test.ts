import { describe, expect, it, vi } from 'vitest';
import {
  type LiquidityProvider,
  ProviderError,
  type ProviderQuote,
  type ProviderSwap,
  type QuoteRequest,
} from '../exchange/types.ts';
import { isCircuitOpen, ResilientProvider } from './resilience.ts';

const REQUEST: QuoteRequest = {
  from: { coin: 'btc', network: 'bitcoin' },
  to: { coin: 'eth', network: 'ethereum' },
  amountFrom: '0.1',
  rateType: 'float',
};
const QUOTE: ProviderQuote = {
  provider: 'flaky',
  rateType: 'float',
  amountFrom: '0.1',
  amountTo: '2',
  rate: '20',
  networkFee: '0',
  min: '0.01',
  max: '1',
};

/** A provider whose answers the test scripts: 'fail' (upstream_error), 'pair' (pair_unavailable) or 'ok'. */
function scripted(script: () => 'fail' | 'pair' | 'ok') {
  const calls = { quote: 0, create: 0 };
  const provider: LiquidityProvider = {
    id: 'flaky',
    name: 'Flaky',
    supportsFixed: true,
    async quote() {
      calls.quote += 1;
      const next = script();
      if (next === 'fail') throw new ProviderError('flaky', 'upstream_error', 'HTTP 502');
      if (next === 'pair') throw new ProviderError('flaky', 'pair_unavailable', 'no pair');
      return QUOTE;
    },
    async createSwap(): Promise<ProviderSwap> {
      calls.create += 1;
      throw new ProviderError('flaky', 'upstream_error', 'HTTP 502');
    },
    async getSwap(): Promise<ProviderSwap> {
      throw new ProviderError('flaky', 'not_found', 'none');
    },
  };
  return { provider, calls };
}

const signal = () => AbortSignal.timeout(5_000);

describe('ResilientProvider (cockatiel)', () => {
  it('retries a failed quote once and answers', async () => {
    let n = 0;
    const { provider, calls } = scripted(() => (n++ === 0 ? 'fail' : 'ok'));
    const guarded = new ResilientProvider(provider, { backoffMs: 1 });
    await expect(guarded.quote(REQUEST, signal())).resolves.toEqual(QUOTE);
    expect(calls.quote).toBe(2);
    expect(guarded.supportsFixed).toBe(true);
  });

  it('does not retry answers that are not faults', async () => {
    const { provider, calls } = scripted(() => 'pair');
    const guarded = new ResilientProvider(provider, { backoffMs: 1 });
    await expect(guarded.quote(REQUEST, signal())).rejects.toMatchObject({ code: 'pair_unavailable' });
    expect(calls.quote).toBe(1);
  });

  it('never repeats a swap creation', async () => {
    const { provider, calls } = scripted(() => 'ok');
    const guarded = new ResilientProvider(provider, { backoffMs: 1, readAttempts: 3 });
    await expect(
      guarded.createSwap(
        {
          reference: 'r',
          from: REQUEST.from,
          to: REQUEST.to,
          amountFrom: '0.1',
          rateType: 'float',
          payoutAddress: 'x',
        },
        signal(),
      ),
    ).rejects.toMatchObject({ code: 'upstream_error' });
    expect(calls.create).toBe(1);
  });

  it('drops a failing provider at once after repeated failures, and takes it back on its own', async () => {
    let healthy = false;
    const { provider, calls } = scripted(() => (healthy ? 'ok' : 'fail'));
    const guarded = new ResilientProvider(provider, { breakAfter: 3, halfOpenAfterMs: 50, readAttempts: 1 });
    for (let i = 0; i < 3; i += 1) {
      await expect(guarded.quote(REQUEST, signal())).rejects.toMatchObject({ code: 'upstream_error' });
    }
    const before = calls.quote;
    const open = await guarded.quote(REQUEST, signal()).catch((error: unknown) => error);
    expect(isCircuitOpen(open)).toBe(true);
    expect(calls.quote).toBe(before);
    healthy = true;
    // Half-open after its pause: the next quote goes through again and closes the breaker.
    await vi.waitFor(async () => expect(await guarded.quote(REQUEST, signal())).toEqual(QUOTE), {
      timeout: 5_000,
      interval: 20,
    });
  });
});
