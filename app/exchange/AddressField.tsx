import './english-swap-step.ts';
import { useTranslation } from '../i18n/react.tsx';
import type { AddressState } from './api-hooks.ts';
import { addressReason } from './messages.ts';

/**
 * A wallet address input with its live check (valid / invalid / checking) and any error the
 * server gave for the field. The check itself runs in the parent (useAddressCheck), which also
 * learns whether the memo is valid.
 */
export function AddressField({
  id,
  name,
  label,
  value,
  onChange,
  check,
  networkName,
  error,
  optional,
  hint,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  /** The field's name in the form's plain post. */
  name?: string;
  onChange: (value: string) => void;
  check: AddressState;
  networkName: string;
  error?: string | undefined;
  optional?: boolean;
  /** Why the field is asked for, under its label. */
  hint?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const invalid = !!error || check.status === 'invalid';
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const message =
    error ??
    (check.status === 'invalid'
      ? addressReason(t, check.reason, networkName)
      : check.status === 'valid'
        ? t('exchange.address.valid')
        : check.status === 'checking'
          ? t('exchange.address.checking')
          : check.status === 'unknown'
            ? t('exchange.address.unchecked')
            : null);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className="font-normal text-muted"> {t('exchange.create.optional')}</span>}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-muted" data-testid={`${testId}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder={t('exchange.address.placeholder', { network: networkName })}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={
          [hint ? hintId : '', message ? messageId : ''].filter(Boolean).join(' ') || undefined
        }
        data-testid={testId}
        data-check={check.status}
        className="mt-1 w-full rounded-lg border border-slate-200 px-3 py-2 font-mono text-sm focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-500 data-[check=valid]:border-green-600"
      />
      <p
        id={messageId}
        data-testid={`${testId}-status`}
        aria-live="polite"
        className={`mt-1 min-h-5 text-sm ${invalid ? 'text-red-700' : check.status === 'valid' ? 'text-green-700' : 'text-muted'}`}
      >
        {check.status === 'valid' && !error && <span aria-hidden="true">✓ </span>}
        {message}
      </p>
    </div>
  );
}
