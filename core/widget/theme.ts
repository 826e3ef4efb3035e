/**
 * A partner's white-label widget theme as the operator sends it and the database keeps it: every
 * value checked (server only: the browser bundle stays without zod).
 */
import { z } from 'zod';
import { LANGUAGES, type Lang } from '../i18n/languages.ts';
import {
  HEX_COLOR,
  MAX_BRAND_NAME,
  MAX_HOST,
  MAX_RADIUS,
  MAX_SUBTITLE,
  MAX_TITLE,
  MIN_RADIUS,
  normalizeColor,
  WIDGET_COLORS,
  WIDGET_MODES,
  type WidgetColor,
  type WidgetColors,
  type WidgetTheme,
} from './config.ts';

/** A host name (lowercase, dots, no port). */
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Letters of any script, digits, spaces and ordinary punctuation: no control characters, no markup. */
const PLAIN_TEXT = /^[^\p{Cc}\p{Cf}<>{}]*$/u;

const plain = (max: number) =>
  z.string().trim().min(1).max(max).regex(PLAIN_TEXT, { message: 'plain text only' });
const color = z
  .string()
  .regex(HEX_COLOR, { message: 'a hex colour (#rgb or #rrggbb)' })
  .transform((value) => normalizeColor(value) as string);
const texts = z.strictObject({
  title: plain(MAX_TITLE).optional(),
  subtitle: plain(MAX_SUBTITLE).optional(),
});

/** A partner's white-label theme as the operator sends it and the database keeps it. */
export const widgetThemeSchema = z.strictObject({
  brandName: plain(MAX_BRAND_NAME).nullable().optional(),
  colors: z
    .strictObject(
      Object.fromEntries(WIDGET_COLORS.map((name) => [name, color.optional()])) as {
        [K in WidgetColor]: z.ZodOptional<typeof color>;
      },
    )
    .optional(),
  radius: z.number().int().min(MIN_RADIUS).max(MAX_RADIUS).nullable().optional(),
  mode: z.enum(WIDGET_MODES).nullable().optional(),
  hideLogo: z.boolean().optional(),
  /** Per language: the widget's title and the line under it (our texts where absent). */
  texts: z
    .strictObject(
      Object.fromEntries(LANGUAGES.map((lang) => [lang, texts.optional()])) as {
        [K in Lang]: z.ZodOptional<typeof texts>;
      },
    )
    .optional(),
  /** The partner's own host serving the widget (a CNAME to us), or null. */
  host: z
    .string()
    .trim()
    .toLowerCase()
    .max(MAX_HOST)
    .regex(HOST_PATTERN, { message: 'a host name' })
    .nullable()
    .optional(),
});
export type WidgetThemeInput = z.input<typeof widgetThemeSchema>;

export type ThemeCheck = { ok: true; theme: WidgetTheme } | { ok: false; field: string; message: string };

/** Checks a theme sent by the operator; the first problem names its field (`colors.accent`). */
export function validateWidgetTheme(input: unknown): ThemeCheck {
  const parsed = widgetThemeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String) ?? [];
    // An unknown key is reported under its own name.
    const keys = issue && 'keys' in issue && Array.isArray(issue.keys) ? (issue.keys as string[]) : [];
    const field = [...path, ...keys.slice(0, 1)].join('.') || 'theme';
    return { ok: false, field, message: issue?.message ?? 'invalid' };
  }
  const value = parsed.data;
  const colors: WidgetColors = {};
  for (const name of WIDGET_COLORS) {
    const given = value.colors?.[name];
    if (given) colors[name] = given;
  }
  const textsByLang: WidgetTheme['texts'] = {};
  for (const lang of LANGUAGES) {
    const entry = value.texts?.[lang];
    if (entry && (entry.title || entry.subtitle)) {
      textsByLang[lang] = {
        ...(entry.title ? { title: entry.title } : {}),
        ...(entry.subtitle ? { subtitle: entry.subtitle } : {}),
      };
    }
  }
  return {
    ok: true,
    theme: {
      brandName: value.brandName ?? null,
      colors,
      radius: value.radius ?? null,
      mode: value.mode ?? null,
      hideLogo: value.hideLogo ?? false,
      texts: textsByLang,
      host: value.host ?? null,
    },
  };
}
