import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProblem, NETWORK_ERROR } from './api-client.ts';
import { API_IDLE, type ApiState, apiReducer, asProblem, requestKey, startRequest } from './use-api.ts';

describe('apiReducer', () => {
  const problem = new ApiProblem(422, 'amount_below_min', 'Too little');

  it('keeps the previous answer on show while loading', () => {
    const ready: ApiState<number> = { status: 'ready', data: 7, error: null };
    expect(apiReducer(ready, { type: 'start' })).toEqual({ status: 'loading', data: 7, error: null });
    expect(apiReducer<number>(API_IDLE, { type: 'start' })).toEqual({
      status: 'loading',
      data: null,
      error: null,
    });
  });

  it('takes an answer or a problem', () => {
    const loading: ApiState<number> = { status: 'loading', data: 1, error: null };
    expect(apiReducer(loading, { type: 'success', data: 2 })).toEqual({
      status: 'ready',
      data: 2,
      error: null,
    });
    expect(apiReducer(loading, { type: 'failure', error: problem })).toEqual({
      status: 'error',
      data: null,
      error: problem,
    });
  });

  it('starts a failed request again without the failed answer', () => {
    const failed: ApiState<number> = { status: 'error', data: null, error: problem };
    expect(apiReducer(failed, { type: 'start' })).toEqual({ status: 'loading', data: null, error: null });
  });

  it('goes back to idle, unchanged when already idle', () => {
    const ready: ApiState<number> = { status: 'ready', data: 7, error: null };
    expect(apiReducer(ready, { type: 'reset' })).toBe(API_IDLE);
    const idle: ApiState<number> = API_IDLE;
    expect(apiReducer(idle, { type: 'reset' })).toBe(idle);
  });
});

describe('asProblem', () => {
  it('keeps an ApiProblem and turns anything else into a network error', () => {
    const problem = new ApiProblem(500, 'internal', 'Oops');
    expect(asProblem(problem)).toBe(problem);
    const other = asProblem(new TypeError('Failed to fetch'));
    expect(other).toBeInstanceOf(ApiProblem);
    expect(other.status).toBe(0);
    expect(other.code).toBe(NETWORK_ERROR);
  });
});

describe('requestKey', () => {
  it('is empty for no request', () => {
    expect(requestKey(null)).toBe('');
    expect(requestKey(null, 3)).toBe('');
  });
  it('is the same for the same request and changes with the path, method, body or attempt', () => {
    const request = { path: '/api/v1/quotes', method: 'POST' as const, body: { amount: '0.1' } };
    const key = requestKey(request);
    expect(requestKey({ ...request, body: { amount: '0.1' } })).toBe(key);
    expect(requestKey({ ...request, body: { amount: '0.2' } })).not.toBe(key);
    expect(requestKey({ ...request, path: '/api/v1/other' })).not.toBe(key);
    expect(requestKey({ path: '/api/v1/quotes', body: { amount: '0.1' } })).not.toBe(key);
    expect(requestKey(request, 1)).not.toBe(key);
    expect(requestKey({ path: '/a' })).toBe(requestKey({ path: '/a', method: 'GET' }));
  });
});

/** A request whose answer the test gives, with the signal it was sent with. */
function deferred<T>() {
  const calls: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const run = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ signal, resolve, reject });
      }),
  );
  return { run, calls };
}

describe('startRequest', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the delay before asking', async () => {
    const { run, calls } = deferred<string>();
    const onSuccess = vi.fn();
    startRequest(run, { delay: 400, onSuccess, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(399);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledOnce();
    calls[0]?.resolve('answer');
    await vi.runAllTimersAsync();
    expect(onSuccess).toHaveBeenCalledWith('answer');
  });

  it('asks at once without a delay', () => {
    const { run } = deferred<string>();
    startRequest(run, { onSuccess: vi.fn(), onError: vi.fn() });
    expect(run).toHaveBeenCalledOnce();
  });

  it('waits a zero delay for the next task', async () => {
    const { run } = deferred<string>();
    startRequest(run, { delay: 0, onSuccess: vi.fn(), onError: vi.fn() });
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledOnce();
  });

  it('debounces: cancelled before the delay, nothing is asked', async () => {
    const { run } = deferred<string>();
    const cancel = startRequest(run, { delay: 400, onSuccess: vi.fn(), onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(200);
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).not.toHaveBeenCalled();
  });

  it('aborts a request under way and ignores its late answer', async () => {
    const { run, calls } = deferred<string>();
    const onSuccess = vi.fn();
    const onError = vi.fn();
    const cancel = startRequest(run, { delay: 0, onSuccess, onError });
    await vi.advanceTimersByTimeAsync(0);
    const call = calls[0];
    expect(call?.signal.aborted).toBe(false);
    cancel();
    expect(call?.signal.aborted).toBe(true);
    call?.resolve('stale');
    await vi.runAllTimersAsync();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('hears only the latest of two requests whatever order they answer in', async () => {
    const { run, calls } = deferred<string>();
    const heard: string[] = [];
    const onSuccess = (value: string) => heard.push(value);
    const cancelFirst = startRequest(run, { onSuccess, onError: vi.fn() });
    cancelFirst();
    startRequest(run, { onSuccess, onError: vi.fn() });
    calls[1]?.resolve('second');
    calls[0]?.resolve('first');
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['second']);
  });

  it('reports a failure, but not an abort', async () => {
    const { run, calls } = deferred<string>();
    const onError = vi.fn();
    startRequest(run, { onSuccess: vi.fn(), onError });
    const problem = new ApiProblem(422, 'amount_below_min', '');
    calls[0]?.reject(problem);
    await vi.runAllTimersAsync();
    expect(onError).toHaveBeenCalledWith(problem);

    const onAbortError = vi.fn();
    startRequest(run, { onSuccess: vi.fn(), onError: onAbortError });
    calls[1]?.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await vi.runAllTimersAsync();
    expect(onAbortError).not.toHaveBeenCalled();
  });

  it('drops a failure that arrives after the cancel', async () => {
    const { run, calls } = deferred<string>();
    const onError = vi.fn();
    const cancel = startRequest(run, { onSuccess: vi.fn(), onError });
    cancel();
    calls[0]?.reject(new ApiProblem(0, NETWORK_ERROR, ''));
    await vi.runAllTimersAsync();
    expect(onError).not.toHaveBeenCalled();
  });
});
