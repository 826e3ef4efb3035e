import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useActionData, useLocation, useRouteLoaderData, useSearchParams } from 'react-router';
import { isValidEmail } from '../../core/newsletter/email.ts';
import type { FieldRule } from '../../core/support/fields.ts';
import { readTypedFields, useClaimForm } from '../forms/replay.ts';
import { useTranslation } from '../i18n/react.tsx';
import { type AnalyticsEvent, trackEvent } from '../lib/analytics.ts';
import { ApiProblem, api } from '../lib/api-client.ts';
import { useNonce } from '../lib/nonce.ts';
import type { RootData } from '../root.tsx';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { RecaptchaNotice } from '../ui/RecaptchaNotice.tsx';
import { SENT_PARAM, type SupportFormId, type SupportPosted } from './posted.ts';

/** One field of a support form. */
export interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'email' | 'textarea' | 'select' | 'rating';
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  /** Select: the choices, as value and label. */
  options?: readonly { value: string; label: string }[];
  /** Select: the text of the empty first choice. */
  choose?: string;
}

/** A field as the server's rule has it, unless the field says otherwise. */
function withRule(field: FieldSpec, rule: FieldRule | undefined): FieldSpec {
  if (!rule) return field;
  return { ...field, required: field.required ?? rule.required, maxLength: field.maxLength ?? rule.max };
}

type Status = 'idle' | 'sending' | 'success' | 'error';

/** The human check's loader, fetched with the form's first use rather than with the page. */
const humanCheck = () => import('../lib/recaptcha.ts');

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
  const { t, i18n } = useTranslation();
  const fields = useMemo(
    () => declared.map((field) => withRule(field, rules?.[field.name])),
    [declared, rules],
  );
  const nonce = useNonce();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const recaptcha = root?.recaptcha ?? null;
  const uid = useId();
  // A plain post that came back: refused (the action's data) or sent (`?sent={id}`).
  const actionData = useActionData() as SupportPosted | undefined;
  const posted = actionData?.form === formId ? actionData : undefined;
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map((field) => [field.name, posted?.values[field.name] ?? initial?.[field.name] ?? '']),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>(() => posted?.errors ?? {});
  const [status, setStatus] = useState<Status>(() =>
    posted?.failure ? 'error' : search.get(SENT_PARAM) === formId ? 'success' : 'idle',
  );
  const [failure, setFailure] = useState(posted?.failure ?? '');
  const preloaded = useRef(false);

  const fieldId = (name: string) => `${uid}-${name}`;
  const focusField = (name: string) => {
    requestAnimationFrame(() => document.getElementById(fieldId(name))?.focus());
  };

  const preload = () => {
    if (!recaptcha || preloaded.current) return;
    preloaded.current = true;
    humanCheck()
      .then(({ loadRecaptcha }) => loadRecaptcha({ ...recaptcha, nonce }))
      .catch(() => {});
  };

  const edit = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const check = (values: Record<string, string>): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const field of fields) {
      const value = (values[field.name] ?? '').trim();
      if (field.required && value === '') found[field.name] = t('forms.required');
      else if (field.kind === 'email' && value !== '' && !isValidEmail(value.toLowerCase())) {
        found[field.name] = t('forms.invalidEmail');
      }
    }
    return found;
  };

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    void send(values);
  };

  const send = async (values: Record<string, string>) => {
    if (status === 'sending') return;
    const found = check(values);
    const first = fields.find((field) => found[field.name]);
    if (first) {
      setErrors(found);
      focusField(first.name);
      return;
    }
    setStatus('sending');
    try {
      const googleReCaptchaToken = recaptcha
        ? await (await humanCheck()).getRecaptchaToken({ ...recaptcha, nonce }, action)
        : null;
      await api(path, { lang: i18n.language, method: 'POST', body: { ...values, googleReCaptchaToken } });
      setStatus('success');
      trackEvent(event, { result: 'success' });
      onSent?.();
    } catch (error) {
      const problem = error instanceof ApiProblem ? error : null;
      trackEvent(event, { result: 'error', status: problem?.status ?? 'human_check' });
      if (problem?.field && problem.field in values) {
        setErrors({ [problem.field]: problem.message || t('forms.required') });
        setStatus('idle');
        focusField(problem.field);
        return;
      }
      setFailure(problem?.message ?? '');
      setStatus('error');
    }
  };

  // What was typed, and a submit made, while the code was loading (app/forms/replay.ts).
  const formRef = useRef<HTMLFormElement>(null);
  const typedBefore = (form: HTMLFormElement) => ({
    ...values,
    ...readTypedFields(
      form,
      fields.map((field) => field.name),
    ),
  });
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = readTypedFields(
      form,
      fields.map((field) => field.name),
    );
    setValues((current) => ({ ...current, ...typed }));
  }, [fields]);
  useClaimForm(formRef, (form) => void send(typedBefore(form)));

  const reset = () => {
    setValues(Object.fromEntries(fields.map((field) => [field.name, ''])));
    setErrors({});
    setStatus('idle');
    focusField(fields[0]?.name ?? '');
  };

  if (status === 'success') {
    return (
      <div
        className="rounded-2xl bg-emerald-50 p-5 text-emerald-900"
        role="status"
        data-testid={`${formId}-success`}
      >
        <p className="flex items-center gap-2 text-lg font-semibold">
          <Icon name="check" />
          {thanksTitle}
        </p>
        <p className="mt-2">{thanksText}</p>
        <Button color="secondary" size="sm" className="mt-4" onClick={reset}>
          {t('forms.again')}
        </Button>
      </div>
    );
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
      {fields.map((field) => {
        const error = errors[field.name];
        const inputId = fieldId(field.name);
        const describedBy = error ? `${inputId}-error` : undefined;
        const common = {
          id: inputId,
          name: field.name,
          value: values[field.name] ?? '',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          'aria-required': field.required || undefined,
          'data-testid': `${formId}-${field.name}`,
          readOnly: status === 'sending',
        };
        return (
          <div key={field.name} className="flex flex-col gap-1.5">
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
                onChange={(change) => edit(field.name, change.target.value)}
                className={`${CONTROL} min-h-32 py-2`}
              />
            ) : field.kind === 'select' || field.kind === 'rating' ? (
              <select
                {...common}
                disabled={status === 'sending'}
                onChange={(change) => edit(field.name, change.target.value)}
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
                type={field.kind === 'email' ? 'email' : 'text'}
                inputMode={field.kind === 'email' ? 'email' : undefined}
                autoCapitalize={field.kind === 'email' ? 'none' : undefined}
                spellCheck={field.kind === 'email' ? false : undefined}
                autoComplete={field.autoComplete}
                maxLength={field.maxLength}
                placeholder={field.placeholder}
                onChange={(change) => edit(field.name, change.target.value)}
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
      })}

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
