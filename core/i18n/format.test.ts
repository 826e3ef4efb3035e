import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatChange,
  formatCount,
  formatDay,
  formatDecimal,
  formatDuration,
  formatUsd,
} from './format.ts';

describe('number formats per language', () => {
  it('writes prices in the page language, with cents or significant digits', () => {
    expect(formatUsd('90450.5', 'en')).toBe('$90,450.50');
    expect(formatUsd('90450.5', 'de')).toMatch(/^90\.450,50\s\$$/);
    expect(formatUsd('0.0000123456', 'en')).toBe('$0.00001235');
    expect(formatUsd(null, 'en')).toBe('—');
  });

  it('signs changes and writes them as percentages', () => {
    expect(formatChange(0.0123, 'en')).toBe('+1.23%');
    expect(formatChange(-0.05, 'fr')).toMatch(/^-5,00\s%$/);
    expect(formatChange(null, 'en')).toBe('—');
  });

  it('writes amounts without exponents and counts with separators', () => {
    expect(formatAmount('0.000001', 'en')).toBe('0.000001');
    expect(formatAmount('12.3456789012', 'de')).toBe('12,345679');
    expect(formatCount(33672, 'en')).toBe('33,672');
  });

  it('writes exact decimal strings with every digit, in the page language', () => {
    expect(formatDecimal('1234.567890123456789012', 'en')).toBe('1,234.567890123456789012');
    expect(formatDecimal('1234.5678', 'de')).toBe('1.234,5678');
    expect(formatDecimal('0.1', 'fr')).toBe('0,1');
    expect(formatDecimal('1234567.5', 'fr')).toMatch(/^1\s234\s567,5$/);
    expect(formatDecimal('27.5975505', 'ja')).toBe('27.5975505');
    expect(formatDecimal('-3', 'en')).toBe('-3');
    expect(formatDecimal('1e3', 'de')).toBe('1e3');
  });
});

describe('dates per language', () => {
  it('writes the calendar day in UTC in the page language', () => {
    expect(formatDay('2024-05-14T23:30:00.000Z', 'en')).toBe('May 14, 2024');
    expect(formatDay('2024-05-14T00:00:00.000Z', 'de')).toBe('14. Mai 2024');
    expect(formatDay('2024-05-14T00:00:00.000Z', 'ja')).toBe('2024年5月14日');
  });
});

describe('durations per language', () => {
  it('says seconds below a minute and a half, whole minutes rounded up above', () => {
    expect(formatDuration(4, 'en')).toBe('4 seconds');
    expect(formatDuration(1, 'en')).toBe('1 second');
    expect(formatDuration(180, 'de')).toBe('3 Minuten');
    expect(formatDuration(121, 'en')).toBe('3 minutes');
    expect(formatDuration(2, 'ru')).toBe('2 секунды');
  });
});
