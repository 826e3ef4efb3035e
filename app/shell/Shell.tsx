import type { ReactNode } from 'react';
import { ConsentBanner } from '../consent/ConsentBanner.tsx';
import { useTranslation } from '../i18n/react.tsx';
import type { RootData } from '../root.tsx';
import type { LayoutName } from '../routing/layouts.ts';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

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
      <Footer />
      <ConsentBanner />
    </div>
  );
}
