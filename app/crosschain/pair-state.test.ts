import { describe, expect, it } from 'vitest';
import type { CrossChainStatusView } from '../../core/crosschain/contract.ts';
import { NATIVE_TOKEN } from '../../core/dex/networks.ts';
import {
  type CrossChainRoute,
  crossChainNextAction,
  crossChainQuotePath,
  crossChainStatusPath,
  feeDecimals,
  fromAmountOf,
  isFinalTransfer,
} from './pair-state.ts';

const FROM = { network: { id: 'ethereum' }, token: { address: '0xa0b8', decimals: 6 } };
const TO = { network: { id: 'optimism' }, token: { address: '0x0b2c', decimals: 6 } };
const route = (extra: Partial<CrossChainRoute> = {}) =>
  ({
    source: 'sandbox',
    bridge: 'sandbox-bridge',
    approvalAddress: '0xbridge',
    transaction: { to: '0xbridge', data: '0x', value: '0' },
    ...extra,
  }) as CrossChainRoute;

describe('the cross-chain quote', () => {
  it('asks for the amount in base units, for the wallet that sends', () => {
    const amount = fromAmountOf('12.5', FROM);
    expect(amount).toBe(12_500_000n);
    const url = new URL(crossChainQuotePath(FROM, TO, amount, '0xme', 1) ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v1/cross-chain/quotes');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      fromNetwork: 'ethereum',
      toNetwork: 'optimism',
      fromToken: '0xa0b8',
      toToken: '0x0b2c',
      fromAmount: '12500000',
      fromAddress: '0xme',
      slippageBps: '50',
    });
  });

  it('asks nothing without a wallet, an amount or a bridge', () => {
    expect(fromAmountOf('', FROM)).toBeNull();
    expect(fromAmountOf('abc', FROM)).toBeNull();
    expect(crossChainQuotePath(FROM, TO, 1n, null, 1)).toBeNull();
    expect(crossChainQuotePath(FROM, TO, 0n, '0xme', 1)).toBeNull();
    expect(crossChainQuotePath(FROM, TO, null, '0xme', 1)).toBeNull();
    expect(crossChainQuotePath(FROM, TO, 1n, '0xme', 0)).toBeNull();
  });

  it('asks where a sent transfer stands by its route', () => {
    const url = new URL(crossChainStatusPath(FROM, TO, '0xhash', route()), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      source: 'sandbox',
      txHash: '0xhash',
      fromNetwork: 'ethereum',
      toNetwork: 'optimism',
      bridge: 'sandbox-bridge',
    });
  });
});

describe('isFinalTransfer', () => {
  it('stops at landed, failed or invalid', () => {
    const of = (status: CrossChainStatusView['status']) => ({ status }) as CrossChainStatusView;
    expect(['DONE', 'FAILED', 'INVALID'].map((s) => isFinalTransfer(of(s as 'DONE')))).toEqual([
      true,
      true,
      true,
    ]);
    expect(isFinalTransfer(of('PENDING'))).toBe(false);
    expect(isFinalTransfer(of('NOT_FOUND'))).toBe(false);
  });
});

describe('crossChainNextAction', () => {
  const ready = { best: route(), ready: true, token: FROM.token.address, fromAmount: 100n };

  it('approves while the allowance is short, then sends', () => {
    expect(crossChainNextAction({ ...ready, allowance: 99n })).toBe('approve');
    expect(crossChainNextAction({ ...ready, allowance: 100n })).toBe('send');
  });

  it('waits for the allowance unless none is needed', () => {
    expect(crossChainNextAction({ ...ready, allowance: null })).toBeNull();
    const native = NATIVE_TOKEN.toLowerCase();
    expect(crossChainNextAction({ ...ready, token: native, allowance: null })).toBe('send');
    expect(crossChainNextAction({ ...ready, best: route({ approvalAddress: null }), allowance: null })).toBe(
      'send',
    );
  });

  it('offers nothing until ready, nor for a route without a transaction', () => {
    expect(crossChainNextAction({ ...ready, ready: false, allowance: 100n })).toBeNull();
    expect(crossChainNextAction({ ...ready, best: null, allowance: 100n })).toBeNull();
    expect(
      crossChainNextAction({ ...ready, best: route({ transaction: null }), allowance: 100n }),
    ).toBeNull();
  });
});

describe('feeDecimals', () => {
  it('reads a fee in the token sent or received, else in a gas token', () => {
    const from = { symbol: 'USDC', decimals: 6 };
    const to = { symbol: 'WBTC', decimals: 8 };
    expect([
      feeDecimals('USDC', from, to),
      feeDecimals('WBTC', from, to),
      feeDecimals('ETH', from, to),
    ]).toEqual([6, 8, 18]);
  });
});
