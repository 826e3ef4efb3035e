import { describe, expect, it } from 'vitest';
import { DatabaseOutage } from './outage.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('DatabaseOutage', () => {
  it('opens for the retry window on an unavailable database, then lets requests try again', () => {
    let now = 1_000_000;
    const outage = new DatabaseOutage({ now: () => now, windowMs: 5_000 });
    expect(outage.open).toBe(false);
    expect(outage.report(refused)).toBe('new');
    expect(outage.open).toBe(true);
    now += 4_999;
    expect(outage.open).toBe(true);
    now += 1;
    expect(outage.open).toBe(false);
  });

  it('counts the reports of one outage once, and a later outage anew', () => {
    let now = 0;
    const outage = new DatabaseOutage({ now: () => now });
    expect(outage.report(refused)).toBe('new');
    now += 6_000;
    expect(outage.report(refused)).toBe('ongoing');
    now += 60_000;
    expect(outage.report(refused)).toBe('new');
  });

  it('ignores errors that do not say the database is unavailable', () => {
    const outage = new DatabaseOutage();
    expect(outage.report(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(outage.open).toBe(false);
  });
});
