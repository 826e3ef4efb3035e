import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentBanner } from '../consent/ConsentBanner.tsx';
import type { LayoutName } from '../routing/pages.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** The page shell every layout wears; the bare layout (widgets, maintenance) has none. */
export function Shell({
  layout,
  browserLanguages,
  children,
}: {
  layout: LayoutName;
  browserLanguages: readonly string[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (layout === 'bare') return <main id="main">{children}</main>;
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only">
        {t('site.skipToContent')}
      </a>
      <Header browserLanguages={browserLanguages} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
      <ConsentBanner />
    </div>
  );
}
