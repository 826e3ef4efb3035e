import type { ReactNode } from 'react';
import type { LayoutName } from '../../core/routing/layouts.ts';

const LAYOUT_CLASS: Record<LayoutName, string> = {
  default: 'mx-auto w-full max-w-6xl px-4 py-10',
  blog: 'mx-auto w-full max-w-6xl px-4 py-8',
  coins: 'mx-auto w-full max-w-7xl px-4 py-8',
  compare: 'mx-auto w-full max-w-7xl px-4 py-8',
  'cross-chain': 'mx-auto w-full max-w-7xl px-4 py-8',
  'cross-chain-tokens': 'mx-auto w-full max-w-7xl px-4 py-8',
  pairs: 'mx-auto w-full max-w-7xl px-4 py-8',
  fiat: 'mx-auto w-full max-w-7xl px-4 py-8',
  bare: 'w-full',
};

/** The frame of each SPEC §2 layout; the page shell (header, footer) sits around it, except in `bare`. */
export function PageLayout({ name, children }: { name: LayoutName; children: ReactNode }) {
  return (
    <div data-layout={name} className={LAYOUT_CLASS[name]}>
      {children}
    </div>
  );
}
