import type { MouseEventHandler, ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';

/** An outward link: new tab, no opener or referrer, announced as opening a new tab. */
export function ExternalLink({
  href,
  rel = 'noopener noreferrer',
  className,
  tabIndex,
  onClick,
  children,
  ...data
}: {
  href: string;
  rel?: string;
  className?: string;
  tabIndex?: number;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children: ReactNode;
  [dataAttribute: `data-${string}`]: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel={rel}
      className={className}
      tabIndex={tabIndex}
      onClick={onClick}
      {...data}
    >
      {children}
      {/* One text node: no separator comment between a space and the hint in the HTML. */}
      <span className="sr-only">{` ${t('site.newTab')}`}</span>
    </a>
  );
}
