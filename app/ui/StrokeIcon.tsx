import type { ReactNode } from 'react';

/** The two strokes of every close and clear button. */
export const CROSS_PATH = 'M6 6l12 12M18 6 6 18';

/**
 * A 24×24 line drawing in the current text colour, hidden from assistive technology: the one way
 * the interface draws its icons. `d` is the drawing; `children` adds shapes a path cannot say.
 */
export function StrokeIcon({
  d,
  className = 'size-5',
  strokeWidth = '2',
  children,
}: {
  d?: string;
  className?: string;
  strokeWidth?: string;
  children?: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {d && <path d={d} />}
      {children}
    </svg>
  );
}
