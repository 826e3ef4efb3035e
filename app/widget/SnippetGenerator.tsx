import { useEffect, useId, useState } from 'react';
import { LANGUAGE_INFO, LANGUAGES, type Lang } from '../../core/i18n/languages.ts';
import { MAX_RADIUS, MIN_RADIUS, normalizeColor, WIDGET_MODES } from '../../core/widget/config.ts';
import { type SnippetOptions, widgetSnippets, widgetSrc } from '../../core/widget/snippet.ts';
import { CopyButton } from '../exchange/CopyButton.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import './english.ts';

const FIELD =
  'h-10 w-full rounded-lg border border-slate-300 bg-surface px-3 text-base outline-none focus-visible:outline-2 focus-visible:outline-brand-500 aria-[invalid=true]:border-red-600 md:text-sm';
/** The preview follows the choices this long after the last change (each change reloads it). */
const PREVIEW_DELAY_MS = 600;

/**
 * The snippet generator of /for-partners: the partner's defaults and look become the web
 * component's and the iframe's code, with a live preview of the widget that loads only when asked.
 */
export function SnippetGenerator({ baseUrl }: { baseUrl: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const [options, setOptions] = useState<SnippetOptions>({
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
  });
  const [preview, setPreview] = useState(false);
  const set = <K extends keyof SnippetOptions>(key: K, value: SnippetOptions[K]) =>
    setOptions((current) => ({ ...current, [key]: value }));
  // Empty: our own accent.
  const accentInvalid = options.accent.trim() !== '' && !normalizeColor(options.accent);
  const { component, iframe } = widgetSnippets(baseUrl, options, t('widget.title'));
  // The preview is the widget of this very site (same origin), whatever address the snippet names.
  const src = widgetSrc('', options);
  const [previewSrc, setPreviewSrc] = useState(src);
  useEffect(() => {
    const timer = setTimeout(() => setPreviewSrc(src), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [src]);

  const text = (key: 'partner' | 'from' | 'to' | 'amount', label: string, hint?: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        value={options[key]}
        onChange={(event) => set(key, event.target.value)}
        autoComplete="off"
        spellCheck={false}
        inputMode={key === 'amount' ? 'decimal' : undefined}
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
        data-testid={`snippet-${key}`}
        className={FIELD}
      />
      {hint ? (
        <p id={`${id}-${key}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <div
      className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]"
      data-testid="snippet-generator"
    >
      <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('partner', t('widget.generator.partner'), t('widget.generator.partnerHint'))}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-lang`} className="text-sm font-medium">
              {t('widget.generator.lang')}
            </label>
            <select
              id={`${id}-lang`}
              value={options.lang}
              onChange={(event) => set('lang', event.target.value as Lang)}
              data-testid="snippet-lang"
              className={FIELD}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_INFO[code].alias}
                </option>
              ))}
            </select>
          </div>
          {text('from', t('widget.generator.from'))}
          {text('to', t('widget.generator.to'))}
          {text('amount', t('widget.generator.amount'))}
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{t('widget.generator.rate')}</legend>
            <div className="flex gap-4">
              {(['float', 'fixed'] as const).map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-rate`}
                    checked={options.rateType === type}
                    onChange={() => set('rateType', type)}
                    data-testid={`snippet-rate-${type}`}
                    className="size-4 accent-brand-600"
                  />
                  {t(`exchange.rate.${type}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-theme`} className="text-sm font-medium">
              {t('widget.generator.theme')}
            </label>
            <select
              id={`${id}-theme`}
              value={options.mode}
              onChange={(event) => set('mode', event.target.value as SnippetOptions['mode'])}
              data-testid="snippet-theme"
              className={FIELD}
            >
              {WIDGET_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`widget.generator.themes.${mode}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-accent`} className="text-sm font-medium">
              {t('widget.generator.accent')}
            </label>
            <div className="flex gap-2">
              <input
                type="color"
                value={normalizeColor(options.accent) ?? '#1f5ad6'}
                onChange={(event) => set('accent', event.target.value)}
                aria-label={t('widget.generator.accent')}
                className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-surface p-1"
              />
              <input
                id={`${id}-accent`}
                value={options.accent}
                onChange={(event) => set('accent', event.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="#1f5ad6"
                aria-invalid={accentInvalid ? true : undefined}
                aria-describedby={accentInvalid ? `${id}-accent-error` : undefined}
                data-testid="snippet-accent"
                className={FIELD}
              />
            </div>
            {accentInvalid ? (
              <p id={`${id}-accent-error`} className="text-xs text-red-700">
                {t('widget.generator.invalidColor')}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-radius`} className="text-sm font-medium">
              {t('widget.generator.radius')}
            </label>
            <div className="flex items-center gap-3">
              <input
                id={`${id}-radius`}
                type="range"
                min={MIN_RADIUS}
                max={MAX_RADIUS}
                value={options.radius}
                onChange={(event) => set('radius', event.target.value)}
                data-testid="snippet-radius"
                className="h-10 min-w-0 flex-1 accent-brand-600"
              />
              <output htmlFor={`${id}-radius`} className="w-8 text-sm tabular-nums">
                {options.radius}
              </output>
            </div>
          </div>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={options.hideLogo}
            onChange={(event) => set('hideLogo', event.target.checked)}
            data-testid="snippet-hide-logo"
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span>
            {t('widget.generator.hideLogo')}
            <span className="block text-xs text-muted">{t('widget.generator.hideLogoHint')}</span>
          </span>
        </label>

        {(
          [
            ['component', component],
            ['iframe', iframe],
          ] as const
        ).map(([kind, code]) => (
          <div key={kind}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{t(`widget.generator.${kind}`)}</h3>
              <CopyButton
                text={code}
                label={`${t('widget.generator.copy')}: ${t(`widget.generator.${kind}`)}`}
              />
            </div>
            <pre
              // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
              tabIndex={0}
              className="mt-2 max-w-full overflow-x-auto rounded-xl bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
              data-testid={`snippet-${kind}`}
            >
              <code>{code}</code>
            </pre>
          </div>
        ))}
        <p className="text-sm text-muted">{t('widget.generator.events')}</p>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-2">
        <h3 className="text-sm font-semibold">{t('widget.generator.preview')}</h3>
        {preview ? (
          <iframe
            src={previewSrc}
            title={t('widget.generator.preview')}
            loading="lazy"
            data-testid="snippet-preview"
            className="h-[44rem] w-full max-w-[30rem] rounded-xl border border-slate-200"
          />
        ) : (
          <div className="flex h-48 items-center justify-center rounded-xl border border-dashed border-slate-300">
            <Button color="secondary" onClick={() => setPreview(true)} data-testid="snippet-preview-load">
              {t('widget.generator.previewLoad')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
