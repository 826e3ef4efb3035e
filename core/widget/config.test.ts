import { describe, expect, it } from 'vitest';
import {
  normalizeColor,
  normalizeOrigin,
  normalizeRadius,
  parseWidgetQuery,
  widgetConfigSearch,
  widgetCssVariables,
  widgetLook,
} from './config.ts';
import { validateWidgetTheme } from './theme.ts';

const query = (search: string) => parseWidgetQuery(new URLSearchParams(search));

describe('widget query', () => {
  it('reads every setting', () => {
    expect(
      query(
        'from=ETH&to=btc&amount=1.5&rateType=fixed&affiliate=Demo-Partner&theme=dark&accent=%23FF6600&background=fff&radius=12&hideLogo=1&origin=https://shop.example:8443',
      ),
    ).toEqual({
      from: 'eth',
      to: 'btc',
      amount: '1.5',
      rateType: 'fixed',
      affiliate: 'demo-partner',
      mode: 'dark',
      colors: { accent: '#ff6600', background: '#ffffff' },
      radius: 12,
      hideLogo: true,
      origin: 'https://shop.example:8443',
    });
  });

  it('drops bad values for their defaults instead of failing', () => {
    expect(
      query(
        'from=<script>&to=b%20c&amount=-1&rateType=cheap&affiliate=../x&theme=neon&accent=red;x:1&text=url(x)&radius=99&hideLogo=no&origin=javascript:alert(1)',
      ),
    ).toEqual({ colors: {}, hideLogo: false });
    expect(query('amount=0')).toEqual({ colors: {}, hideLogo: false });
    expect(query('radius=3.5').radius).toBeUndefined();
    expect(query('rate=float').rateType).toBe('float');
    expect(query('partner=acme').affiliate).toBe('acme');
  });

  it('carries the configuration, not the step, to the next step', () => {
    const search = widgetConfigSearch(
      query('from=eth&amount=2&affiliate=acme&theme=auto&accent=123&radius=0'),
    );
    expect(search.toString()).toBe('affiliate=acme&theme=auto&accent=%23112233&radius=0');
  });
});

describe('values', () => {
  it('takes only hex colours', () => {
    expect(normalizeColor('#AbC')).toBe('#aabbcc');
    expect(normalizeColor('1f5ad6')).toBe('#1f5ad6');
    for (const bad of ['red', '#12345', '#1234567', 'rgb(0,0,0)', '#fff;}body{x:y', '', null]) {
      expect(normalizeColor(bad)).toBeNull();
    }
  });

  it('bounds the radius', () => {
    expect(normalizeRadius('0')).toBe(0);
    expect(normalizeRadius('24px')).toBe(24);
    expect(normalizeRadius('25')).toBeNull();
    expect(normalizeRadius('-1')).toBeNull();
  });

  it('takes bare http(s) origins only', () => {
    expect(normalizeOrigin('http://localhost:4291')).toBe('http://localhost:4291');
    expect(normalizeOrigin('https://a.example/')).toBe('https://a.example');
    for (const bad of ['https://a.example/path', 'ftp://a.example', 'null', '*', 'https://u:p@a.example']) {
      expect(normalizeOrigin(bad)).toBeNull();
    }
  });
});

describe('white-label theme', () => {
  it('accepts a whole theme and keeps it normalised', () => {
    const check = validateWidgetTheme({
      brandName: ' Acme Swap ',
      colors: { accent: '#F60', surface: '#ffffff' },
      radius: 8,
      mode: 'dark',
      hideLogo: true,
      texts: { de: { title: 'Tauschen bei Acme', subtitle: 'Ohne Konto.' }, en: {} },
      host: 'Swap.Acme.example',
    });
    expect(check).toEqual({
      ok: true,
      theme: {
        brandName: 'Acme Swap',
        colors: { accent: '#ff6600', surface: '#ffffff' },
        radius: 8,
        mode: 'dark',
        hideLogo: true,
        texts: { de: { title: 'Tauschen bei Acme', subtitle: 'Ohne Konto.' } },
        host: 'swap.acme.example',
      },
    });
  });

  it('names the first refused field', () => {
    const field = (input: unknown) => {
      const check = validateWidgetTheme(input);
      return check.ok ? null : check.field;
    };
    expect(field({ colors: { accent: 'red' } })).toBe('colors.accent');
    expect(field({ colors: { accent: '#fff;background:url(x)' } })).toBe('colors.accent');
    expect(field({ colors: { shadow: '#fff' } })).toBe('colors.shadow');
    expect(field({ radius: 25 })).toBe('radius');
    expect(field({ radius: 2.5 })).toBe('radius');
    expect(field({ brandName: 'x'.repeat(41) })).toBe('brandName');
    expect(field({ brandName: '<b>Acme</b>' })).toBe('brandName');
    expect(field({ texts: { de: { title: 'y'.repeat(61) } } })).toBe('texts.de.title');
    expect(field({ texts: { xx: { title: 'Hi' } } })).toBe('texts.xx');
    expect(field({ host: 'not a host' })).toBe('host');
    expect(field({ css: 'body{}' })).toBe('css');
    expect(field({})).toBeNull();
  });
});

describe('look and CSS variables', () => {
  const theme = validateWidgetTheme({
    brandName: 'Acme',
    colors: { accent: '#ff6600', text: '#111111' },
    radius: 20,
    texts: { fr: { title: 'Échanger chez Acme' } },
  });
  if (!theme.ok) throw new Error('theme');

  it('puts the query over the partner theme; hides our logo only for white-label partners', () => {
    const look = widgetLook(query('accent=00aa00&hideLogo=1'), theme.theme, 'fr');
    expect(look).toMatchObject({
      mode: 'light',
      colors: { accent: '#00aa00', text: '#111111' },
      radius: 20,
      showLogo: false,
      brandName: 'Acme',
      title: 'Échanger chez Acme',
    });
    expect(widgetLook(query('hideLogo=1'), null, 'fr').showLogo).toBe(true);
    expect(widgetLook(query(''), theme.theme, 'de').title).toBeNull();
  });

  it('sets only the design tokens, from checked values', () => {
    const vars = widgetCssVariables(widgetLook(query('radius=8'), theme.theme, 'en'));
    expect(vars).toEqual({
      '--color-brand-600': '#ff6600',
      '--color-brand-500': 'color-mix(in srgb, #ff6600 85%, white)',
      '--color-brand-700': 'color-mix(in srgb, #ff6600 80%, black)',
      '--color-brand-50': 'color-mix(in srgb, #ff6600 12%, var(--color-surface))',
      '--color-ink': '#111111',
      '--color-muted': 'color-mix(in srgb, #111111 70%, var(--color-surface))',
      '--radius-md': '3px',
      '--radius-lg': '4px',
      '--radius-xl': '6px',
      '--radius-2xl': '8px',
    });
    expect(widgetCssVariables(widgetLook(query(''), null, 'en'))).toEqual({});
  });
});
