/**
 * The embeddable widget's configuration: what its query may ask for (SPEC §2 `/v2/widget`), the
 * white-label theme an operator stores for a partner, their validation, and the CSS custom
 * properties a theme becomes. Nothing here is ever written into the page as CSS text: colours are
 * checked hex values, radii bounded integers, and they reach the page only as the values of a
 * fixed set of custom properties.
 */
import { COIN_CODE_PATTERN, DECIMAL_PATTERN, type RateType } from '../exchange/types.ts';
import type { Lang } from '../i18n/languages.ts';

export const WIDGET_MODES = ['light', 'dark', 'auto'] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];

/** The colours a widget may be given, by query or in a partner's stored theme. */
export const WIDGET_COLORS = ['accent', 'background', 'surface', 'text'] as const;
export type WidgetColor = (typeof WIDGET_COLORS)[number];
export type WidgetColors = Partial<Record<WidgetColor, string>>;

/** Corner radius bounds, in CSS pixels. */
export const MIN_RADIUS = 0;
export const MAX_RADIUS = 24;
export const MAX_BRAND_NAME = 40;
export const MAX_TITLE = 60;
export const MAX_SUBTITLE = 160;
export const MAX_HOST = 253;

/** `#rgb` or `#rrggbb`, nothing else (no names, no functions, no `;`). */
export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A partner id as stored in `partners.id`. */
export const PARTNER_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** A colour as the widget uses it: `#rrggbb` in lowercase; null when it is not a hex colour. */
export function normalizeColor(value: string | null | undefined): string | null {
  if (!value) return null;
  const raw = value.trim();
  const hex = raw.startsWith('#') ? raw : `#${raw}`;
  if (!HEX_COLOR.test(hex)) return null;
  const digits = hex.slice(1).toLowerCase();
  return `#${
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits
  }`;
}

/** A radius in pixels within the bounds, or null. */
export function normalizeRadius(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(String(value).trim().replace(/px$/, ''));
  if (!Number.isInteger(number) || number < MIN_RADIUS || number > MAX_RADIUS) return null;
  return number;
}

/** An http(s) origin (`https://shop.example:8443`), as postMessage takes it; null otherwise. */
export function normalizeOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    // Only a bare origin: "https://a.example/path" is not one.
    if (`${url.origin}` !== value.replace(/\/$/, '')) return null;
    return url.origin;
  } catch {
    return null;
  }
}

function flag(value: string | null): boolean {
  return value === '' || value === '1' || value === 'true' || value === 'yes';
}

/** What a widget's query asks for, each value checked; a bad one is left out (its default applies). */
export interface WidgetQuery {
  from?: string;
  to?: string;
  amount?: string;
  rateType?: RateType;
  /** The partner the widget's swaps are attributed to. */
  affiliate?: string;
  mode?: WidgetMode;
  colors: WidgetColors;
  radius?: number;
  /** Asked to hide our name; honoured only for white-label partners. */
  hideLogo: boolean;
  /** The embedding page's origin: the only one the widget posts its events to. */
  origin?: string;
}

/**
 * Reads a widget query: `from`, `to`, `amount`, `rateType` (or `rate`) fixed/float, `affiliate`
 * (or `partner`), `theme` light/dark/auto, the colours `accent`, `background`, `surface`, `text`
 * (hex, with or without `#`), `radius` (0–24), `hideLogo`, `origin`. Never throws.
 */
export function parseWidgetQuery(search: URLSearchParams): WidgetQuery {
  const get = (name: string) => search.get(name)?.trim() ?? null;
  const query: WidgetQuery = { colors: {}, hideLogo: false };
  const from = get('from')?.toLowerCase();
  const to = get('to')?.toLowerCase();
  if (from && COIN_CODE_PATTERN.test(from)) query.from = from;
  if (to && COIN_CODE_PATTERN.test(to)) query.to = to;
  const amount = get('amount');
  if (amount && DECIMAL_PATTERN.test(amount) && Number(amount) > 0) query.amount = amount;
  const rate = (get('rateType') ?? get('rate'))?.toLowerCase();
  if (rate === 'fixed' || rate === 'float') query.rateType = rate;
  const affiliate = (get('affiliate') ?? get('partner'))?.toLowerCase();
  if (affiliate && PARTNER_ID_PATTERN.test(affiliate)) query.affiliate = affiliate;
  const mode = get('theme')?.toLowerCase();
  if ((WIDGET_MODES as readonly string[]).includes(mode ?? '')) query.mode = mode as WidgetMode;
  for (const name of WIDGET_COLORS) {
    const color = normalizeColor(get(name));
    if (color) query.colors[name] = color;
  }
  const radius = normalizeRadius(get('radius'));
  if (radius !== null) query.radius = radius;
  query.hideLogo = flag(get('hideLogo') ?? get('hide-logo'));
  const origin = normalizeOrigin(get('origin'));
  if (origin) query.origin = origin;
  return query;
}

/** The query that carries a widget's configuration from one of its steps to the next. */
export function widgetConfigSearch(query: WidgetQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.affiliate) params.set('affiliate', query.affiliate);
  if (query.mode) params.set('theme', query.mode);
  for (const name of WIDGET_COLORS) {
    const color = query.colors[name];
    if (color) params.set(name, color);
  }
  if (query.radius !== undefined) params.set('radius', String(query.radius));
  if (query.hideLogo) params.set('hideLogo', '1');
  if (query.origin) params.set('origin', query.origin);
  return params;
}

// ---- The stored white-label theme (checked by theme.ts, on the server) --------------------------

export interface WidgetTheme {
  brandName: string | null;
  colors: WidgetColors;
  radius: number | null;
  mode: WidgetMode | null;
  hideLogo: boolean;
  texts: Partial<Record<Lang, { title?: string; subtitle?: string }>>;
  host: string | null;
}

// ---- What the widget shows ---------------------------------------------------------------------

/** The widget's look, the partner's stored theme with the query's choices over it. */
export interface WidgetLook {
  mode: WidgetMode;
  colors: WidgetColors;
  radius: number | null;
  /** Our name and logo are shown (false only for a white-label partner that hides them). */
  showLogo: boolean;
  /** The partner's brand name shown instead of ours, if any. */
  brandName: string | null;
  title: string | null;
  subtitle: string | null;
}

/**
 * The look: the query's mode, colours and radius over the partner's theme; hiding our logo only for
 * a white-label partner (one with a stored theme), by its theme or by the query.
 */
export function widgetLook(query: WidgetQuery, theme: WidgetTheme | null, lang: Lang): WidgetLook {
  const texts = theme?.texts[lang];
  return {
    mode: query.mode ?? theme?.mode ?? 'light',
    colors: { ...theme?.colors, ...query.colors },
    radius: query.radius ?? theme?.radius ?? null,
    showLogo: !(theme && (theme.hideLogo || query.hideLogo)),
    brandName: theme?.brandName ?? null,
    title: texts?.title ?? null,
    subtitle: texts?.subtitle ?? null,
  };
}

/** A colour mixed with another in the browser (values are checked hex colours or keywords). */
function mix(colorValue: string, percent: number, other: string): string {
  return `color-mix(in srgb, ${colorValue} ${percent}%, ${other})`;
}

/**
 * The custom properties the widget's root element carries: the design system's colour and radius
 * tokens, overridden. Every value is built here from checked colours and bounded numbers.
 */
export function widgetCssVariables(look: WidgetLook): Record<string, string> {
  const vars: Record<string, string> = {};
  const { accent, background, surface, text } = look.colors;
  if (accent && normalizeColor(accent)) {
    vars['--color-brand-600'] = accent;
    vars['--color-brand-500'] = mix(accent, 85, 'white');
    vars['--color-brand-700'] = mix(accent, 80, 'black');
    vars['--color-brand-50'] = mix(accent, 12, 'var(--color-surface)');
  }
  if (background && normalizeColor(background)) vars['--color-canvas'] = background;
  if (surface && normalizeColor(surface)) vars['--color-surface'] = surface;
  if (text && normalizeColor(text)) {
    vars['--color-ink'] = text;
    vars['--color-muted'] = mix(text, 70, 'var(--color-surface)');
  }
  if (look.radius !== null && Number.isInteger(look.radius)) {
    const r = Math.min(MAX_RADIUS, Math.max(MIN_RADIUS, look.radius));
    vars['--radius-md'] = `${Math.round(r * 0.375)}px`;
    vars['--radius-lg'] = `${Math.round(r * 0.5)}px`;
    vars['--radius-xl'] = `${Math.round(r * 0.75)}px`;
    vars['--radius-2xl'] = `${r}px`;
  }
  return vars;
}

/** The events the widget posts to the embedding page, in the order a swap meets them. */
export const WIDGET_EVENTS = ['ready', 'quote', 'swap_created', 'status_changed'] as const;
export type WidgetEvent = (typeof WIDGET_EVENTS)[number];
/** Marks the widget's messages apart from any other a page receives. */
export const WIDGET_MESSAGE_SOURCE = 'swapgate-widget';
