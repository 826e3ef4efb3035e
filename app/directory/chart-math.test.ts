import { describe, expect, it } from 'vitest';
import {
  alignedColumns,
  asPercent,
  axisTimeFormatter,
  bounds,
  fractionDigits,
  hasLine,
  linePath,
  pointTimeFormatter,
  shownSeries,
  showsTimeOfDay,
  stepDigits,
  summarize,
  tickFormatter,
  timeSpan,
  timeSteps,
  valueFormatter,
} from './chart-math.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 18, 12);

describe('data', () => {
  it('turns points into percent change from the first one', () => {
    expect(
      asPercent([
        [1, 200],
        [2, 210],
        [3, 180],
      ]),
    ).toEqual([
      [1, 0],
      [2, 5],
      [3, -10],
    ]);
    expect(asPercent([])).toEqual([]);
    expect(
      asPercent([
        [1, 0],
        [2, 5],
      ]),
    ).toEqual([]);
  });

  it('normalises every series in percent mode only', () => {
    const series = [
      {
        label: 'A',
        points: [
          [1, 10],
          [2, 20],
        ] as [number, number][],
      },
    ];
    expect(shownSeries(series, 'usd')).toEqual(series);
    expect(shownSeries(series, 'percent')[0]?.points).toEqual([
      [1, 0],
      [2, 100],
    ]);
  });

  it('has a line with two points of one series', () => {
    expect(hasLine([])).toBe(false);
    expect(hasLine([{ label: 'A', points: [[1, 1]] }])).toBe(false);
    expect(
      hasLine([
        { label: 'A', points: [] },
        {
          label: 'B',
          points: [
            [1, 1],
            [2, 2],
          ],
        },
      ]),
    ).toBe(true);
  });

  it('aligns series on the union of their times, in seconds, null where missing', () => {
    expect(
      alignedColumns([
        {
          label: 'A',
          points: [
            [1000, 1],
            [3000, 3],
          ],
        },
        {
          label: 'B',
          points: [
            [2000, 20],
            [3000, 30],
          ],
        },
      ]),
    ).toEqual([
      [1, 2, 3],
      [1, null, 3],
      [null, 20, 30],
    ]);
  });

  it('measures the time span and the bounds of all series', () => {
    const series = [
      {
        label: 'A',
        points: [
          [T0, 5],
          [T0 + HOUR, 7],
        ] as [number, number][],
      },
      {
        label: 'B',
        points: [
          [T0 + HOUR, 2],
          [T0 + 3 * HOUR, 4],
        ] as [number, number][],
      },
    ];
    expect(timeSpan(series)).toBe(3 * HOUR);
    expect(timeSpan([{ label: 'A', points: [[T0, 1]] }])).toBe(0);
    expect(bounds(series)).toEqual({ x0: T0, x1: T0 + 3 * HOUR, y0: 2, y1: 7 });
    expect(bounds([])).toBeNull();
  });

  it('draws an SVG path in whole units, highest value at the top', () => {
    expect(
      linePath(
        [
          [0, 10],
          [50, 20],
          [100, 0],
        ],
        200,
        100,
      ),
    ).toBe('M0 50L100 0L200 100');
    expect(linePath([[0, 1]], 200, 100)).toBe('');
    // A flat line runs through the middle.
    expect(
      linePath(
        [
          [0, 3],
          [10, 3],
        ],
        100,
        40,
      ),
    ).toBe('M0 20L100 20');
    // A shared box puts two lines on one scale.
    expect(
      linePath(
        [
          [0, 5],
          [10, 10],
        ],
        100,
        100,
        { x0: 0, x1: 20, y0: 0, y1: 10 },
      ),
    ).toBe('M0 50L50 0');
  });

  it('summarises first, last, lowest and highest value', () => {
    expect(
      summarize({
        label: 'BTC',
        points: [
          [1, 100],
          [2, 90],
          [3, 120],
          [4, 110],
        ],
      }),
    ).toEqual({ label: 'BTC', first: 100, last: 110, min: 90, max: 120 });
    expect(summarize({ label: 'BTC', points: [] })).toBeNull();
  });
});

describe('numbers', () => {
  it('keeps five significant digits, at least the minimum of fraction digits', () => {
    expect(fractionDigits(104_523.12, 2)).toBe(2);
    expect(fractionDigits(1.0002, 2)).toBe(4);
    expect(fractionDigits(0.0000123, 2)).toBe(9);
    expect(fractionDigits(0, 2)).toBe(2);
    expect(fractionDigits(1e-30, 0)).toBe(20);
  });

  it('counts the fraction digits of an axis step', () => {
    expect(stepDigits(500)).toBe(0);
    expect(stepDigits(1)).toBe(0);
    expect(stepDigits(0.25)).toBe(2);
    expect(stepDigits(0.1 + 0.2)).toBe(1);
    expect(stepDigits(0.0000005)).toBe(7);
    expect(stepDigits(0)).toBe(0);
  });

  it('formats dollars with enough digits for small prices', () => {
    const en = valueFormatter('usd', 'en');
    expect(en(104_523.123)).toBe('$104,523.12');
    expect(en(1.5)).toBe('$1.50');
    expect(en(0.99984)).toBe('$0.99984');
    expect(en(0.0000123)).toBe('$0.0000123');
    const de = valueFormatter('usd', 'de');
    expect(de(104_523.123)).toBe('104.523,12\u00a0$');
    expect(de(0.0000123)).toBe('0,0000123\u00a0$');
  });

  it('formats percent changes with their sign', () => {
    const en = valueFormatter('percent', 'en');
    expect(en(1.234)).toBe('+1.23%');
    expect(en(-0.5)).toBe('-0.5%');
    expect(en(0)).toBe('0%');
    expect(valueFormatter('percent', 'de')(1.234)).toBe('+1,23\u00a0%');
  });

  it('formats a rate followed by its unit', () => {
    expect(valueFormatter('rate', 'en', 'ETH')(16.23456)).toBe('16.235 ETH');
    expect(valueFormatter('rate', 'en', 'BTC')(0.0523456)).toBe('0.052346 BTC');
    expect(valueFormatter('rate', 'en')(2)).toBe('2');
  });

  it('labels value ticks with the digits their step needs', () => {
    expect(tickFormatter('usd', 'en', 500)(104_500)).toBe('$104,500');
    expect(tickFormatter('usd', 'en', 0.0001)(0.9999)).toBe('$0.9999');
    expect(tickFormatter('usd', 'en', 0.0000005)(0.000012)).toBe('$0.0000120');
    expect(tickFormatter('percent', 'en', 2.5)(-7.5)).toBe('-7.5%');
    expect(tickFormatter('percent', 'en', 5)(10)).toBe('+10%');
    expect(tickFormatter('rate', 'en', 0.01)(16.2)).toBe('16.20');
  });
});

describe('times', () => {
  it('shows times of day up to two days, days beyond', () => {
    expect(showsTimeOfDay(DAY)).toBe(true);
    expect(showsTimeOfDay(7 * DAY)).toBe(false);
    const at = Date.UTC(2026, 10, 18, 15, 30);
    const local = new Date(at);
    const day = new Intl.DateTimeFormat('de', { day: 'numeric', month: 'short' }).format(local);
    expect(axisTimeFormatter('de', 7 * DAY)(at)).toBe(day);
    expect(axisTimeFormatter('en', DAY)(at)).toBe(
      new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(local),
    );
    expect(axisTimeFormatter('de', DAY)(at)).toMatch(/^\d\d:\d\d$/);
    expect(pointTimeFormatter('en')(at)).toContain(day.includes('Nov') ? 'Nov' : '');
  });

  it('steps the time axis by hours for a day, by whole days beyond', () => {
    expect(timeSteps(DAY)[0]).toBe(3600);
    expect(timeSteps(7 * DAY).every((step) => step % 86_400 === 0)).toBe(true);
  });
});
