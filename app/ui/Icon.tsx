import spriteUrl from './icons.svg?url';

/** The navigation items' icons (app/shell/nav-items.ts), one per item. */
export type NavIconName =
  | 'swap'
  | 'buy'
  | 'sell'
  | 'coins'
  | 'pairs'
  | 'reviews'
  | 'partners'
  | 'api'
  | 'about'
  | 'handshake'
  | 'press'
  | 'status'
  | 'how'
  | 'contact'
  | 'faq';

/** Social networks with a mark of their own in the sprite; any other gets `social-link`. */
export const SOCIAL_ICONS = [
  'telegram',
  'x',
  'facebook',
  'instagram',
  'youtube',
  'reddit',
  'linkedin',
  'medium',
  'discord',
] as const;
export type SocialIconName = (typeof SOCIAL_ICONS)[number] | 'link';

/** Every drawing in app/ui/icons.svg (app/ui/Icon.test.ts checks the two agree). */
export type IconName =
  | `nav-${NavIconName}`
  | `social-${SocialIconName}`
  | 'chevron'
  | 'external'
  | 'cross'
  | 'burger'
  | 'check'
  | 'search'
  | 'eye'
  | 'eye-off';

/**
 * An icon from the one sprite file (a hashed, immutable asset the browser caches once): each use is
 * a short `<use>` reference instead of the drawing repeated in every page's HTML and in the
 * JavaScript. Decorative: the control around it carries the accessible name.
 */
export function Icon({
  name,
  className = 'size-5',
  ...data
}: {
  name: IconName;
  className?: string;
  [dataAttribute: `data-${string}`]: string | undefined;
}) {
  return (
    <svg aria-hidden="true" className={className} {...data}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
