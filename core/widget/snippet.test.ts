import { describe, expect, it } from 'vitest';
import { type SnippetOptions, widgetSnippets, widgetSrc } from './snippet.ts';

const BASE = 'https://swapgate.example';
const options: SnippetOptions = {
  partner: 'Acme',
  lang: 'de',
  from: 'btc',
  to: 'eth',
  amount: '0.5',
  rateType: 'fixed',
  mode: 'dark',
  accent: '#FF6600',
  radius: '8',
  hideLogo: true,
};

describe('widget snippets', () => {
  it('writes the web component and the iframe from the choices', () => {
    const { component, iframe } = widgetSnippets(BASE, options, 'Krypto tauschen');
    expect(component).toBe(
      `<script src="${BASE}/embed/v1/swap-widget.js" async></script>
<swap-widget lang="de" partner="acme" from="btc" to="eth" amount="0.5" rate-type="fixed" theme="dark" accent="#ff6600" radius="8" hide-logo></swap-widget>`,
    );
    expect(iframe).toContain(
      `src="${BASE}/de/v2/widget?affiliate=acme&amp;from=btc&amp;to=eth&amp;amount=0.5&amp;rateType=fixed&amp;theme=dark&amp;accent=%23ff6600&amp;radius=8&amp;hideLogo=1"`,
    );
    expect(iframe).toContain('title="Krypto tauschen"');
  });

  it('leaves out what is wrong or default', () => {
    const plain = { ...options, partner: '"><script>', lang: 'en' as const, from: 'b c', to: 'btc' };
    expect(
      widgetSrc(BASE, {
        ...plain,
        amount: '-1',
        rateType: 'float',
        mode: 'light',
        accent: 'red;',
        radius: '99',
        hideLogo: false,
      }),
    ).toBe(`${BASE}/v2/widget?to=btc`);
    const { component } = widgetSnippets(BASE, { ...plain, accent: 'red' }, '"<x>');
    expect(component).not.toContain('<script>"');
    expect(component).not.toContain('accent=');
    expect(component).not.toContain('partner=');
  });
});
