import { COIN_CODE_PATTERN, DECIMAL_PATTERN, type RateType } from '../exchange/types.ts';
import { LANGUAGES, type Lang } from '../i18n/languages.ts';
import { localizePath } from '../routing/paths.ts';
import { normalizeColor, normalizeRadius, PARTNER_ID_PATTERN, type WidgetMode } from './config.ts';

/** The versioned address of the embed script (public/embed/v1/swap-widget.js, cached for a year). */
export const EMBED_SCRIPT_PATH = '/embed/v1/swap-widget.js';

/** What a partner chooses in the snippet generator of /for-partners. */
export interface SnippetOptions {
  partner: string;
  lang: Lang;
  from: string;
  to: string;
  amount: string;
  rateType: RateType;
  mode: WidgetMode;
  accent: string;
  radius: string;
  hideLogo: boolean;
}

/** The settings that go into a snippet: each checked, a wrong or default one left out. */
function settings(options: SnippetOptions): [attribute: string, param: string, value: string][] {
  const out: [string, string, string][] = [];
  const partner = options.partner.trim().toLowerCase();
  if (PARTNER_ID_PATTERN.test(partner)) out.push(['partner', 'affiliate', partner]);
  const from = options.from.trim().toLowerCase();
  const to = options.to.trim().toLowerCase();
  if (COIN_CODE_PATTERN.test(from)) out.push(['from', 'from', from]);
  if (COIN_CODE_PATTERN.test(to) && to !== from) out.push(['to', 'to', to]);
  const amount = options.amount.trim();
  if (DECIMAL_PATTERN.test(amount) && Number(amount) > 0) out.push(['amount', 'amount', amount]);
  if (options.rateType === 'fixed') out.push(['rate-type', 'rateType', 'fixed']);
  if (options.mode !== 'light') out.push(['theme', 'theme', options.mode]);
  const accent = normalizeColor(options.accent);
  if (accent) out.push(['accent', 'accent', accent]);
  const radius = normalizeRadius(options.radius);
  if (radius !== null) out.push(['radius', 'radius', String(radius)]);
  return out;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The widget's address for these options (the iframe snippet's and the preview's). */
export function widgetSrc(baseUrl: string, options: SnippetOptions): string {
  const query = new URLSearchParams(settings(options).map(([, param, value]) => [param, value]));
  if (options.hideLogo) query.set('hideLogo', '1');
  const search = query.toString();
  const lang = (LANGUAGES as readonly string[]).includes(options.lang) ? options.lang : 'en';
  return `${baseUrl}${localizePath(lang, '/v2/widget')}${search ? `?${search}` : ''}`;
}

/** The two ways to embed: the `<swap-widget>` web component, and a plain iframe. */
export function widgetSnippets(
  baseUrl: string,
  options: SnippetOptions,
  title: string,
): { component: string; iframe: string } {
  const attributes = settings(options).map(
    ([attribute, , value]) => ` ${attribute}="${escapeAttribute(value)}"`,
  );
  if (options.lang !== 'en') attributes.unshift(` lang="${options.lang}"`);
  if (options.hideLogo) attributes.push(' hide-logo');
  const component = `<script src="${baseUrl}${EMBED_SCRIPT_PATH}" async></script>
<swap-widget${attributes.join('')}></swap-widget>`;
  const iframe = `<iframe src="${escapeAttribute(widgetSrc(baseUrl, options))}"
  title="${escapeAttribute(title)}" allow="clipboard-write"
  style="width:100%;max-width:480px;height:720px;border:0"></iframe>`;
  return { component, iframe };
}
