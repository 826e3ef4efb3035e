import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { repeatAfter } from '../lib/poll.ts';
import { type ApiOptions, type ApiRequest, type ApiState, useApi } from '../lib/use-api.ts';
import type { AddressCheck, PairInfo, Quote, QuoteRequest } from './types.ts';

export type QuoteState = ApiState<Quote>;

/** The quote call for a request (POST /api/v1/quotes); null asks for nothing. */
export function quoteRequest(request: QuoteRequest | null): ApiRequest | null {
  return request ? { path: '/api/v1/quotes', method: 'POST', body: request } : null;
}

/**
 * The live quote for a request: asked `delay` ms after the request last changed, the previous
 * request aborted. `null` asks for nothing. Changing `refresh` asks again for the same request;
 * `events` hear each quote call start, succeed or fail.
 */
export function useQuote(
  request: QuoteRequest | null,
  lang: string,
  delay: number,
  refresh = 0,
  events: Pick<ApiOptions<Quote>, 'onStart' | 'onSuccess' | 'onError'> = {},
): QuoteState {
  return useApi<Quote>(quoteRequest(request), lang, { delay, attempt: refresh, ...events });
}

export interface PairKey {
  from: string;
  fromNetwork: string;
  to: string;
  toNetwork: string;
}

/** The pair call (GET /api/v1/pairs/{from}/{to}?fromNetwork=…&toNetwork=…); null asks for nothing. */
export function pairRequest(pair: PairKey | null): ApiRequest | null {
  if (!pair) return null;
  const search = new URLSearchParams({ fromNetwork: pair.fromNetwork, toNetwork: pair.toNetwork });
  return {
    path: `/api/v1/pairs/${encodeURIComponent(pair.from)}/${encodeURIComponent(pair.to)}?${search.toString()}`,
  };
}

/** What GET /api/v1/pairs says about a pair (availability, fixed rate); null until it answers or on failure. */
export function usePair(pair: PairKey | null, lang: string): PairInfo | null {
  const state = useApi<PairInfo>(pairRequest(pair), lang);
  return state.status === 'ready' ? state.data : null;
}

export type AddressState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'valid'; memoValid?: boolean }
  | { status: 'invalid'; reason?: string; memoValid?: boolean }
  | { status: 'unknown' };

/** Ms between the last keystroke and the address check. */
export const ADDRESS_CHECK_DELAY_MS = 400;

/** The address check (GET /api/v1/addresses/validate?network=…&address=…[&memo=…]); an empty address is not checked. */
export function addressRequest(network: string, address: string, memo: string): ApiRequest | null {
  const trimmed = address.trim();
  if (!trimmed) return null;
  const search = new URLSearchParams({ network, address: trimmed });
  const trimmedMemo = memo.trim();
  if (trimmedMemo) search.set('memo', trimmedMemo);
  return { path: `/api/v1/addresses/validate?${search.toString()}` };
}

/** The address field's state for where its check stands; a check that could not run is 'unknown'. */
export function addressState(check: ApiState<AddressCheck>): AddressState {
  switch (check.status) {
    case 'idle':
      return { status: 'idle' };
    case 'loading':
      return { status: 'checking' };
    case 'error':
      return { status: 'unknown' };
    case 'ready': {
      const answer = check.data;
      const memoValid = answer.memoValid === undefined ? {} : { memoValid: answer.memoValid };
      return answer.valid
        ? { status: 'valid', ...memoValid }
        : { status: 'invalid', ...(answer.reason ? { reason: answer.reason } : {}), ...memoValid };
    }
  }
}

/**
 * Live address validation, 400 ms after the last keystroke, the previous check aborted. An empty
 * address is not checked.
 */
export function useAddressCheck(network: string, address: string, memo: string, lang: string): AddressState {
  const check = useApi<AddressCheck>(addressRequest(network, address, memo), lang, {
    delay: ADDRESS_CHECK_DELAY_MS,
  });
  return addressState(check);
}

/** The current time, ticking every second while `active`. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** False during the server render and hydration, true afterwards (for the visitor's time zone and clock). */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * While `active`, the page's loaders run again `interval` ms after the previous revalidation
 * ended (the router's revalidation: the route loader stays the one source of the page's data).
 */
export function useRevalidateEvery(interval: number, active: boolean): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    return repeatAfter(revalidate, interval);
  }, [active, interval, revalidate]);
}
