import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useState } from 'react';
import { requestIdle } from './hooks.ts';

export type DrawerSide = 'right' | 'bottom';
export type DrawerCloseReason = 'escape' | 'overlay' | 'drag' | 'close-button';

export interface DrawerProps {
  open: boolean;
  /** Asked to close (the parent sets `open` to false); not called when dismissal is off. */
  onClose: (reason: DrawerCloseReason) => void;
  /** The dialog's name, shown in its header. */
  title: ReactNode;
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions at the bottom of the drawer. */
  footer?: ReactNode;
  /** Side it opens from on wide screens (default `right`); on 991 px or less always the bottom. */
  side?: DrawerSide;
  /** The visitor must act inside the drawer: no drag, overlay, Escape or close button dismissal. */
  requiredActions?: boolean;
  /** `false` turns dismissal off just like `requiredActions`. */
  dismissible?: boolean;
  /** Maximum width (px), default 430. */
  maxWidth?: number;
  /** Focused on open instead of the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  testId?: string;
}

/** The open drawers, topmost last: Escape and the focus trap belong to the topmost only. */

const loadSheet = () => import('./DrawerSheet.tsx');
const DrawerSheet = lazy(() => loadSheet().then((module) => ({ default: module.DrawerSheet })));

/**
 * A modal sheet (SPEC §2, §4, §9): see `DrawerSheet` for its behaviour. The sheet's code is not
 * part of any page's first render: a drawer is always closed then, so it is fetched when the
 * browser is idle (or on first open, whichever comes first) and mounted from the first opening on.
 */
export function Drawer(props: DrawerProps) {
  const [wanted, setWanted] = useState(props.open);
  useEffect(() => requestIdle(() => void loadSheet()), []);
  useEffect(() => {
    if (props.open) setWanted(true);
  }, [props.open]);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <DrawerSheet {...props} />
    </Suspense>
  );
}
