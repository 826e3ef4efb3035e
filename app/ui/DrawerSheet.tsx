import { type CSSProperties, type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/react.tsx';
import { DRAWER } from './constants.ts';
import type { DrawerProps, DrawerSide } from './Drawer.tsx';
import { overlayOpacity, panelTransform } from './drawer-sheet-state.ts';
import { useIsMobile } from './hooks.ts';
import { Icon } from './Icon.tsx';
import { useDrawerDrag, useDrawerPhase, useModalFocus } from './use-drawer-sheet.ts';

const EASING = 'cubic-bezier(0.32, 0.72, 0, 1)';

/**
 * A modal sheet (SPEC §2, §4, §9) from the right or the bottom (always the bottom at 991 px or
 * less). Dismissed by dragging past half its size or a fast swipe, a press on the overlay, Escape or
 * its close button, unless `requiredActions` or `dismissible={false}`. It animates in and out over
 * 0.5 s, traps focus and gives it back on close, makes the page inert and stops it scrolling while
 * open. WAI-ARIA dialog: `role="dialog"`, `aria-modal`, named by its title.
 */
export function DrawerSheet({
  open,
  onClose,
  title,
  hideTitle = false,
  description,
  children,
  footer,
  side = 'right',
  requiredActions = false,
  dismissible = true,
  maxWidth = DRAWER.maxWidth,
  initialFocus,
  className,
  testId,
}: DrawerProps) {
  const mobile = useIsMobile();
  const actualSide: DrawerSide = mobile ? 'bottom' : side;
  const canDismiss = dismissible && !requiredActions;
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = `drawer-title-${useId()}`;
  const descriptionId = `${titleId}-description`;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const canDismissRef = useRef(canDismiss);
  canDismissRef.current = canDismiss;

  const phase = useDrawerPhase(open, panelRef);
  const mounted = phase !== 'closed';
  useModalFocus({
    active: open && mounted,
    rootRef,
    panelRef,
    initialFocus,
    canDismiss: canDismissRef,
    onClose: onCloseRef,
  });
  const { drag, size, handlers } = useDrawerDrag({
    open,
    enabled: canDismiss && phase === 'open',
    side: actualSide,
    panelRef,
    onClose: onCloseRef,
  });

  if (!mounted || typeof document === 'undefined') return null;

  const axis = actualSide === 'bottom' ? 'Y' : 'X';
  const shown = phase === 'open' && open;
  const dragging = drag !== null;
  const panelStyle: CSSProperties = {
    transform: panelTransform(axis, drag, shown),
    transition: dragging ? 'none' : `transform ${DRAWER.animationMs}ms ${EASING}`,
    maxWidth: actualSide === 'right' || !mobile ? maxWidth : undefined,
  };

  return createPortal(
    <div
      ref={rootRef}
      className="fixed inset-0 z-40"
      data-testid={testId}
      data-state={phase}
      data-side={actualSide}
      data-drawer=""
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-ink/50 backdrop-blur-[2px]"
        data-testid={testId ? `${testId}-overlay` : undefined}
        data-part="overlay"
        style={{
          opacity: overlayOpacity(shown, drag, drag ? size() : 0),
          transition: dragging ? 'none' : `opacity ${DRAWER.animationMs}ms ${EASING}`,
        }}
        onClick={() => {
          if (canDismiss && phase === 'open') onCloseRef.current('overlay');
        }}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-part="panel"
        data-side={actualSide}
        data-dismissible={canDismiss}
        style={panelStyle}
        className={`absolute flex flex-col bg-surface shadow-2xl outline-none ${
          actualSide === 'bottom'
            ? 'inset-x-0 bottom-0 mx-auto max-h-[90dvh] w-full rounded-t-2xl'
            : 'inset-y-0 right-0 h-full w-full'
        }${className ? ` ${className}` : ''}`}
      >
        <DrawerHeader
          titleId={titleId}
          title={title}
          hideTitle={hideTitle}
          descriptionId={descriptionId}
          description={description}
          canDismiss={canDismiss}
          grabber={actualSide === 'bottom' && canDismiss}
          handlers={handlers}
          onClose={() => onCloseRef.current('close-button')}
        />
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5">{children}</div>
        {footer && <div className="shrink-0 border-t border-slate-200 px-5 py-4">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** The sheet's header: the handle it is dragged by, its title, close button and description. */
function DrawerHeader({
  titleId,
  title,
  hideTitle,
  descriptionId,
  description,
  canDismiss,
  grabber,
  handlers,
  onClose,
}: {
  titleId: string;
  title: ReactNode;
  hideTitle: boolean;
  descriptionId: string;
  description: ReactNode;
  canDismiss: boolean;
  /** Show the grab bar (a dismissible bottom sheet). */
  grabber: boolean;
  handlers: ReturnType<typeof useDrawerDrag>['handlers'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`flex shrink-0 flex-col px-5 pt-3 pb-3 ${canDismiss ? 'cursor-grab touch-none select-none active:cursor-grabbing' : ''}`}
      data-part="handle"
      {...handlers}
    >
      {grabber && <span aria-hidden="true" className="mx-auto mb-2 h-1.5 w-10 rounded-full bg-slate-300" />}
      <div className="flex min-h-10 items-center justify-between gap-3">
        <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-ink'}>
          {title}
        </h2>
        {canDismiss && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('ui.drawer.close')}
            data-part="close"
            className="ml-auto grid size-10 shrink-0 place-items-center rounded-lg text-muted hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Icon name="cross" />
          </button>
        )}
      </div>
      {description && (
        <p id={descriptionId} className="mt-1 text-sm text-muted">
          {description}
        </p>
      )}
    </div>
  );
}
