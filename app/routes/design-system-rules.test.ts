import { describe, expect, it } from 'vitest';
import { ruleStatus } from './design-system-rules.ts';

describe('ruleStatus', () => {
  const longEnough = (value: string) => value.length >= 8;

  it('is neutral while the field is empty, whatever the rule', () => {
    expect(ruleStatus('', longEnough)).toBe('neutral');
    expect(ruleStatus('', () => true)).toBe('neutral');
  });

  it('tells whether a typed value passes the rule', () => {
    expect(ruleStatus('correct horse', longEnough)).toBe('success');
    expect(ruleStatus('short', longEnough)).toBe('error');
  });
});
