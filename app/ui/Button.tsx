import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { BUTTON_DEFAULTS, type ButtonColor, type ButtonSize } from './constants.ts';

/**
 * The button look lives in app/app.css (`btn`, `btn-{color}`, `btn-{size}`): a short class list per
 * button. The names are written out so Tailwind finds them in the source.
 */
const COLOR_CLASS: Record<ButtonColor, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  ghost: 'btn-ghost',
  danger: 'btn-danger',
};
const SIZE_CLASS: Record<ButtonSize, string> = { sm: 'btn-sm', md: 'btn-md', lg: 'btn-lg' };

/** The classes of a button look, for elements that are not a `Button` (a `<summary>`, a label). */
export function buttonClass({
  color = BUTTON_DEFAULTS.color,
  size = BUTTON_DEFAULTS.size,
  block = false,
}: {
  color?: ButtonColor;
  size?: ButtonSize;
  block?: boolean;
} = {}): string {
  return `btn ${COLOR_CLASS[color]} ${SIZE_CLASS[size]}${block ? ' w-full' : ''}`;
}

interface CommonProps {
  /** Default `primary` (SPEC §9). */
  color?: ButtonColor;
  /** Default `md` (SPEC §9). */
  size?: ButtonSize;
  /** Shows a spinner, announces "Loading" and ignores presses. */
  loading?: boolean;
  disabled?: boolean;
  /** Takes the full width of its container. */
  block?: boolean;
  /** Content before / after the label (icons). */
  start?: ReactNode;
  end?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export type ButtonAsButtonProps = CommonProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'disabled'> & {
    to?: undefined;
    ref?: Ref<HTMLButtonElement>;
  };

export type ButtonAsLinkProps = CommonProps &
  Omit<LinkProps, 'color' | 'className' | 'children'> & {
    /** A React Router link target: the button renders a `<Link>`. */
    to: LinkProps['to'];
    ref?: Ref<HTMLAnchorElement>;
  };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

function Spinner() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4 animate-spin motion-reduce:animate-none"
      data-testid="button-spinner"
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * A button in one of four colours and three sizes; a React Router `<Link>` when `to` is given.
 * Disabled links lose their `href` and say `aria-disabled`; loading buttons keep their width, show a
 * spinner and are announced as busy.
 */
export function Button(props: ButtonProps) {
  const { t } = useTranslation();
  const {
    color = BUTTON_DEFAULTS.color,
    size = BUTTON_DEFAULTS.size,
    loading = false,
    disabled = false,
    block = false,
    start,
    end,
    className,
    children,
    ...rest
  } = props;
  const classes = `${buttonClass({ color, size, block })}${className ? ` ${className}` : ''}`;
  const content = (
    <>
      {loading ? <Spinner /> : start}
      <span className="inline-flex items-center">{children}</span>
      {end}
      {loading && <span className="sr-only">{t('ui.button.loading')}</span>}
    </>
  );
  const inactive = disabled || loading;

  if (rest.to !== undefined) {
    const { to, ref, onClick, ...linkProps } = rest as ButtonAsLinkProps;
    if (inactive) {
      // A disabled link (without href it is not followable; role and aria-disabled say what it is, and
      // it stays focusable so keyboard and screen reader users still find it).
      return (
        // biome-ignore lint/a11y/useValidAnchor: a disabled link has no target by design.
        <a
          role="link"
          tabIndex={0}
          aria-disabled="true"
          aria-busy={loading || undefined}
          className={classes}
          data-color={color}
          data-size={size}
          data-testid={(linkProps as { 'data-testid'?: string })['data-testid']}
        >
          {content}
        </a>
      );
    }
    return (
      <Link
        {...linkProps}
        ref={ref}
        to={to}
        onClick={onClick}
        className={classes}
        data-color={color}
        data-size={size}
      >
        {content}
      </Link>
    );
  }

  const { type = 'button', ref, onClick, ...buttonProps } = rest as ButtonAsButtonProps;
  return (
    <button
      {...buttonProps}
      ref={ref}
      type={type}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      // A busy button neither runs its action nor submits its form.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      className={classes}
      data-color={color}
      data-size={size}
      data-loading={loading || undefined}
    >
      {content}
    </button>
  );
}
