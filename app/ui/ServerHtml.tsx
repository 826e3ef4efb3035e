import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { useInternalLinkClicks } from '../navigation/internal-links.tsx';

/** What the browser keeps: the element's own children, from the server (docs/decisions/032). */
const KEEP = { __html: '' };
const useClientLayoutEffect = typeof document === 'undefined' ? () => {} : useLayoutEffect;

/**
 * The texts a loader withheld from the hydration data (app/routing/withheld.server.ts), given to the
 * document's render by app/entry.server.tsx; empty in the browser.
 */
export const WithheldTexts = createContext<ReadonlyMap<string, string> | null>(null);

/** In the server's render of a document, the text withheld under `key`; else `fromData`. */
export function useWithheldText(key: string, fromData: string): string {
  return useContext(WithheldTexts)?.get(key) ?? fromData;
}

type Tag = 'div' | 'section' | 'header' | 'nav' | 'aside' | 'footer';

export interface ServerHtmlProps {
  /** The element drawn around the content (default `div`). */
  as?: Tag;
  /**
   * What the content is of (default: the page's path and query): while it stays the one the page
   * was served with, the browser keeps the server's HTML; another renders `children` in the browser.
   */
  version?: string;
  className?: string;
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * Static content left out of hydration (issue 32, docs/decisions/032): the server renders
 * `children`; the browser, hydrating that HTML, keeps it as it is (an element with an empty
 * `dangerouslySetInnerHTML`, which React neither compares nor rewrites) instead of building the same
 * tree again, so the page's first script does no work for it. A client navigation (no server HTML for
 * this element) or another `version` renders `children` as any component. Links inside navigate
 * client-side through one listener (`useInternalLinkClicks`), as a `<Link>` would. Only for content
 * without state or handlers of its own: nothing in it runs in the browser while it is kept.
 */
export function ServerHtml({ as = 'div', version: given, children, ...attributes }: ServerHtmlProps) {
  const id = useId();
  const location = useLocation();
  const version = given ?? `${location.pathname}${location.search}`;
  const ref = useRef<HTMLElement>(null);
  // Decided once, at the first render: is the server's HTML for this element on the page?
  const [served] = useState(() => {
    if (typeof document === 'undefined') return null;
    const element = document.querySelector(`[data-server-html="${CSS.escape(id)}"]`);
    return element?.hasChildNodes() ? version : null;
  });
  const [lost, setLost] = useState(false);
  const keep = served === version && !lost;
  useInternalLinkClicks(ref);
  // A boundary React had to render again in the browser (a failed hydration) has dropped the
  // server's HTML: the content is rendered after all.
  useClientLayoutEffect(() => {
    if (keep && ref.current && !ref.current.hasChildNodes()) setLost(true);
  }, [keep]);
  return keep
    ? createElement(as, {
        ...attributes,
        key: 'server',
        ref,
        'data-server-html': id,
        suppressHydrationWarning: true,
        dangerouslySetInnerHTML: KEEP,
      })
    : createElement(as, { ...attributes, key: 'client', ref, 'data-server-html': id }, children);
}
