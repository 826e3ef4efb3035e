import { describe, expect, it } from 'vitest';
import { DataVersions } from './data-versions.ts';

describe('DataVersions', () => {
  it('keeps a snapshot current until one of its sources changes', () => {
    const versions = new DataVersions();
    const snapshot = versions.snapshot();
    versions.bump('catalogue');
    expect(versions.current(['global', 'market'], snapshot)).toBe(true);
    versions.bump('market');
    expect(versions.current(['global', 'market'], snapshot)).toBe(false);
    expect(versions.current(['global'], versions.snapshot())).toBe(true);
  });
});
