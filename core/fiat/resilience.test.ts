import { describe, expect, it } from 'vitest';
import { ResilientFiatProvider } from './resilience.ts';
import { type FiatProvider, FiatProviderError, type FiatProviderQuote } from './types.ts';

/** A ramp whose answers the test decides: each call takes the next outcome. */
function scriptedRamp(outcomes: ('ok' | 'down' | 'unsupported')[]) {
  let calls = 0;
  const ramp: FiatProvider = {
    id: 'ramp',
    name: 'Ramp',
    async quote() {
      const outcome = outcomes[calls++] ?? 'ok';
      if (outcome === 'down') throw new FiatProviderError('ramp', 'upstream_error', 'Ramp answered 503');
      if (outcome === 'unsupported') throw new FiatProviderError('ramp', 'unsupported', 'Not here');
      return { provider: 'ramp' } as unknown as FiatProviderQuote;
    },
    createOrder: () => Promise.reject(new Error('not used')),
    getOrder: () => Promise.resolve(null),
    verifyWebhook: () => {
      throw new FiatProviderError('ramp', 'bad_signature', 'no');
    },
  };
  return { ramp, calls: () => calls };
}

const ask = (provider: FiatProvider) =>
  provider.quote(
    { side: 'buy', fiat: 'usd', coin: 'btc', network: 'bitcoin', amount: '100', country: 'us' } as Parameters<
      FiatProvider['quote']
    >[0],
    new AbortController().signal,
  );

describe('a ramp behind its circuit breaker', () => {
  it('opens after failures in a row, refuses without asking the ramp, and half-opens after the pause', async () => {
    const { ramp, calls } = scriptedRamp(['down', 'down', 'down', 'ok']);
    // One attempt per quote: the breaker alone (retries are the next test's).
    const guarded = new ResilientFiatProvider(ramp, { breakAfter: 3, halfOpenAfterMs: 50, readAttempts: 1 });
    expect(guarded.circuit).toBe('closed');
    for (let i = 0; i < 3; i++) await expect(ask(guarded)).rejects.toThrow('Ramp answered 503');
    expect(guarded.circuit).toBe('open');
    await expect(ask(guarded)).rejects.toThrow('Ramp: circuit open after repeated failures');
    expect(calls()).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await expect(ask(guarded)).resolves.toMatchObject({ provider: 'ramp' });
    expect(guarded.circuit).toBe('closed');
  });

  it('counts only the ramp faults: a request it does not serve is an answer', async () => {
    const { ramp } = scriptedRamp(['unsupported', 'unsupported', 'unsupported', 'unsupported']);
    const guarded = new ResilientFiatProvider(ramp, { breakAfter: 2 });
    for (let i = 0; i < 4; i++) await expect(ask(guarded)).rejects.toThrow('Not here');
    expect(guarded.circuit).toBe('closed');
    expect([guarded.id, guarded.name]).toEqual(['ramp', 'Ramp']);
  });

  it('asks a quote again after a fault, within the attempts it is given', async () => {
    const { ramp, calls } = scriptedRamp(['down', 'ok']);
    const guarded = new ResilientFiatProvider(ramp, { readAttempts: 2, backoffMs: 1 });
    await expect(ask(guarded)).resolves.toMatchObject({ provider: 'ramp' });
    expect(calls()).toBe(2);
    expect(guarded.circuit).toBe('closed');
  });
});
