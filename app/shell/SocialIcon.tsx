import { Icon, SOCIAL_ICONS, type SocialIconName } from '../ui/Icon.tsx';

/** The sprite's mark for a social network's `logo` name; unknown names get a generic link icon. */
export function socialIconName(logo: string): SocialIconName {
  const name = logo.trim().toLowerCase();
  if (name === 'twitter') return 'x';
  return (SOCIAL_ICONS as readonly string[]).includes(name) ? (name as SocialIconName) : 'link';
}

/** A social network's mark in `currentColor`; decorative, the link around it carries the name. */
export function SocialIcon({ logo, className = 'size-5' }: { logo: string; className?: string }) {
  const name = socialIconName(logo);
  return <Icon name={`social-${name}`} className={className} data-icon={name} />;
}
