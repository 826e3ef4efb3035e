import { describe, expect, it } from 'vitest';
import { formatDuration, usdValue, whyKey } from './offers-format.ts';

describe('formatDuration', () => {
  it('writes seconds, minutes or hours in the language, ranges as ranges', () => {
    expect(formatDuration(45, 'en')).toBe('45 sec');
    expect(formatDuration(360, 'en')).toBe('6 min');
    expect(formatDuration({ min: 600, max: 3600 }, 'en')).toBe('10–60 min');
    expect(formatDuration(7200, 'de')).toBe('2 Std.');
  });
});

describe('usdValue', () => {
  it('multiplies by the unit price and formats per locale; nothing without a price', () => {
    expect(usdValue('0.1', '60000', 'en')).toBe('$6,000.00');
    expect(usdValue('0.1', '60000', 'de')).toBe('6.000,00\u00a0$');
    expect(usdValue('0.1', null, 'en')).toBeNull();
  });
});

describe('whyKey', () => {
  const offer = {
    provider: 'a',
    providerName: 'A',
    amountFrom: '1',
    amountTo: '1',
    rate: '1',
    fixedRate: true,
    eta: null,
  };
  it('says why: the only offer, the most received, the least sent, the best locked rate', () => {
    expect(whyKey({ offers: [offer], reverse: false, rateType: 'float' })).toBe('exchange.offers.whyOnly');
    expect(whyKey({ offers: [offer, offer], reverse: false, rateType: 'float' })).toBe(
      'exchange.offers.whyBest',
    );
    expect(whyKey({ offers: [offer, offer], reverse: true, rateType: 'float' })).toBe(
      'exchange.offers.whyReverse',
    );
    expect(whyKey({ offers: [offer, offer], reverse: false, rateType: 'fixed' })).toBe(
      'exchange.offers.whyFixed',
    );
  });
});
