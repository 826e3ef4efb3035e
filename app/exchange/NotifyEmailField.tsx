import './english-swap-step.ts';
import swapNotify from 'virtual:english-section/swapNotify';
import { addEnglishSection } from '../i18n/english-sections.ts';
import { useTranslation } from '../i18n/react.tsx';

// The English texts of the field come with its code (the unsubscribe page brings them too).
addEnglishSection('swapNotify', swapNotify);

/**
 * The swap step's optional email: the receipt and the status mails that matter go there (each
 * with an unsubscribe link). Never required; an invalid address is refused before the create.
 */
export function NotifyEmailField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {t('swapNotify.field.label')}
        <span className="font-normal text-muted"> {t('exchange.create.optional')}</span>
      </label>
      <input
        id={id}
        name="email"
        type="email"
        inputMode="email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="email"
        spellCheck={false}
        maxLength={254}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        data-testid="notify-email"
        className="mt-1 w-full min-w-0 rounded-lg border border-slate-200 px-3 py-2 focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500"
      />
      <p id={`${id}-message`} className={`mt-1 text-sm ${error ? 'text-red-700' : 'text-muted'}`}>
        {error ?? t('swapNotify.field.hint')}
      </p>
    </div>
  );
}
