import { useEffect } from 'react';
import {
  Links,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
  Outlet,
  Scripts,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { FormReplay } from './forms/FormReplay.tsx';
import { useTranslation } from './i18n/react.tsx';
import './app.css';
import { readConsent } from '../core/consent/consent.ts';
import { DEFAULT_LANG } from '../core/i18n/languages.ts';
import { pageLanguage } from '../core/routing/paths.ts';
import { isAuditOrCrawler } from '../core/user-agents.ts';
import { i18nClient } from './i18n/client-instance.ts';
import { loadDeferredEnglishTexts } from './i18n/english-deferred.ts';
import { loadLanguage } from './i18n/load-language.ts';
import { useAnalytics } from './lib/analytics.ts';
import { claimReload, watchBuild } from './lib/build-watcher.ts';
import { useNonce } from './lib/nonce.ts';
import { requestStateContext } from './lib/request-context.ts';
import { IntentPrefetch } from './navigation/IntentPrefetch.tsx';
import { NavigationScroll } from './navigation/NavigationScroll.tsx';
import { usePage } from './routing/current-page.ts';
import { locationMiddleware } from './routing/location.server.ts';
import { maintenanceMiddleware } from './routing/maintenance-middleware.server.ts';
import { databaseOutageMiddleware } from './routing/outage-middleware.server.ts';
import { pageMiddleware } from './routing/page-middleware.server.ts';
import { pathRuleMiddleware } from './routing/path-rule-middleware.server.ts';
import { ErrorPage } from './shell/ErrorPage.tsx';
import { Shell } from './shell/Shell.tsx';
import { siteLinks } from './shell/site-links.ts';

export const middleware = [
  locationMiddleware,
  databaseOutageMiddleware,
  maintenanceMiddleware,
  pathRuleMiddleware,
  pageMiddleware,
];

/** Before a client navigation renders, the target page's dictionary is loaded (SPEC §4). */
const languageMiddleware: MiddlewareFunction = async ({ request }, next) => {
  const instance = i18nClient.current;
  if (instance) {
    const lang = pageLanguage(new URL(request.url).pathname);
    if (lang === DEFAULT_LANG) await loadDeferredEnglishTexts();
    await loadLanguage(instance, lang);
    i18nClient.loadError = null;
  }
  await next();
};
export const clientMiddleware = [languageMiddleware];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { services } = context.get(requestStateContext);
  return {
    /** SPEC §3 global data for the footer, read without an HTTP hop. */
    global: await services.global.get(),
    links: siteLinks(services.config),
    /** The human check's site key and script (SPEC §7); forms skip the check without a key. */
    recaptcha: services.config.RECAPTCHA_SITE_KEY
      ? { siteKey: services.config.RECAPTCHA_SITE_KEY, scriptUrl: services.config.RECAPTCHA_SCRIPT_URL }
      : null,
    baseUrl: services.config.BASE_URL,
    buildId: services.buildId,
    /** The tag-manager id (SPEC §5, §7); nothing is loaded without one, and robots and audits get none. */
    gtmId: isAuditOrCrawler(request.headers.get('user-agent')) ? null : (services.config.GTM_ID ?? null),
    /** Whether the request carries a cookie preference: the cookie banner is rendered without one. */
    consentStored: readConsent(request.headers.get('cookie')) !== null,
    /** `?cookie-settings`: the footer's link without JavaScript opens the banner with its settings. */
    cookieSettings: new URL(request.url).searchParams.has('cookie-settings'),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Root data is fixed for a deployment and a visitor. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The language the page is really shown in: the URL's, or English after a failed dictionary load.
  const { i18n } = useTranslation();
  return (
    <html lang={i18n.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <meta name="twitter:card" content="summary_large_image" />
        <Links />
        {/* Controls that only work with JavaScript step aside without it (docs/decisions/015). */}
        <noscript>
          <style>{'.js-only{display:none!important}'}</style>
        </noscript>
        <FormReplay nonce={nonce} />
      </head>
      <body>
        {children}
        <NavigationScroll />
        <IntentPrefetch />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** SPEC §4: once a newer build is published, the next navigation loads it (at most once per 10 s). */
function useNewBuildReload(buildId: string | undefined) {
  const location = useLocation();
  useEffect(() => {
    if (!buildId) return;
    const watcher = watchBuild(buildId);
    (window as { __buildWatcher?: typeof watcher }).__buildWatcher = watcher;
    return () => watcher.stop();
  }, [buildId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design.
  useEffect(() => {
    const watcher = (window as { __buildWatcher?: { stale: boolean } }).__buildWatcher;
    if (watcher?.stale && claimReload(window.sessionStorage)) window.location.reload();
  }, [location.key]);
}

export default function App() {
  // A dictionary that failed to load before hydration: English and the 500 page (SPEC §4).
  if (i18nClient.loadError) throw i18nClient.loadError;
  const root = useRouteLoaderData('root') as RootData | undefined;
  useNewBuildReload(root?.buildId);
  const { page, layout } = usePage();
  useAnalytics(root?.gtmId, page ?? undefined);
  // The page's frame and transition come from its layout route (app/layouts/LayoutRoute.tsx).
  return (
    <Shell layout={layout} root={root}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  useNewBuildReload(root?.buildId);
  useAnalytics(root?.gtmId, undefined);
  useTranslation();
  return (
    <Shell layout="default" root={root}>
      <ErrorPage error={error} />
    </Shell>
  );
}
