import { useEffect, useEffectEvent, useReducer } from 'react';
import { ApiProblem, api, isAbort, NETWORK_ERROR } from './api-client.ts';

/** One call of the API client: a path under /api/v1 (with its query), its method and JSON body. */
export interface ApiRequest {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

/** Where a request stands; while loading, the previous answer stays on show. */
export type ApiState<T> =
  | { status: 'idle'; data: null; error: null }
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: ApiProblem };

export type ApiAction<T> =
  | { type: 'reset' }
  | { type: 'start' }
  | { type: 'success'; data: T }
  | { type: 'failure'; error: ApiProblem };

export const API_IDLE: ApiState<never> = { status: 'idle', data: null, error: null };

/** The state after one step of a request's life. */
export function apiReducer<T>(state: ApiState<T>, action: ApiAction<T>): ApiState<T> {
  switch (action.type) {
    case 'reset':
      return state.status === 'idle' ? state : API_IDLE;
    case 'start':
      return { status: 'loading', data: state.data, error: null };
    case 'success':
      return { status: 'ready', data: action.data, error: null };
    case 'failure':
      return { status: 'error', data: null, error: action.error };
  }
}

/** Any failure as an ApiProblem: what the server said, or a network error. */
export function asProblem(error: unknown): ApiProblem {
  return error instanceof ApiProblem ? error : new ApiProblem(0, NETWORK_ERROR, '');
}

export interface RequestHandlers<T> {
  /** `delay` ms before asking; without it the request leaves at once. */
  delay?: number | undefined;
  onSuccess: (data: T) => void;
  onError: (error: unknown) => void;
}

/**
 * Starts one request `delay` ms from now with its own AbortController. The returned function
 * cancels it: the timer is cleared, the request aborted, and an answer that still arrives is
 * dropped, so only the latest request of a caller is ever heard.
 */
export function startRequest<T>(
  run: (signal: AbortSignal) => Promise<T>,
  { delay, onSuccess, onError }: RequestHandlers<T>,
): () => void {
  const controller = new AbortController();
  const send = () => {
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) onSuccess(data);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        onError(error);
      },
    );
  };
  const timer = delay === undefined ? null : setTimeout(send, delay);
  if (timer === null) send();
  return () => {
    if (timer !== null) clearTimeout(timer);
    controller.abort();
  };
}

/** What identifies a request: the same key asks nothing new; a new `attempt` asks again. */
export function requestKey(request: ApiRequest | null, attempt = 0): string {
  return request
    ? JSON.stringify([request.path, request.method ?? 'GET', request.body ?? null, attempt])
    : '';
}

function requestOf(key: string): ApiRequest {
  const [path, method, body] = JSON.parse(key) as [string, 'GET' | 'POST', unknown];
  return { path, method, ...(body === null ? {} : { body }) };
}

export interface ApiOptions<T> {
  /** Debounce: ms between the request's last change and the call. */
  delay?: number;
  /** Changing it asks again for the same request. */
  attempt?: number;
  /** Events of the request's life, for callers that keep their own state beside the answer. */
  onStart?: () => void;
  onSuccess?: (data: T) => void;
  onError?: (error: ApiProblem) => void;
}

/**
 * The answer to an API call through the app's client (app/lib/api-client.ts): asked `delay` ms
 * after the request last changed, the previous call aborted and its late answer ignored. `null`
 * asks for nothing.
 */
export function useApi<T>(
  request: ApiRequest | null,
  lang: string,
  options: ApiOptions<T> = {},
): ApiState<T> {
  const [state, dispatch] = useReducer(apiReducer<T>, API_IDLE);
  const { delay, attempt = 0 } = options;
  const key = requestKey(request, attempt);
  const started = useEffectEvent(() => options.onStart?.());
  const succeeded = useEffectEvent((data: T) => options.onSuccess?.(data));
  const failed = useEffectEvent((error: ApiProblem) => options.onError?.(error));
  useEffect(() => {
    if (!key) {
      dispatch({ type: 'reset' });
      return;
    }
    const { path, method, body } = requestOf(key);
    dispatch({ type: 'start' });
    started();
    return startRequest(
      (signal) => api<T>(path, { lang, signal, ...(method === 'POST' ? { method } : {}), body }),
      {
        delay,
        onSuccess: (data) => {
          dispatch({ type: 'success', data });
          succeeded(data);
        },
        onError: (error) => {
          const problem = asProblem(error);
          dispatch({ type: 'failure', error: problem });
          failed(problem);
        },
      },
    );
  }, [key, lang, delay]);
  return state;
}

/** How long a quote waits after the form last changed before it is asked. */
export const QUOTE_DELAY_MS = 300;

export interface QuoteState<T> {
  /** The latest answer; the previous one stays on show while a new one is asked. */
  quotes: T | null;
  loading: boolean;
  /** What went wrong: the server's translated message, or `fallback`. */
  problem: string | null;
}

/**
 * Quotes for a form being edited (the DEX and cross-chain pages): `path` (null: the form asks for
 * nothing) asked QUOTE_DELAY_MS after it last changed, again for a new `attempt` (after a
 * transaction changed what the quote depends on), only the latest answer heard.
 */
export function useQuote<T>(
  path: string | null,
  lang: string,
  { attempt = 0, fallback }: { attempt?: number; fallback: string },
): QuoteState<T> {
  const state = useApi<T>(path ? { path } : null, lang, { delay: QUOTE_DELAY_MS, attempt });
  return {
    quotes: state.data,
    loading: state.status === 'loading',
    problem: state.status === 'error' ? state.error.message || fallback : null,
  };
}
