import { describe, expect, it } from 'vitest';
import { readProviderCoverage, unservedBecause } from './coverage.ts';
import type { FiatQuoteRequest } from './types.ts';

const moonpay = readProviderCoverage().find((c) => c.id === 'moonpay');
if (!moonpay) throw new Error('MoonPay is in content/fiat/providers.json');

const served: FiatQuoteRequest = {
  side: 'buy',
  fiat: 'usd',
  coin: 'btc',
  network: 'bitcoin',
  amount: '100',
  country: 'us',
  region: 'ca',
  paymentMethod: 'card',
};

describe('unservedBecause: the one rule every ramp checks before it quotes', () => {
  it('passes a request the ramp covers', () => {
    expect(unservedBecause(moonpay, served)).toBeNull();
  });

  it('names the first thing the ramp does not cover', () => {
    expect(unservedBecause(moonpay, { ...served, country: 'ir' })).toBe('does not operate there');
    expect(unservedBecause(moonpay, { ...served, region: 'ny' })).toBe('does not operate there');
    expect(unservedBecause(moonpay, { ...served, fiat: 'xxx' })).toBe('does not take xxx');
    expect(unservedBecause(moonpay, { ...served, network: 'tron' })).toBe('does not serve the coin');
    // Bank transfers are taken in the listed countries only (Europe, the UK and the US).
    expect(
      unservedBecause(moonpay, {
        ...served,
        country: 'jp',
        region: undefined,
        fiat: 'jpy',
        paymentMethod: 'bank_transfer',
      }),
    ).toBe('does not take this payment method there');
    expect(
      unservedBecause(moonpay, {
        ...served,
        country: 'de',
        region: undefined,
        fiat: 'eur',
        paymentMethod: 'bank_transfer',
      }),
    ).toBeNull();
  });
});
