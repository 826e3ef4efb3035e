import { type LoaderFunctionArgs, RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CatalogueAsset } from '../../core/catalogue/catalogue.ts';
import type { SwapView } from '../exchange/types.ts';
import { type RequestState, requestStateContext } from '../lib/request-context.ts';
import { pageContext } from '../routing/page-loader.server.ts';
import { loader } from './swap-status.tsx';

const ID = 'abcdefghijklmnopqrstuvwxyz';

const SWAP = {
  id: ID,
  status: 'sending',
  rateType: 'float',
  from: 'btc',
  fromNetwork: 'bitcoin',
  to: 'eth',
  toNetwork: 'ethereum',
  depositAddress: 'bc1qdeposit',
  payoutAddress: '0xpayout',
  depositHash: 'abc123',
  payoutHash: null,
  history: [],
} as unknown as SwapView;

function asset(
  coin: string,
  network: string,
  changes: Partial<CatalogueAsset['network']> = {},
): CatalogueAsset {
  return {
    coin,
    coinName: coin === 'btc' ? 'Bitcoin' : 'Ethereum',
    network: {
      id: network,
      name: network === 'bitcoin' ? 'Bitcoin' : 'Ethereum',
      nativeCoin: coin,
      addressFormat: '',
      memo: null,
      confirmations: 1,
      explorerTx: `https://${network}.example/tx/{hash}`,
      explorerAddress: `https://${network}.example/address/{address}`,
      networkFeeUsd: '1',
      ...changes,
    },
    contract: null,
    decimals: 8,
    min: '0',
    max: '0',
  };
}

function args(swaps: Record<string, SwapView>, sandbox = true): LoaderFunctionArgs {
  const services = {
    swaps: { get: async (id: string) => swaps[id] ?? null },
    catalogue: {
      asset: async (coin: string, network: string) =>
        coin === 'eth'
          ? asset(coin, network, {
              addressFormat: 'evm',
              memo: { name: 'Memo', kind: 'memo', required: false },
            })
          : asset(coin, network),
    },
    sandbox,
  };
  const context = new RouterContextProvider();
  context.set(pageContext, { page: 'swap-status', lang: 'en', params: { swapId: ID }, layout: 'default' });
  context.set(requestStateContext, { services } as unknown as RequestState);
  return {
    request: new Request(`http://localhost/swap/${ID}.data`),
    params: {},
    context,
  } as unknown as LoaderFunctionArgs;
}

describe('the swap page loader (the source the page refreshes from)', () => {
  it('gives the swap with both sides, its explorer links and the deposit QR code', async () => {
    const data = await loader(args({ [ID]: SWAP }));
    expect(data.swap).toBe(SWAP);
    expect(data.from).toEqual({
      code: 'btc',
      name: 'Bitcoin',
      icon: '/icons/coins/btc.svg',
      network: 'bitcoin',
      networkName: 'Bitcoin',
      memoKind: null,
    });
    expect(data.to).toMatchObject({ code: 'eth', networkName: 'Ethereum', memoKind: 'memo' });
    expect(data.links).toEqual({
      depositTx: 'https://bitcoin.example/tx/abc123',
      payoutTx: null,
      payoutAddress: 'https://ethereum.example/address/0xpayout',
    });
    expect(data.qrSvg).toMatch(/^<svg/);
    expect(data.sandbox).toBe(true);
    expect(data.lang).toBe('en');
  });

  it('gives a bare EVM payout hash its 0x in the explorer link', async () => {
    const hash = 'ab'.repeat(32);
    const finished = { ...SWAP, status: 'finished', payoutHash: hash } as SwapView;
    const data = await loader(args({ [ID]: finished }));
    expect(data.links.payoutTx).toBe(`https://ethereum.example/tx/0x${hash}`);
    // Bitcoin hashes have no prefix.
    expect(data.links.depositTx).toBe('https://bitcoin.example/tx/abc123');
  });

  it('answers 404 for an unknown swap', async () => {
    await expect(loader(args({}))).rejects.toMatchObject({ data: 'Swap not found', init: { status: 404 } });
  });
});
