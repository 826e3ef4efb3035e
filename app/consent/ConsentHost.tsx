import { lazy, Suspense, useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { onOpenCookieSettings } from './store.ts';

/** The banner's code is fetched only by visitors who see it: without a stored choice, or on request. */
const ConsentBanner = lazy(() =>
  import('./ConsentBanner.tsx').then((module) => ({ default: module.ConsentBanner })),
);

/**
 * Where the cookie popup lives (SPEC §4). A visitor with a stored preference never loads the
 * banner's code unless the footer's "Cookie settings" button asks for it; without one the server
 * renders the banner in place and the browser hydrates it once its code is in.
 */
export function ConsentHost() {
  const root = useRouteLoaderData('root') as
    | { consentStored?: boolean; cookieSettings?: boolean }
    | undefined;
  const [mounted, setMounted] = useState(root?.consentStored === false || root?.cookieSettings === true);
  const [settingsAsked, setSettingsAsked] = useState(false);
  useEffect(
    () =>
      onOpenCookieSettings(() => {
        setMounted(true);
        setSettingsAsked(true);
      }),
    [],
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner openSettingsAtStart={settingsAsked} />
    </Suspense>
  );
}
