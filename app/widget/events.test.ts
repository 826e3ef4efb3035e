import { describe, expect, it } from 'vitest';
import { embedderOrigin } from './events.ts';

describe('the origin the widget posts to', () => {
  it('is the one it was told, else the referrer’s, and only when framed', () => {
    expect(embedderOrigin('https://shop.example', 'https://other.example/page', true)).toBe(
      'https://shop.example',
    );
    expect(embedderOrigin(null, 'https://shop.example/checkout?x=1', true)).toBe('https://shop.example');
    expect(embedderOrigin('https://shop.example', 'https://shop.example/', false)).toBeNull();
  });

  it('is never a wildcard or a non-http origin', () => {
    expect(embedderOrigin(null, '', true)).toBeNull();
    expect(embedderOrigin('*', '', true)).toBeNull();
    expect(embedderOrigin(null, 'file:///tmp/page.html', true)).toBeNull();
    expect(embedderOrigin(null, 'not a url', true)).toBeNull();
  });
});
