import { type ReactNode, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { FieldRule } from '../../core/support/fields.ts';
import { useTranslation } from '../i18n/react.tsx';
import type { AnalyticsEvent } from '../lib/analytics.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { RecaptchaNotice } from '../ui/RecaptchaNotice.tsx';
import type { SupportFormId } from './posted.ts';
import { type FieldSpec, withRule } from './support-form-state.ts';
import { useSupportForm } from './use-support-form.ts';

export type { FieldSpec } from './support-form-state.ts';

const CONTROL =
  'w-full rounded-lg border bg-surface px-3 text-base text-ink outline-none transition-colors placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-1 md:text-sm aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600 border-slate-300 hover:border-slate-400 focus-visible:outline-brand-500';

/**
 * A public form (contact, add-coin, partner demo, review): checks required fields and the email in
 * the browser, gets a human-check token when a site key is configured, posts to `path`, marks the
 * field the server refuses with its translated message, and shows the thanks or the failure.
 * Before its code runs, or without JavaScript, it is a plain post to its page's route action
 * (app/support/form-action.server.ts): the page comes back with `?sent={id}` (the thanks) or with
 * what was typed and the reason. When the human check needs a token only a script can get, a submit
 * made before hydration is held and replayed, and without JavaScript the page says so
 * (docs/decisions/015).
 */
export function SupportForm({
  id: formId,
  path,
  action,
  fields: declared,
  rules,
  submitLabel,
  thanksTitle,
  thanksText,
  event,
  onSent,
  footer,
  initial,
}: {
  /** Names the form for its route action, tests (`data-testid`) and its fields' ids. */
  id: SupportFormId;
  path: string;
  /** The human check's action; the server expects the same one. */
  action: string;
  fields: readonly FieldSpec[];
  /** The server's rules for the fields (core/support/fields.ts): whether each is required, its longest value. */
  rules?: Readonly<Record<string, FieldRule>>;
  submitLabel: string;
  thanksTitle: string;
  thanksText: string;
  event: AnalyticsEvent;
  onSent?: () => void;
  footer?: ReactNode;
  /** Values the fields start with (a swap ID from the swap page's link). */
  initial?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const fields = useMemo(
    () => declared.map((field) => withRule(field, rules?.[field.name])),
    [declared, rules],
  );
  const { pathname } = useLocation();
  const { values, errors, status, failure, recaptcha, formRef, fieldId, preload, edit, submit, reset } =
    useSupportForm({ formId, path, action, fields, event, onSent, initial });

  if (status === 'success') {
    return <SupportThanks formId={formId} title={thanksTitle} text={thanksText} onAgain={reset} />;
  }

  return (
    // Without a human check it is a plain post until the code runs. With one, its token comes from
    // the browser: a submit made before the code ran is held and replayed, and without JavaScript
    // the page says so instead of failing (docs/decisions/015).
    <form
      ref={formRef}
      method="post"
      action={pathname}
      data-replay={recaptcha ? '' : undefined}
      noValidate
      onSubmit={submit}
      onFocus={preload}
      data-testid={formId}
      data-status={status}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="form" value={formId} />
      {fields.map((field) => (
        <SupportField
          key={field.name}
          formId={formId}
          field={field}
          inputId={fieldId(field.name)}
          value={values[field.name] ?? ''}
          error={errors[field.name]}
          sending={status === 'sending'}
          onEdit={(value) => edit(field.name, value)}
        />
      ))}

      {status === 'error' && (
        <div
          className="rounded-lg bg-red-50 px-4 py-3 text-red-900"
          role="alert"
          data-testid={`${formId}-error`}
        >
          <p className="font-semibold">{t('forms.errorTitle')}</p>
          <p className="text-sm">{failure || t('forms.errorText')}</p>
          {failure && <p className="text-sm">{t('forms.errorText')}</p>}
        </div>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          loading={status === 'sending'}
          className={recaptcha ? 'js-only' : undefined}
          data-testid={`${formId}-submit`}
        >
          {status === 'error' ? t('forms.retry') : submitLabel}
        </Button>
        {footer}
      </div>

      {recaptcha && (
        <>
          <noscript>
            <p
              className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
              data-testid="form-needs-js"
            >
              {t('forms.needsJavaScript')}
            </p>
          </noscript>
          <RecaptchaNotice className="text-xs text-muted" />
        </>
      )}
    </form>
  );
}

/** The thanks that replaces a sent form, with a button to send another. */
function SupportThanks({
  formId,
  title,
  text,
  onAgain,
}: {
  formId: SupportFormId;
  title: string;
  text: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="rounded-2xl bg-emerald-50 p-5 text-emerald-900"
      role="status"
      data-testid={`${formId}-success`}
    >
      <p className="flex items-center gap-2 text-lg font-semibold">
        <Icon name="check" />
        {title}
      </p>
      <p className="mt-2">{text}</p>
      <Button color="secondary" size="sm" className="mt-4" onClick={onAgain}>
        {t('forms.again')}
      </Button>
    </div>
  );
}

/** One field: its label (and "optional"), its control, and the reason it was refused. */
function SupportField({
  formId,
  field,
  inputId,
  value,
  error,
  sending,
  onEdit,
}: {
  formId: SupportFormId;
  field: FieldSpec;
  inputId: string;
  value: string;
  error: string | undefined;
  sending: boolean;
  onEdit: (value: string) => void;
}) {
  const { t } = useTranslation();
  const common = {
    id: inputId,
    name: field.name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId}-error` : undefined,
    'aria-required': field.required || undefined,
    'data-testid': `${formId}-${field.name}`,
    readOnly: sending,
  };
  const email = field.kind === 'email';
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          {field.label}
        </label>
        {!field.required && <span className="text-xs text-muted">{t('forms.optional')}</span>}
      </div>
      {field.kind === 'textarea' ? (
        <textarea
          {...common}
          rows={5}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          onChange={(change) => onEdit(change.target.value)}
          className={`${CONTROL} min-h-32 py-2`}
        />
      ) : field.kind === 'select' || field.kind === 'rating' ? (
        <select
          {...common}
          disabled={sending}
          onChange={(change) => onEdit(change.target.value)}
          className={`${CONTROL} h-10`}
        >
          <option value="">{field.choose ?? ''}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={email ? 'email' : 'text'}
          inputMode={email ? 'email' : undefined}
          autoCapitalize={email ? 'none' : undefined}
          spellCheck={email ? false : undefined}
          autoComplete={field.autoComplete}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          onChange={(change) => onEdit(change.target.value)}
          className={`${CONTROL} h-10`}
        />
      )}
      {error && (
        <p
          id={`${inputId}-error`}
          className="text-sm text-red-700"
          data-testid={`${formId}-${field.name}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}
