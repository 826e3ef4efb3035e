import { describe, expect, it } from 'vitest';
import { crossChainTokens } from './tokens.ts';

describe('cross-chain tokens from the Uniswap default list', () => {
  it('lists tokens on two or more of our networks, the most networks first, each once', () => {
    const tokens = crossChainTokens();
    expect(tokens.length).toBeGreaterThan(100);
    for (const token of tokens) expect(token.networks.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < tokens.length; i++) {
      expect(tokens[i - 1]?.networks.length).toBeGreaterThanOrEqual(tokens[i]?.networks.length ?? 0);
    }
    const usdc = tokens.find((token) => token.symbol === 'USDC');
    expect(usdc?.networks).toContainEqual({
      network: 'ethereum',
      address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    });
    expect(usdc?.icon).toBe('/icons/coins/usdc.svg');
    const keys = tokens.flatMap((token) => token.networks.map((n) => `${n.network}:${n.address}`));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
