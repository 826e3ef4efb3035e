import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const coded = (code: string) => Object.assign(new Error('driver error'), { code });

describe('isDatabaseUnavailable', () => {
  it('knows the driver and network errors of an unreachable or slow database, also wrapped', () => {
    expect(isDatabaseUnavailable(coded('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(coded('57014'))).toBe(true);
    expect(isDatabaseUnavailable(coded('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: coded('57P01') }))).toBe(true);
  });

  it('leaves query mistakes and other failures to be errors', () => {
    expect(isDatabaseUnavailable(coded('23505'))).toBe(false);
    expect(isDatabaseUnavailable(coded('42P01'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('08006')).toBe(false);
  });
});
