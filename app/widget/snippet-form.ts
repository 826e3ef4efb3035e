import type { Lang } from '../../core/i18n/languages.ts';
import { normalizeColor } from '../../core/widget/config.ts';
import type { SnippetOptions } from '../../core/widget/snippet.ts';

/** The colour the accent picker shows while the accent field is empty or not a colour (our own). */
export const DEFAULT_ACCENT = '#1f5ad6';

/** What the generator starts with: a demo partner's BTC → ETH widget in the page's language. */
export function defaultSnippetOptions(lang: Lang): SnippetOptions {
  return {
    partner: 'demo-partner',
    lang,
    from: 'btc',
    to: 'eth',
    amount: '0.1',
    rateType: 'float',
    mode: 'light',
    accent: '',
    radius: '16',
    hideLogo: false,
  };
}

/** An accent typed that is not a colour (empty is fine: our own accent). */
export function isAccentInvalid(accent: string): boolean {
  return accent.trim() !== '' && !normalizeColor(accent);
}

/** The colour picker's value for the accent typed. */
export function accentSwatch(accent: string): string {
  return normalizeColor(accent) ?? DEFAULT_ACCENT;
}
