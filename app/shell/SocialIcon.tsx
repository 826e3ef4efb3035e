import type { ReactNode } from 'react';

/**
 * Simplified social network marks, drawn in `currentColor` on a 24 × 24 grid. Decorative: the link
 * around an icon carries its accessible name. Unknown names get a generic link icon.
 */

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const ICONS: Record<string, ReactNode> = {
  telegram: (
    <path
      {...STROKE}
      d="M21 4 2.9 11.1c-.8.3-.8 1.4 0 1.7l4.6 1.6 1.7 5.4c.2.6 1 .8 1.5.3l2.5-2.4 4.6 3.4c.6.4 1.4.1 1.6-.6L22.1 5.2c.2-.8-.5-1.5-1.1-1.2ZM7.5 14.4l10-6.6-7.3 7.2-.6 4"
    />
  ),
  x: (
    <>
      <path d="M3.2 3h5.3l12.3 18h-5.3Z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path {...STROKE} d="M20.3 3 13.6 10.6M10.4 13.4 3.7 21" />
    </>
  ),
  twitter: null,
  facebook: (
    <path
      {...STROKE}
      d="M14.5 21v-7.5h3l.5-3.5h-3.5V8c0-1 .5-1.5 1.5-1.5h2V3.3c-.6-.1-1.6-.3-2.8-.3-2.6 0-4.2 1.6-4.2 4.4V10H8v3.5h3V21"
    />
  ),
  instagram: (
    <>
      <rect {...STROKE} x="3" y="3" width="18" height="18" rx="5" />
      <circle {...STROKE} cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" />
    </>
  ),
  youtube: (
    <>
      <path
        {...STROKE}
        d="M21.4 7.2c-.2-1-1-1.8-2-2C17.7 4.8 12 4.8 12 4.8s-5.7 0-7.4.4c-1 .2-1.8 1-2 2C2.2 8.9 2.2 12 2.2 12s0 3.1.4 4.8c.2 1 1 1.8 2 2 1.7.4 7.4.4 7.4.4s5.7 0 7.4-.4c1-.2 1.8-1 2-2 .4-1.7.4-4.8.4-4.8s0-3.1-.4-4.8Z"
      />
      <path d="M10 9v6l5.2-3Z" fill="currentColor" />
    </>
  ),
  reddit: (
    <>
      <ellipse {...STROKE} cx="12" cy="14.5" rx="8" ry="5.5" />
      <path {...STROKE} d="M12 9 13.2 3.6l4 .9" />
      <circle {...STROKE} cx="18.6" cy="4.8" r="1.4" />
      <circle {...STROKE} cx="19.6" cy="10.2" r="1.8" />
      <circle {...STROKE} cx="4.4" cy="10.2" r="1.8" />
      <circle cx="9" cy="13.6" r="1.3" fill="currentColor" />
      <circle cx="15" cy="13.6" r="1.3" fill="currentColor" />
      <path {...STROKE} d="M9.2 17c1.7 1.1 3.9 1.1 5.6 0" />
    </>
  ),
  linkedin: (
    <>
      <rect {...STROKE} x="3" y="3" width="18" height="18" rx="3" />
      <path {...STROKE} d="M8 10.5V17M12 17v-6.5M12 13.4c0-1.7 1.2-2.9 2.6-2.9s2.4 1 2.4 2.9V17" />
      <circle cx="8" cy="7.3" r="1.2" fill="currentColor" />
    </>
  ),
  medium: (
    <>
      <circle cx="7" cy="12" r="5.2" fill="currentColor" />
      <ellipse cx="16" cy="12" rx="2.6" ry="4.9" fill="currentColor" />
      <ellipse cx="21.3" cy="12" rx="1.1" ry="4.4" fill="currentColor" />
    </>
  ),
  discord: (
    <>
      <path
        {...STROKE}
        d="M8.6 5.2c-1.6.3-3 .8-4.2 1.5C2.6 9.5 1.9 12.4 2.1 15.9c1.5 1.2 3.2 2 4.9 2.5l1.2-1.9M15.4 5.2c1.6.3 3 .8 4.2 1.5 1.8 2.8 2.5 5.7 2.3 9.2-1.5 1.2-3.2 2-4.9 2.5l-1.2-1.9M6.3 15.4c3.7 1.9 7.7 1.9 11.4 0M7.3 7.6c3.1-1.2 6.3-1.2 9.4 0"
      />
      <ellipse cx="9" cy="12.3" rx="1.4" ry="1.6" fill="currentColor" />
      <ellipse cx="15" cy="12.3" rx="1.4" ry="1.6" fill="currentColor" />
    </>
  ),
};
ICONS.twitter = ICONS.x;

/** A generic link: two chain links. */
const LINK_ICON = (
  <path
    {...STROKE}
    d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2"
  />
);

/** Whether `logo` has its own icon. */
export function hasSocialIcon(logo: string): boolean {
  return Boolean(ICONS[logo.trim().toLowerCase()]);
}

export function SocialIcon({ logo, className = 'size-5' }: { logo: string; className?: string }) {
  const icon = ICONS[logo.trim().toLowerCase()] ?? LINK_ICON;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      data-icon={hasSocialIcon(logo) ? logo.trim().toLowerCase() : 'link'}
    >
      {icon}
    </svg>
  );
}
