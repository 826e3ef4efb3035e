import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';

/**
 * Client-side navigation for plain `<a>` links inside an element, by one click listener: long lists
 * of links (the footer's) render as bare anchors, much cheaper on the server than a `<Link>` each,
 * and still navigate like one. What a `<Link>` leaves to the browser is left to it here too:
 * modified and middle clicks, links with a target or a download, and other origins.
 */
export function useInternalLinkClicks(container: RefObject<HTMLElement | null>): void {
  const navigate = useNavigate();
  const location = useLocation();
  // The latest location without adding and removing the listener on every navigation.
  const current = useRef(location);
  current.current = location;
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest('a');
      if (!anchor || !element.contains(anchor)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      // A jump within the page (an article's contents) stays the browser's.
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search)
        return;
      event.preventDefault();
      const to = createPath(url);
      // As a <Link>: a link to the page already shown replaces its history entry.
      void navigate(to, { replace: to === createPath(current.current) });
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [container, navigate]);
}

/**
 * An internal link as a bare anchor, for lists inside an element that handles their clicks with
 * `useInternalLinkClicks`. `data-discover` lets React Router learn its route ahead, as for a `<Link>`.
 */
export function PlainLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={to} className={className} data-discover="true">
      {children}
    </a>
  );
}
