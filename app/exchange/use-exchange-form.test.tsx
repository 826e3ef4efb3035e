// @vitest-environment happy-dom
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHookInPage } from '../../tests/support/dom.tsx';
import type { SwapQuery } from './query.ts';
import type { Coin, QuoteRequest, RateType, Side } from './types.ts';
import { useExchangeForm } from './use-exchange-form.ts';

function coin(code: string, network: string): Coin {
  return {
    code,
    name: code.toUpperCase(),
    icon: `/icons/coins/${code}.svg`,
    networks: [
      {
        network,
        name: network,
        memo: null,
        referenceMin: '0',
        referenceMax: '0',
        decimals: 8,
        contract: null,
      },
    ],
  };
}

const BTC: Side = { coin: coin('btc', 'bitcoin'), network: 'bitcoin' };
const ETH: Side = { coin: coin('eth', 'ethereum'), network: 'ethereum' };

/** A fake API: the pair offers both rates; a quote answers 32 ETH a BTC, or refuses a fixed rate. */
function fakeApi({ refuseFixed = false } = {}) {
  const quotes: QuoteRequest[] = [];
  const json = (status: number, payload: unknown) =>
    new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (path.startsWith('/api/v1/pairs/')) return json(200, { available: true, fixedRate: true });
      const request = JSON.parse(String(init.body)) as QuoteRequest;
      quotes.push(request);
      if (refuseFixed && request.rateType === 'fixed')
        return json(422, { error: { code: 'fixed_rate_unavailable', message: 'No fixed rate' } });
      const reverse = request.amountTo !== undefined;
      const amountFrom = reverse ? String(Number(request.amountTo) / 32) : (request.amount ?? '');
      return json(200, {
        ...request,
        rateType: request.rateType,
        amountFrom,
        amountTo: reverse ? request.amountTo : String(Number(request.amount) * 32),
        rate: '32',
        provider: 'alpha',
        providerName: 'Alpha',
        networkFee: '0',
        serviceFee: '0',
        reverse,
        offers: [],
        eta: null,
        usd: { from: null, to: null },
      });
    }),
  );
  return quotes;
}

function renderForm(rateType: RateType, onProceed = vi.fn<(query: SwapQuery) => void>()) {
  const hook = renderHookInPage(
    () => useExchangeForm({ from: BTC, to: ETH, amount: '0.1', rateType, onProceed }),
    {
      path: '/',
    },
  );
  return { ...hook, onProceed };
}

const submitEvent = () => ({ preventDefault: () => {} }) as React.FormEvent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useExchangeForm', () => {
  it('shows the quote’s amount to receive and proceeds with the amount typed', async () => {
    fakeApi();
    const { result, onProceed } = renderForm('float');
    await waitFor(() => expect(result.current.receiveValue).toBe('3.2'));
    expect(result.current.sendValue).toBe('0.1');
    expect(result.current.submitDisabled).toBe(false);
    act(() => result.current.proceed(submitEvent()));
    expect(onProceed).toHaveBeenCalledWith({
      from: 'btc',
      fromNetwork: 'bitcoin',
      to: 'eth',
      toNetwork: 'ethereum',
      amount: '0.1',
      rateType: 'float',
    });
  });

  it('asks a reverse quote for an amount to receive and proceeds with the amount to send it worked out', async () => {
    const quotes = fakeApi();
    const { result, onProceed } = renderForm('float');
    await waitFor(() => expect(result.current.quote.status).toBe('ready'));
    act(() => result.current.dispatch({ type: 'amountTo', value: '16' }));
    await waitFor(() => expect(result.current.sendValue).toBe('0.5'));
    expect(quotes.at(-1)).toMatchObject({ amountTo: '16' });
    expect(result.current.receiveValue).toBe('16');
    act(() => result.current.proceed(submitEvent()));
    expect(onProceed).toHaveBeenCalledWith(expect.objectContaining({ amount: '0.5' }));
    expect(onProceed.mock.calls[0]?.[0]).not.toHaveProperty('amountTo');
  });

  it('falls back to float for a pair whose quote refuses the fixed rate', async () => {
    const quotes = fakeApi({ refuseFixed: true });
    const { result } = renderForm('fixed');
    await waitFor(() => expect(result.current.fixedOn).toBe(false));
    await waitFor(() => expect(result.current.quote.status).toBe('ready'));
    expect(result.current.rateType).toBe('float');
    expect(quotes.map((quote) => quote.rateType)).toEqual(['fixed', 'float']);
  });
});
