import type { ReactNode } from 'react';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { TextInput } from '../ui/TextInput.tsx';
import { AccountForm } from './parts.tsx';

/** The partner tools of the account area, each a page of its own. */
export const PARTNER_TOOLS = [
  { key: 'keys', path: '/account/api-keys' },
  { key: 'webhooks', path: '/account/webhooks' },
  { key: 'widget', path: '/account/widget' },
] as const;

/** Links to the partner tools (the account's home and each tool page). */
export function PartnerToolLinks({ current }: { current?: (typeof PARTNER_TOOLS)[number]['key'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <nav aria-label={t('account.partnerTools.heading')} data-testid="partner-tools">
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {PARTNER_TOOLS.map((tool) => (
          <li key={tool.key}>
            <a
              href={localizePath(lang, tool.path)}
              className="link"
              {...(current === tool.key ? { 'aria-current': 'page' as const } : {})}
            >
              {t(`account.partnerTools.${tool.key}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What a tool page shows a user who is not a partner yet: a short text and one button. */
export function BecomePartner() {
  const { t } = useTranslation();
  return (
    <>
      <p data-testid="not-partner">{t('account.partnerTools.notPartner')}</p>
      <AccountForm submit={t('account.partnerTools.become')} intent="become-partner" />
    </>
  );
}

/** A field of a tool form; `error` is the already translated message. */
export function ToolField({
  name,
  label,
  defaultValue,
  error,
  description,
  type = 'text',
  required = true,
  inputMode,
  maxLength,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string | null;
  description?: string;
  type?: 'text' | 'url';
  required?: boolean;
  inputMode?: 'numeric' | 'url' | 'text';
  maxLength?: number;
}) {
  return (
    <TextInput
      name={name}
      label={label}
      type="text"
      {...(type === 'url' ? { inputMode: 'url' as const } : {})}
      {...(inputMode ? { inputMode } : {})}
      {...(maxLength ? { maxLength } : {})}
      autoComplete="off"
      spellCheck={false}
      required={required}
      clearable={false}
      defaultValue={defaultValue ?? ''}
      {...(description ? { description } : {})}
      {...(error ? { error: { status: 'error' as const, message: error } } : {})}
    />
  );
}

/** A secret shown once (a new API key, a webhook's signing secret), with what to do with it. */
export function ShownOnce({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900" role="status">
      <p className="font-semibold">{label}</p>
      <code className="break-all font-mono text-sm select-all" data-testid={testId}>
        {value}
      </code>
      <p className="text-sm">{t('account.partnerTools.shownOnce')}</p>
    </div>
  );
}

/** A hidden form value (the key or delivery a button acts on). */
export function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}
