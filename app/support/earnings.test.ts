import { describe, expect, it } from 'vitest';
import { parseVolume, partnerEarnings } from './earnings.ts';

describe('partner earnings', () => {
  it('pays affiliates 0.2% of the volume', () => {
    expect(partnerEarnings(100_000, 'affiliate', 40)).toEqual({ monthly: 200, yearly: 2400 });
  });

  it('pays API partners half of the service fee', () => {
    // 40 bps fee: 0.4% of 1,000,000 is 4,000; half of it is 2,000.
    expect(partnerEarnings(1_000_000, 'api', 40)).toEqual({ monthly: 2000, yearly: 24_000 });
    expect(partnerEarnings(1_000_000, 'api', 100)).toEqual({ monthly: 5000, yearly: 60_000 });
  });

  it('earns nothing on no or a bad volume', () => {
    expect(partnerEarnings(0, 'api', 40)).toEqual({ monthly: 0, yearly: 0 });
    expect(partnerEarnings(Number.NaN, 'affiliate', 40)).toEqual({ monthly: 0, yearly: 0 });
  });

  it('reads volumes typed with grouping', () => {
    expect(parseVolume('250,000')).toBe(250_000);
    expect(parseVolume('1 000 000')).toBe(1_000_000);
    expect(parseVolume('1.000.000')).toBe(1_000_000);
    expect(parseVolume('abc')).toBeNaN();
    expect(parseVolume('')).toBeNaN();
  });
});
