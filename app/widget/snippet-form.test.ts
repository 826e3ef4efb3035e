import { describe, expect, it } from 'vitest';
import { widgetSnippets } from '../../core/widget/snippet.ts';
import { accentSwatch, DEFAULT_ACCENT, defaultSnippetOptions, isAccentInvalid } from './snippet-form.ts';

describe('defaultSnippetOptions', () => {
  it('is a demo partner’s BTC to ETH widget in the page’s language', () => {
    const options = defaultSnippetOptions('fr');
    expect(options).toMatchObject({
      partner: 'demo-partner',
      lang: 'fr',
      from: 'btc',
      to: 'eth',
      amount: '0.1',
    });
    expect(widgetSnippets('https://example.com', options, 'Widget').component).toContain(
      'partner="demo-partner"',
    );
  });
});

describe('isAccentInvalid', () => {
  it('accepts an empty accent (our own) and a colour, refuses anything else', () => {
    expect(isAccentInvalid('')).toBe(false);
    expect(isAccentInvalid('  ')).toBe(false);
    expect(isAccentInvalid('#ff0000')).toBe(false);
    expect(isAccentInvalid('red-ish')).toBe(true);
  });
});

describe('accentSwatch', () => {
  it('shows the accent typed when it is a colour, else our own', () => {
    expect(accentSwatch('#ff0000')).toBe('#ff0000');
    expect(accentSwatch('')).toBe(DEFAULT_ACCENT);
    expect(accentSwatch('nope')).toBe(DEFAULT_ACCENT);
  });
});
