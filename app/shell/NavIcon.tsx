import { Icon, type NavIconName } from '../ui/Icon.tsx';

export function NavIcon({ name, className = 'size-5' }: { name: NavIconName; className?: string }) {
  return <Icon name={`nav-${name}`} className={className} />;
}

/** The fold marker of menus and collapsible groups; it turns over while `open`. */
export function ChevronIcon({ open, className = 'size-4' }: { open: boolean; className?: string }) {
  return <Icon name="chevron" className={`chevron ${className}${open ? ' rotate-180' : ''}`} />;
}

export function ExternalIcon({ className = 'size-3.5' }: { className?: string }) {
  return <Icon name="external" className={className} />;
}
