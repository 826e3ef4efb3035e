import { describe, expect, it } from 'vitest';
import { networkTxHash } from './tx-hash.ts';

const HEX = `${'a'.repeat(63)}f`;

describe('networkTxHash', () => {
  it('gives a bare EVM hash its 0x prefix', () => {
    expect(networkTxHash('evm', HEX)).toBe(`0x${HEX}`);
  });

  it('keeps a prefixed EVM hash and other networks’ hashes as they are', () => {
    expect(networkTxHash('evm', `0x${HEX}`)).toBe(`0x${HEX}`);
    expect(networkTxHash('bitcoin', HEX)).toBe(HEX);
    expect(networkTxHash('tron', HEX)).toBe(HEX);
    expect(
      networkTxHash(
        'solana',
        '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      ),
    ).toBe('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW');
  });
});
