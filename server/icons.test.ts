import { describe, expect, it } from 'vitest';
import { coinIcon } from './icons.ts';

describe('coin icons', () => {
  it('come from the icon package when it has the coin', () => {
    expect(coinIcon('btc')).toContain('<svg');
    expect(coinIcon('btc')).not.toContain('>BTC<');
  });

  it('are generated for coins the package lacks', () => {
    expect(coinIcon('zzzq')).toContain('>ZZZQ<');
  });

  it('refuse names that are not coin codes', () => {
    expect(coinIcon('../../etc/passwd')).toBeNull();
  });
});
