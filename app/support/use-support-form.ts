import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useActionData, useRouteLoaderData, useSearchParams } from 'react-router';
import { readTypedFields, useClaimForm } from '../forms/replay.ts';
import { useTranslation } from '../i18n/react.tsx';
import { type AnalyticsEvent, trackEvent } from '../lib/analytics.ts';
import { ApiProblem, api } from '../lib/api-client.ts';
import { useNonce } from '../lib/nonce.ts';
import type { RootData } from '../root.tsx';
import { SENT_PARAM, type SupportFormId, type SupportPosted } from './posted.ts';
import {
  type FieldSpec,
  fieldProblems,
  initialStatus,
  initialValues,
  type SupportStatus,
} from './support-form-state.ts';

/** The human check's loader, fetched with the form's first use rather than with the page. */
const humanCheck = () => import('../lib/recaptcha.ts');

/**
 * A support form's state and submit flow: the values (from a refused plain post, the given ones,
 * or what was typed before hydration), the browser's check, the human-check token, the post, and
 * the server's refusal of a field or of the whole form. A submit held before hydration is replayed.
 */
export function useSupportForm({
  formId,
  path,
  action,
  fields,
  event,
  onSent,
  initial,
}: {
  formId: SupportFormId;
  path: string;
  action: string;
  fields: readonly FieldSpec[];
  event: AnalyticsEvent;
  onSent?: (() => void) | undefined;
  initial?: Record<string, string> | undefined;
}) {
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const recaptcha = root?.recaptcha ?? null;
  const uid = useId();
  // A plain post that came back: refused (the action's data) or sent (`?sent={id}`).
  const actionData = useActionData() as SupportPosted | undefined;
  const posted = actionData?.form === formId ? actionData : undefined;
  const [search] = useSearchParams();
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(fields, posted, initial));
  const [errors, setErrors] = useState<Record<string, string>>(() => posted?.errors ?? {});
  const [status, setStatus] = useState<SupportStatus>(() =>
    initialStatus(posted, search.get(SENT_PARAM), formId),
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

  const send = async (values: Record<string, string>) => {
    if (status === 'sending') return;
    const problems = fieldProblems(fields, values);
    const first = fields.find((field) => problems[field.name]);
    if (first) {
      setErrors(
        Object.fromEntries(Object.entries(problems).map(([name, problem]) => [name, t(`forms.${problem}`)])),
      );
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

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    void send(values);
  };

  // What was typed, and a submit made, while the code was loading (app/forms/replay.ts).
  const formRef = useRef<HTMLFormElement>(null);
  const names = () => fields.map((field) => field.name);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = readTypedFields(
      form,
      fields.map((field) => field.name),
    );
    setValues((current) => ({ ...current, ...typed }));
  }, [fields]);
  useClaimForm(formRef, (form) => void send({ ...values, ...readTypedFields(form, names()) }));

  const reset = () => {
    setValues(Object.fromEntries(fields.map((field) => [field.name, ''])));
    setErrors({});
    setStatus('idle');
    focusField(fields[0]?.name ?? '');
  };

  return { values, errors, status, failure, recaptcha, formRef, fieldId, preload, edit, submit, reset };
}
