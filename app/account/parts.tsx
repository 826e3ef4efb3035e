import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { MAX_PASSWORD, MIN_PASSWORD } from '../../core/account/rules.ts';
import { useTranslation } from '../i18n/react.tsx';
import { PageHead } from '../shell/PageHead.tsx';
import { Button } from '../ui/Button.tsx';
import { TextInput, type TextInputType } from '../ui/TextInput.tsx';
import './english.ts';

export const PASSWORD_RULES = { min: MIN_PASSWORD, max: MAX_PASSWORD };

/** An account page's frame: its head (never indexed), heading and card. */
export function AccountPage({
  name,
  heading,
  texts = `account.pages.${name}`,
  children,
}: {
  /** The key under `account.pages`. */
  name: string;
  heading?: string;
  /** Where the page's title and description are, when not under `account.pages`. */
  texts?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`${texts}.title`);
  return (
    <section data-page={`account-${name}`} className="mx-auto w-full max-w-lg">
      <PageHead title={`${title} | ${t('site.name')}`} description={t(`${texts}.description`)} noindex />
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{heading ?? title}</h1>
      <div className="mt-6 flex flex-col gap-5 rounded-2xl bg-surface p-5 shadow-md md:p-6">{children}</div>
    </section>
  );
}

/** A message above a form: `status` for news, `alert` for a refusal. */
export function Notice({ tone, children }: { tone: 'info' | 'error'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={tone === 'error' ? 'account-error' : 'account-notice'}
      className={`rounded-xl px-4 py-3 text-sm ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-900'}`}
    >
      {children}
    </p>
  );
}

/** A labelled field of an account form; an error code is shown as `account.errors.{code}`. */
export function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  error,
  defaultValue,
  description,
  inputMode,
}: {
  name: string;
  label: string;
  type?: TextInputType | 'email';
  autoComplete: string;
  error?: string | null;
  defaultValue?: string;
  description?: string;
  inputMode?: 'numeric' | 'text';
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      name={name}
      label={label}
      type={type === 'email' ? 'text' : type}
      {...(type === 'email' ? { inputMode: 'email' as const } : {})}
      {...(inputMode ? { inputMode } : {})}
      autoComplete={autoComplete}
      required
      clearable={false}
      defaultValue={defaultValue ?? ''}
      {...(description ? { description } : {})}
      {...(error ? { error: { status: error, message: t(`account.errors.${error}`, PASSWORD_RULES) } } : {})}
    />
  );
}

/** A form posted to the page's own action: a plain HTML form. */
export function AccountForm({
  submit,
  children,
  intent,
  color,
}: {
  submit: string;
  children?: ReactNode;
  intent?: string;
  color?: 'primary' | 'secondary';
}) {
  return (
    // A document post, also once scripts run: the cookie's path (/account) does not cover React
    // Router's data address of the area's home (/account.data), so its answers must be documents.
    <Form
      method="post"
      reloadDocument
      className="flex flex-col gap-4"
      data-testid={intent ? `form-${intent}` : 'account-form'}
    >
      {children}
      <Button
        type="submit"
        name={intent ? 'intent' : undefined}
        value={intent}
        block
        {...(color ? { color } : {})}
      >
        {submit}
      </Button>
    </Form>
  );
}
