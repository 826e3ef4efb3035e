// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInPage } from '../../tests/support/dom.tsx';
import { SwapCreate } from './SwapCreate.tsx';
import type { Coin, Quote, Side, SwapView } from './types.ts';

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
const STEP = {
  from: 'btc',
  fromNetwork: 'bitcoin',
  to: 'eth',
  toNetwork: 'ethereum',
  amount: '0.1',
  rateType: 'fixed',
} as const;

function fixedQuote(id: string, expiresAt: number): Quote {
  return {
    rateType: 'fixed',
    from: 'btc',
    fromNetwork: 'bitcoin',
    to: 'eth',
    toNetwork: 'ethereum',
    amountFrom: '0.1',
    amountTo: '3.2',
    rate: '32',
    min: '0.001',
    max: '10',
    provider: 'alpha',
    providerName: 'Alpha',
    networkFee: '0.001',
    serviceFee: '0.01',
    reverse: false,
    offers: [],
    eta: null,
    usd: { from: null, to: null },
    quoteId: id,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}

interface Call {
  path: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown> | null;
}

/** A fake API: each fixed quote lives `quoteLife` ms; swaps are created as `swap`. */
function fakeApi({ quoteLife = 60_000 }: { quoteLife?: number } = {}) {
  const calls: Call[] = [];
  let quotes = 0;
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    const call: Call = {
      path,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    const json = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
    if (path === '/api/v1/quotes') return json(200, fixedQuote(`q-${++quotes}`, Date.now() + quoteLife));
    if (path.startsWith('/api/v1/addresses/validate')) return json(200, { valid: true });
    if (path === '/api/v1/swaps') return json(201, { id: 'swap-1', status: 'waiting' });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, quoteCalls: () => calls.filter((call) => call.path === '/api/v1/quotes') };
}

function renderStep(onCreated = vi.fn<(swap: SwapView) => void>()) {
  renderInPage(<SwapCreate from={BTC} to={ETH} step={STEP} onEdit={() => {}} onCreated={onCreated} />, {
    path: '/swap',
  });
  return onCreated;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SwapCreate', () => {
  it('creates the swap with the fixed quote shown and hands it over', async () => {
    const api = fakeApi();
    const onCreated = renderStep();
    await waitFor(() => expect(screen.getByTestId('summary-to').textContent).toBe('3.2 ETH'));
    expect(screen.getByTestId('rate-countdown').textContent).toMatch(/^Rate locked for /);

    fireEvent.change(screen.getByTestId('payout-address'), { target: { value: ' 0xabc ' } });
    fireEvent.click(screen.getByTestId('terms'));
    fireEvent.submit(screen.getByTestId('swap-create'));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 'swap-1', status: 'waiting' }));
    const create = api.calls.find((call) => call.path === '/api/v1/swaps');
    expect(create?.method).toBe('POST');
    expect(create?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(create?.body).toEqual({
      from: 'btc',
      fromNetwork: 'bitcoin',
      to: 'eth',
      toNetwork: 'ethereum',
      amount: '0.1',
      rateType: 'fixed',
      quoteId: 'q-1',
      payoutAddress: '0xabc',
    });
  });

  it('names what is missing, focuses the first field and sends nothing', async () => {
    const api = fakeApi();
    const onCreated = renderStep();
    await waitFor(() => expect(screen.getByTestId('swap-summary').dataset.state).toBe('ready'));

    fireEvent.submit(screen.getByTestId('swap-create'));

    expect(await screen.findByText('Enter the address that should receive your coins.')).toBeTruthy();
    expect(screen.getByText('Please accept the Terms of use.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('payout-address'));
    expect(api.calls.some((call) => call.path === '/api/v1/swaps')).toBe(false);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('asks for a fresh fixed quote when the one shown runs out', async () => {
    const api = fakeApi({ quoteLife: 1_200 });
    renderStep();
    await waitFor(() =>
      expect(screen.getByTestId('rate-countdown').textContent).toMatch(/^Rate locked for /),
    );
    expect(api.quoteCalls()).toHaveLength(1);

    await waitFor(() => expect(api.quoteCalls()).toHaveLength(2), { timeout: 4_000 });
    await act(async () => {});
    // The fresh quote goes with the next create.
    fireEvent.change(screen.getByTestId('payout-address'), { target: { value: '0xabc' } });
    fireEvent.click(screen.getByTestId('terms'));
    await waitFor(() => expect(screen.getByTestId('swap-summary').dataset.state).toBe('ready'));
    fireEvent.submit(screen.getByTestId('swap-create'));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/v1/swaps')).toBe(true));
    expect(api.calls.find((call) => call.path === '/api/v1/swaps')?.body).toMatchObject({ quoteId: 'q-2' });
  });
});
