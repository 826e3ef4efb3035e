// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FiatOfferView, FiatQuoteView } from '../../core/fiat/contract.ts';
import { renderInPage } from '../../tests/support/dom.tsx';
import { FiatWidget, type FiatWidgetProps } from './FiatWidget.tsx';

const offer = (provider: string, providerName: string, cryptoAmount: string): FiatOfferView => ({
  provider,
  providerName,
  paymentMethod: 'card',
  fiatAmount: '300',
  cryptoAmount,
  rate: '2500',
  fee: '3',
  networkFee: '1',
  min: '20',
  max: '5000',
});

const QUOTE: FiatQuoteView = {
  side: 'buy',
  fiat: 'usd',
  coin: 'eth',
  network: 'ethereum',
  amount: '300',
  country: 'us',
  region: 'ny',
  offers: [offer('moonpay', 'MoonPay', '0.1234'), offer('banxa', 'Banxa', '0.12')],
  min: null,
  max: null,
};

const PROPS: FiatWidgetProps = {
  side: 'buy',
  coin: 'eth',
  coins: [
    { code: 'eth', name: 'Ethereum' },
    { code: 'btc', name: 'Bitcoin' },
  ],
  country: 'us',
  region: 'ny',
  currency: 'usd',
  currencies: [
    { code: 'usd', name: 'US Dollar' },
    { code: 'eur', name: 'Euro' },
  ],
  methods: ['card', 'bank_transfer'],
  amount: '250',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake API: each call answered by `answer`, every call kept with its JSON body. */
function fakeFetch(answer: (path: string, body: Record<string, unknown>) => Response) {
  const calls: { path: string; body: Record<string, unknown>; headers: Headers }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body, headers: new Headers(init?.headers) });
    return answer(path, body);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const widget = () => screen.getByTestId('fiat-widget');
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('FiatWidget', () => {
  it('asks for the typed amount and shows every offer best first, the best one chosen', async () => {
    const calls = fakeFetch(() => json(200, QUOTE));
    renderInPage(<FiatWidget {...PROPS} />, { path: '/buy/eth/us/ny' });
    type('fiat-amount', '300,5');
    type('fiat-method', 'card');
    fireEvent.submit(widget());

    const offers = await screen.findAllByTestId('fiat-offer');
    expect(calls).toEqual([
      expect.objectContaining({
        path: '/api/v1/fiat/quotes',
        body: {
          side: 'buy',
          fiat: 'usd',
          coin: 'eth',
          amount: '300.5',
          country: 'us',
          region: 'ny',
          paymentMethod: 'card',
        },
      }),
    ]);
    expect(screen.getByTestId('fiat-offers').getAttribute('data-count')).toBe('2');
    expect(screen.getByText('2 offers, best first')).toBeTruthy();
    expect(offers.map((o) => o.getAttribute('data-provider'))).toEqual(['moonpay', 'banxa']);
    expect(within(offers[0] as HTMLElement).getByText('Best')).toBeTruthy();
    expect(within(offers[0] as HTMLElement).getByTestId('fiat-offer-amount').textContent).toBe('0.1234 ETH');
    expect((within(offers[0] as HTMLElement).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('fiat-create-order').textContent).toContain('Buy with MoonPay');
    // No address yet: the order waits for one.
    expect((screen.getByTestId('fiat-create-order') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal by the amount, and asks again for the same form", async () => {
    let refuse = true;
    const calls = fakeFetch(() =>
      refuse
        ? json(422, { error: { code: 'amount_below_min', message: 'At least $20.', field: 'amount' } })
        : json(200, QUOTE),
    );
    renderInPage(<FiatWidget {...PROPS} />, { path: '/buy/eth/us' });
    fireEvent.submit(widget());
    expect((await screen.findByTestId('fiat-problem')).textContent).toBe('At least $20.');
    expect(screen.getByTestId('fiat-amount').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('fiat-offers')).toBeNull();

    refuse = false;
    fireEvent.submit(widget());
    await screen.findByTestId('fiat-offers');
    expect(calls).toHaveLength(2);
    expect(screen.queryByTestId('fiat-problem')).toBeNull();
  });

  it('says the providers could not be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderInPage(<FiatWidget {...PROPS} />, { path: '/buy/eth/us' });
    fireEvent.submit(widget());
    expect((await screen.findByTestId('fiat-problem')).textContent).toBe(
      'We could not reach the providers. Please try again.',
    );
  });

  it('orders the chosen offer with the wallet and goes on to its checkout', async () => {
    const calls = fakeFetch((path) =>
      path === '/api/v1/fiat/orders' ? json(201, { checkoutUrl: '/fiat/checkout/abc' }) : json(200, QUOTE),
    );
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderInPage(<FiatWidget {...PROPS} />, { path: '/buy/eth/us' });
    fireEvent.submit(widget());
    const offers = await screen.findAllByTestId('fiat-offer');
    fireEvent.click(within(offers[1] as HTMLElement).getByRole('radio'));
    type('fiat-wallet', ' 0xabc ');
    expect(screen.getByTestId('fiat-create-order').textContent).toContain('Buy with Banxa');
    fireEvent.click(screen.getByTestId('fiat-create-order'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/fiat/checkout/abc'));
    const order = calls.find((call) => call.path === '/api/v1/fiat/orders');
    expect(order?.body).toMatchObject({ provider: 'banxa', paymentMethod: 'card', walletAddress: '0xabc' });
    expect(order?.headers.get('Idempotency-Key')).toMatch(/.+/);
  });

  it("switches to selling from the landing page's sell amount, the offers dropped", async () => {
    fakeFetch(() => json(200, QUOTE));
    renderInPage(<FiatWidget {...PROPS} switchable={{ sellAmount: '0.5' }} />, { path: '/fiat' });
    fireEvent.submit(widget());
    await screen.findByTestId('fiat-offers');
    fireEvent.click(screen.getByTestId('fiat-side-sell'));
    expect(screen.getByTestId('fiat-side-sell').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('fiat-amount') as HTMLInputElement).value).toBe('0.5');
    expect(screen.getByText('You sell')).toBeTruthy();
    expect(screen.queryByTestId('fiat-offers')).toBeNull();
  });
});
