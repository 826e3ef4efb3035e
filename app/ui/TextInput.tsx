import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Icon } from './Icon.tsx';

export type TextInputType = 'text' | 'password' | 'search';
export type ValidationStatus = 'neutral' | 'success' | 'error';

/** A boolean marks the field invalid; an object also says why (its message replaces the description). */
export type TextInputError = boolean | { status: number | string; message: string };

export interface ValidationTag {
  /** Stable key; the label when omitted. */
  id?: string;
  label: string;
  status: ValidationStatus;
}

export interface TextInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size' | 'value' | 'defaultValue'> {
  type?: TextInputType;
  label?: ReactNode;
  /** Marks the field optional next to its label: `true` for the standard word, or a text of your own. */
  optional?: boolean | string;
  description?: ReactNode;
  error?: TextInputError;
  /** Rules the value is checked against (password strength, format), each with its status. */
  tags?: readonly ValidationTag[];
  value?: string;
  defaultValue?: string;
  /** Called with the new text on every change, including the clear button. */
  onValueChange?: (value: string) => void;
  /** Show a clear button while the field has a value (default true). */
  clearable?: boolean;
  /** Classes of the outer wrapper. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The error's message, when it has one. */
export function errorMessage(error: TextInputError | undefined): string | null {
  return typeof error === 'object' && error !== null && error.message ? error.message : null;
}

/** Sets an input's value as typing would, so React's `onChange` runs for controlled inputs too. */
function setNativeValue(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const TAG_CLASS: Record<ValidationStatus, string> = {
  neutral: 'bg-slate-100 text-slate-700',
  success: 'bg-emerald-50 text-emerald-800',
  error: 'bg-red-50 text-red-800',
};
const TAG_ICON: Record<ValidationStatus, string> = { neutral: '•', success: '✓', error: '✕' };

function EyeIcon({ crossed }: { crossed: boolean }) {
  return <Icon name={crossed ? 'eye-off' : 'eye'} />;
}

/**
 * A text field (SPEC §5): text, password (with a show/hide toggle) or search (shown as text), a clear
 * button while it has a value, an optional label and "optional" marker, a description that an error
 * message replaces, and validation tags. The description, error and tags are tied to the input with
 * `aria-describedby`; an error sets `aria-invalid`.
 */
export function TextInput({
  type = 'text',
  label,
  optional,
  description,
  error,
  tags,
  value,
  defaultValue,
  onChange,
  onValueChange,
  clearable = true,
  className,
  id: givenId,
  disabled,
  readOnly,
  ref,
  ...inputProps
}: TextInputProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const id = givenId ?? `text-input-${autoId}`;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [innerValue, setInnerValue] = useState(defaultValue ?? '');
  const [revealed, setRevealed] = useState(false);
  const current = value ?? innerValue;

  const message = errorMessage(error);
  const invalid = Boolean(error);
  const describedBy: string[] = [];
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const tagsId = `${id}-tags`;
  if (message) describedBy.push(errorId);
  else if (description) describedBy.push(descriptionId);
  if (tags?.length) describedBy.push(tagsId);
  if (inputProps['aria-describedby']) describedBy.unshift(inputProps['aria-describedby']);

  const nativeType = type === 'password' && !revealed ? 'password' : 'text';
  const showClear = clearable && current !== '' && !disabled && !readOnly;

  const setRefs = (node: HTMLInputElement | null) => {
    inputRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const clear = () => {
    const input = inputRef.current;
    if (!input) return;
    setNativeValue(input, '');
    input.focus();
  };

  const marker = optional === true ? t('ui.textInput.optional') : optional || null;

  return (
    <div
      className={`flex flex-col gap-1.5${className ? ` ${className}` : ''}`}
      data-type={type}
      data-invalid={invalid || undefined}
    >
      {(label || marker) && (
        <div className="flex items-baseline justify-between gap-2">
          {label && (
            <label htmlFor={id} className="text-sm font-medium text-ink">
              {label}
            </label>
          )}
          {marker && (
            <span className="text-xs text-muted" data-part="optional">
              {marker}
            </span>
          )}
        </div>
      )}
      <div
        className={`flex items-center rounded-lg border bg-surface transition-colors focus-within:outline-2 focus-within:outline-offset-1 ${
          invalid
            ? 'border-red-600 focus-within:outline-red-600'
            : 'border-slate-300 focus-within:outline-brand-500 hover:border-slate-400'
        } ${disabled ? 'opacity-60' : ''}`}
      >
        {type === 'search' && <Icon name="search" className="ml-3 size-4 shrink-0 text-muted" />}
        <input
          {...inputProps}
          ref={setRefs}
          id={id}
          type={nativeType}
          role={type === 'search' ? 'searchbox' : inputProps.role}
          enterKeyHint={type === 'search' ? 'search' : inputProps.enterKeyHint}
          autoComplete={
            type === 'password' ? (inputProps.autoComplete ?? 'current-password') : inputProps.autoComplete
          }
          spellCheck={type === 'password' ? false : inputProps.spellCheck}
          value={value}
          defaultValue={value === undefined ? defaultValue : undefined}
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
          onChange={(event) => {
            setInnerValue(event.target.value);
            onChange?.(event);
            onValueChange?.(event.target.value);
          }}
          className="h-10 min-w-0 flex-1 rounded-lg bg-transparent px-3 text-base text-ink outline-none placeholder:text-slate-400 md:text-sm"
        />
        {showClear && (
          <button
            type="button"
            onClick={clear}
            aria-label={t('ui.textInput.clear')}
            aria-controls={id}
            data-part="clear"
            className="mr-1 grid size-8 shrink-0 place-items-center rounded-md text-muted hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Icon name="cross" className="size-4" />
          </button>
        )}
        {type === 'password' && (
          <button
            type="button"
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? t('ui.textInput.hidePassword') : t('ui.textInput.showPassword')}
            aria-controls={id}
            disabled={disabled}
            data-part="toggle-password"
            data-revealed={revealed}
            className="mr-1 grid size-8 shrink-0 place-items-center rounded-md text-muted hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <EyeIcon crossed={revealed} />
          </button>
        )}
      </div>
      {message ? (
        <p
          id={errorId}
          className="text-sm text-red-700"
          data-part="error"
          data-status={typeof error === 'object' ? String(error.status) : undefined}
        >
          {message}
        </p>
      ) : (
        description && (
          <p
            id={descriptionId}
            className={`text-sm ${invalid ? 'text-red-700' : 'text-muted'}`}
            data-part="description"
          >
            {description}
          </p>
        )
      )}
      {tags && tags.length > 0 && (
        <ul id={tagsId} className="flex flex-wrap gap-1.5" data-part="tags">
          {tags.map((tag) => (
            <li
              key={tag.id ?? tag.label}
              data-status={tag.status}
              className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${TAG_CLASS[tag.status]}`}
            >
              <span aria-hidden="true">{TAG_ICON[tag.status]}</span>
              {tag.label}
              {tag.status !== 'neutral' && (
                <span className="sr-only">
                  {tag.status === 'success' ? t('ui.textInput.tagMet') : t('ui.textInput.tagNotMet')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
