import { type ComponentType, lazy } from 'react';
import { requestIdle } from './hooks.ts';

/** How far below the viewport a deferred part starts loading (px). */
const NEAR_VIEWPORT_MARGIN = '600px';

/**
 * A component whose code the browser fetches only once the page has loaded and is idle, or earlier
 * when its server-rendered markup (the element with `anchorId`) comes near the viewport. Inside a
 * `<Suspense>` boundary React keeps the server's HTML on screen until then, so nothing changes for
 * the visitor; the first render just does not wait for it. The server renders it in place: the
 * document is sent only once complete (app/entry.server.tsx).
 */
export function lazyWhenNeeded<P extends object>(
  load: () => Promise<ComponentType<P>>,
  anchorId: string,
): ComponentType<P> {
  return lazy(async () => {
    if (typeof document !== 'undefined') await whenNeeded(anchorId);
    return { default: await load() };
  });
}

function whenNeeded(anchorId: string): Promise<void> {
  return new Promise((resolve) => {
    let observer: IntersectionObserver | undefined;
    let cancelIdle = () => {};
    const done = () => {
      observer?.disconnect();
      cancelIdle();
      window.removeEventListener('load', onLoad);
      resolve();
    };
    const onLoad = () => {
      cancelIdle = requestIdle(done);
    };
    const anchor = document.getElementById(anchorId);
    if (anchor && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => entries.some((entry) => entry.isIntersecting) && done(),
        {
          rootMargin: NEAR_VIEWPORT_MARGIN,
        },
      );
      observer.observe(anchor);
    }
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad);
  });
}
