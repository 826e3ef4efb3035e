import { StrokeIcon } from '../ui/StrokeIcon.tsx';
import type { NavIconName } from './navigation.ts';

/** 24×24 stroke paths, one per navigation item. */
const PATHS: Record<NavIconName, string> = {
  swap: 'M7 7h11l-3-3M17 17H6l3 3',
  buy: 'M12 4v16M4 12h16',
  sell: 'M4 12h16',
  coins: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16M9 9h4.5a1.5 1.5 0 0 1 0 3H9m0 0h5a1.5 1.5 0 0 1 0 3H9M9 9v6',
  pairs: 'M4 8h12M4 8l3-3M4 8l3 3M20 16H8m12 0-3-3m3 3-3 3',
  reviews: 'M12 4l2.4 5 5.6.6-4.2 3.8 1.2 5.5L12 16l-5 2.9 1.2-5.5L4 9.6 9.6 9z',
  partners: 'M4 20V10l8-6 8 6v10M9 20v-6h6v6',
  api: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 6l-3 12',
  about: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16M12 11v5M12 8h.01',
  handshake: 'M3 11l4-4 5 3 5-3 4 4-6 6-3-2-3 2z',
  press: 'M5 5h11v14H6a1 1 0 0 1-1-1zM16 9h3v9a1 1 0 0 1-1 1h-2M8 9h5M8 12h5M8 15h3',
  status: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16M12 8v4l3 2',
  how: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16M9.5 9.5a2.5 2.5 0 0 1 5 0c0 1.7-2.5 2-2.5 4M12 16.5h.01',
  contact: 'M4 6h16v12H4zM4 7l8 6 8-6',
  faq: 'M5 5h14v10H9l-4 4z',
};

export function NavIcon({ name, className = 'size-5' }: { name: NavIconName; className?: string }) {
  return <StrokeIcon d={PATHS[name]} className={className} strokeWidth="1.8" />;
}

/** The fold marker of menus and collapsible groups; it turns over while `open`. */
export function ChevronIcon({ open, className = 'size-4' }: { open: boolean; className?: string }) {
  return (
    <StrokeIcon
      d="m6 9 6 6 6-6"
      className={`${className} shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
    />
  );
}

export function ExternalIcon({ className = 'size-3.5' }: { className?: string }) {
  return <StrokeIcon d="M14 5h5v5M19 5l-8 8M17 14v5H5V7h5" className={className} />;
}
