import { type ReactNode, Suspense } from 'react';
import type { LayoutName } from '../../core/routing/layouts.ts';
import { ConsentHost } from '../consent/ConsentHost.tsx';
import { useTranslation } from '../i18n/react.tsx';
import type { RootData } from '../root.tsx';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { lazyWhenNeeded } from '../ui/load-when-needed.ts';
import { FOOTER_ID } from './footer-id.ts';
import { Header } from './Header.tsx';

/**
 * The footer is at the foot of every page, below the fold: the server renders it in place and the
 * browser fetches its code when idle or when it nears the viewport (its links work as plain links
 * until then), so it does not weigh on the first render.
 */
const Footer = lazyWhenNeeded(() => import('./Footer.tsx').then((module) => module.Footer), FOOTER_ID);

/** The page shell every layout wears; the bare layout (widgets, maintenance) has none. */
export function Shell({
  layout,
  root,
  children,
}: {
  layout: LayoutName;
  /** The root loader's data; missing when that loader failed (the fatal error page). */
  root: RootData | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (layout === 'bare') return <main id="main">{children}</main>;
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only">
        {t('site.skipToContent')}
      </a>
      <LoadingBar />
      <Header links={root?.links} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ConsentHost />
    </div>
  );
}
