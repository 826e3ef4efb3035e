import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../lib/api-client.ts';
import { addressRequest, addressState, pairRequest, quoteRequest } from './api-hooks.ts';

describe('quoteRequest', () => {
  it('posts the request to /api/v1/quotes, or asks nothing', () => {
    const request = {
      from: 'btc',
      fromNetwork: 'bitcoin',
      to: 'eth',
      toNetwork: 'ethereum',
      amount: '0.1',
      rateType: 'float' as const,
    };
    expect(quoteRequest(request)).toEqual({ path: '/api/v1/quotes', method: 'POST', body: request });
    expect(quoteRequest(null)).toBeNull();
  });
});

describe('pairRequest', () => {
  it('asks GET /api/v1/pairs/{from}/{to} with the networks', () => {
    expect(pairRequest({ from: 'btc', fromNetwork: 'bitcoin', to: 'usdt', toNetwork: 'tron' })).toEqual({
      path: '/api/v1/pairs/btc/usdt?fromNetwork=bitcoin&toNetwork=tron',
    });
    expect(pairRequest({ from: 'a/b', fromNetwork: 'x y', to: 'c', toNetwork: 'z' })?.path).toBe(
      '/api/v1/pairs/a%2Fb/c?fromNetwork=x+y&toNetwork=z',
    );
    expect(pairRequest(null)).toBeNull();
  });
});

describe('addressRequest', () => {
  it('checks the trimmed address, with the memo when there is one', () => {
    expect(addressRequest('ethereum', '  0xabc ', '')).toEqual({
      path: '/api/v1/addresses/validate?network=ethereum&address=0xabc',
    });
    expect(addressRequest('ripple', 'rAddr', ' 123 ')).toEqual({
      path: '/api/v1/addresses/validate?network=ripple&address=rAddr&memo=123',
    });
  });
  it('asks nothing for an empty address', () => {
    expect(addressRequest('ethereum', '   ', '123')).toBeNull();
  });
});

describe('addressState', () => {
  it('follows the check: idle, checking, unknown after a failure', () => {
    expect(addressState({ status: 'idle', data: null, error: null })).toEqual({ status: 'idle' });
    expect(addressState({ status: 'loading', data: { valid: true }, error: null })).toEqual({
      status: 'checking',
    });
    expect(
      addressState({ status: 'error', data: null, error: new ApiProblem(0, 'network_error', '') }),
    ).toEqual({ status: 'unknown' });
  });
  it('is valid or invalid with the reason and whether the memo is valid', () => {
    expect(addressState({ status: 'ready', data: { valid: true }, error: null })).toEqual({
      status: 'valid',
    });
    expect(addressState({ status: 'ready', data: { valid: true, memoValid: false }, error: null })).toEqual({
      status: 'valid',
      memoValid: false,
    });
    expect(addressState({ status: 'ready', data: { valid: false }, error: null })).toEqual({
      status: 'invalid',
    });
    expect(
      addressState({
        status: 'ready',
        data: { valid: false, reason: 'checksum', memoValid: true },
        error: null,
      }),
    ).toEqual({ status: 'invalid', reason: 'checksum', memoValid: true });
  });
});
