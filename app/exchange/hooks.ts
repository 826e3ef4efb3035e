import { useEffect, useState } from 'react';
import { ApiProblem, api, isAbort, NETWORK_ERROR } from '../lib/api-client.ts';
import type { AddressCheck, PairInfo, Quote, QuoteRequest } from './types.ts';

export type QuoteState =
  | { status: 'idle'; quote: null; error: null }
  | { status: 'loading'; quote: Quote | null; error: null }
  | { status: 'ready'; quote: Quote; error: null }
  | { status: 'error'; quote: null; error: ApiProblem };

const IDLE: QuoteState = { status: 'idle', quote: null, error: null };

function asProblem(error: unknown): ApiProblem {
  return error instanceof ApiProblem ? error : new ApiProblem(0, NETWORK_ERROR, '');
}

/**
 * The live quote for a request: asked `delay` ms after the request last changed (POST
 * /api/v1/quotes), the previous request aborted. `null` asks for nothing. Changing `refresh`
 * asks again for the same request.
 */
export function useQuote(request: QuoteRequest | null, lang: string, delay: number, refresh = 0): QuoteState {
  const [state, setState] = useState<QuoteState>(IDLE);
  const key = request ? JSON.stringify(request) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `request`; `refresh` asks again.
  useEffect(() => {
    if (!request) {
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', quote: previous.quote, error: null }));
    const timer = setTimeout(() => {
      api<Quote>('/api/v1/quotes', { lang, method: 'POST', body: request, signal: controller.signal }).then(
        (quote) => {
          if (!controller.signal.aborted) setState({ status: 'ready', quote, error: null });
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          setState({ status: 'error', quote: null, error: asProblem(error) });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, lang, delay, refresh]);
  return state;
}

/** What GET /api/v1/pairs says about a pair (availability, fixed rate); null until it answers or on failure. */
export function usePair(
  pair: { from: string; fromNetwork: string; to: string; toNetwork: string } | null,
  lang: string,
): PairInfo | null {
  const [info, setInfo] = useState<PairInfo | null>(null);
  const key = pair ? `${pair.from}:${pair.fromNetwork}>${pair.to}:${pair.toNetwork}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `pair`.
  useEffect(() => {
    setInfo(null);
    if (!pair) return;
    const controller = new AbortController();
    const search = new URLSearchParams({ fromNetwork: pair.fromNetwork, toNetwork: pair.toNetwork });
    api<PairInfo>(
      `/api/v1/pairs/${encodeURIComponent(pair.from)}/${encodeURIComponent(pair.to)}?${search.toString()}`,
      { lang, signal: controller.signal },
    ).then(
      (answer) => {
        if (!controller.signal.aborted) setInfo(answer);
      },
      () => {},
    );
    return () => controller.abort();
  }, [key, lang]);
  return info;
}

export type AddressState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'valid'; memoValid?: boolean }
  | { status: 'invalid'; reason?: string; memoValid?: boolean }
  | { status: 'unknown' };

/**
 * Live address validation (GET /api/v1/addresses/validate), 400 ms after the last keystroke, the
 * previous check aborted. An empty address is not checked.
 */
export function useAddressCheck(network: string, address: string, memo: string, lang: string): AddressState {
  const [state, setState] = useState<AddressState>({ status: 'idle' });
  const trimmed = address.trim();
  const trimmedMemo = memo.trim();
  useEffect(() => {
    if (!trimmed) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'checking' });
    const timer = setTimeout(() => {
      const search = new URLSearchParams({ network, address: trimmed });
      if (trimmedMemo) search.set('memo', trimmedMemo);
      api<AddressCheck>(`/api/v1/addresses/validate?${search.toString()}`, {
        lang,
        signal: controller.signal,
      }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          const memoValid = answer.memoValid === undefined ? {} : { memoValid: answer.memoValid };
          setState(
            answer.valid
              ? { status: 'valid', ...memoValid }
              : { status: 'invalid', ...(answer.reason ? { reason: answer.reason } : {}), ...memoValid },
          );
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          setState({ status: 'unknown' });
        },
      );
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [network, trimmed, trimmedMemo, lang]);
  return state;
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
