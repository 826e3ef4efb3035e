import { type ReactNode, useId, useState } from 'react';
import { LANGUAGE_INFO, LANGUAGES, type Lang } from '../../core/i18n/languages.ts';
import { MAX_RADIUS, MIN_RADIUS, WIDGET_MODES } from '../../core/widget/config.ts';
import { type SnippetOptions, widgetSnippets, widgetSrc } from '../../core/widget/snippet.ts';
import { CopyButton } from '../exchange/CopyButton.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { Button } from '../ui/Button.tsx';
import { accentSwatch, isAccentInvalid } from './snippet-form.ts';
import { useSettled, useSnippetOptions } from './use-snippet-options.ts';
import './english.ts';

const FIELD =
  'h-10 w-full rounded-lg border border-slate-300 bg-surface px-3 text-base outline-none focus-visible:outline-2 focus-visible:outline-brand-500 aria-[invalid=true]:border-red-600 md:text-sm';
/** The preview follows the choices this long after the last change (each change reloads it). */
const PREVIEW_DELAY_MS = 600;

type SetOption = ReturnType<typeof useSnippetOptions>['set'];

/**
 * The snippet generator of /for-partners: the partner's defaults and look become the web
 * component's and the iframe's code, with a live preview of the widget that loads only when asked.
 */
export function SnippetGenerator({ baseUrl }: { baseUrl: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { options, set } = useSnippetOptions(useLang());
  const { component, iframe } = widgetSnippets(baseUrl, options, t('widget.title'));
  const text = (key: 'partner' | 'from' | 'to' | 'amount', label: string, hint?: string) => (
    <TextField id={`${id}-${key}`} name={key} label={label} hint={hint} value={options[key]} set={set} />
  );

  return (
    <div
      className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]"
      data-testid="snippet-generator"
    >
      <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('partner', t('widget.generator.partner'), t('widget.generator.partnerHint'))}
          <SelectField
            id={`${id}-lang`}
            label={t('widget.generator.lang')}
            value={options.lang}
            onChange={(value) => set('lang', value as Lang)}
            testId="snippet-lang"
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_INFO[code].alias}
              </option>
            ))}
          </SelectField>
          {text('from', t('widget.generator.from'))}
          {text('to', t('widget.generator.to'))}
          {text('amount', t('widget.generator.amount'))}
          <RateField name={`${id}-rate`} rateType={options.rateType} set={set} />
          <SelectField
            id={`${id}-theme`}
            label={t('widget.generator.theme')}
            value={options.mode}
            onChange={(value) => set('mode', value as SnippetOptions['mode'])}
            testId="snippet-theme"
          >
            {WIDGET_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`widget.generator.themes.${mode}`)}
              </option>
            ))}
          </SelectField>
          <AccentField id={`${id}-accent`} accent={options.accent} set={set} />
          <RadiusField id={`${id}-radius`} radius={options.radius} set={set} />
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

        <SnippetCode kind="component" code={component} />
        <SnippetCode kind="iframe" code={iframe} />
        <p className="text-sm text-muted">{t('widget.generator.events')}</p>
      </div>

      {/* The preview is the widget of this very site (same origin), whatever address the snippet names. */}
      <SnippetPreview src={widgetSrc('', options)} />
    </div>
  );
}

function TextField({
  id,
  name,
  label,
  hint,
  value,
  set,
}: {
  id: string;
  name: 'partner' | 'from' | 'to' | 'amount';
  label: string;
  hint?: string | undefined;
  value: string;
  set: SetOption;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => set(name, event.target.value)}
        autoComplete="off"
        spellCheck={false}
        inputMode={name === 'amount' ? 'decimal' : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={`snippet-${name}`}
        className={FIELD}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function SelectField({
  id,
  label,
  value,
  onChange,
  testId,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        className={FIELD}
      >
        {children}
      </select>
    </div>
  );
}

function RateField({
  name,
  rateType,
  set,
}: {
  name: string;
  rateType: SnippetOptions['rateType'];
  set: SetOption;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{t('widget.generator.rate')}</legend>
      <div className="flex gap-4">
        {(['float', 'fixed'] as const).map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              checked={rateType === type}
              onChange={() => set('rateType', type)}
              data-testid={`snippet-rate-${type}`}
              className="size-4 accent-brand-600"
            />
            {t(`exchange.rate.${type}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AccentField({ id, accent, set }: { id: string; accent: string; set: SetOption }) {
  const { t } = useTranslation();
  // Empty: our own accent.
  const invalid = isAccentInvalid(accent);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t('widget.generator.accent')}
      </label>
      <div className="flex gap-2">
        <input
          type="color"
          value={accentSwatch(accent)}
          onChange={(event) => set('accent', event.target.value)}
          aria-label={t('widget.generator.accent')}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-surface p-1"
        />
        <input
          id={id}
          value={accent}
          onChange={(event) => set('accent', event.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder="#1f5ad6"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          data-testid="snippet-accent"
          className={FIELD}
        />
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {t('widget.generator.invalidColor')}
        </p>
      ) : null}
    </div>
  );
}

function RadiusField({ id, radius, set }: { id: string; radius: string; set: SetOption }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t('widget.generator.radius')}
      </label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="range"
          min={MIN_RADIUS}
          max={MAX_RADIUS}
          value={radius}
          onChange={(event) => set('radius', event.target.value)}
          data-testid="snippet-radius"
          className="h-10 min-w-0 flex-1 accent-brand-600"
        />
        <output htmlFor={id} className="w-8 text-sm tabular-nums">
          {radius}
        </output>
      </div>
    </div>
  );
}

/** One snippet's code, scrollable, with a button to copy it. */
function SnippetCode({ kind, code }: { kind: 'component' | 'iframe'; code: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t(`widget.generator.${kind}`)}</h3>
        <CopyButton text={code} label={`${t('widget.generator.copy')}: ${t(`widget.generator.${kind}`)}`} />
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
  );
}

/** The live widget, loaded only when asked, following the choices once they settle. */
function SnippetPreview({ src }: { src: string }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState(false);
  const previewSrc = useSettled(src, PREVIEW_DELAY_MS);
  return (
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
  );
}
