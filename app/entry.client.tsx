import en from 'virtual:english-catalogue';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DEFAULT_LANG, isLang } from '../core/i18n/languages.ts';
import { i18nClient } from './i18n/client-instance.ts';
import { hydrationNeedsDeferredTexts, loadDeferredEnglishTexts } from './i18n/english-deferred.ts';
import { earlyEnglishSections } from './i18n/english-sections.ts';
import { createI18n, mergeSections } from './i18n/i18n.ts';
import { loadLanguage } from './i18n/load-language.ts';
import { I18nProvider } from './i18n/react.tsx';
import { installChunkErrorReload } from './lib/chunk-reload.ts';
import { requestIdle } from './ui/hooks.ts';

/**
 * The server matches routes with React Router's route-pattern trie (server/route-matching.ts) and
 * its handoff carries that flag; the browser, which knows a page's few routes only, keeps the
 * default matcher rather than ship the trie.
 */
function keepDefaultRouteMatching() {
  const context = (window as { __reactRouterContext?: { future?: Record<string, unknown> } })
    .__reactRouterContext;
  if (context?.future) delete context.future.unstable_routePatternMatching;
}

async function start() {
  installChunkErrorReload(window);
  keepDefaultRouteMatching();
  const pageLang = document.documentElement.lang;
  const lang = isLang(pageLang) ? pageLang : DEFAULT_LANG;
  // The built-in catalogue has the texts of the home page's first render; another English page waits for the rest.
  const routeIds = Object.keys(
    (window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules ?? {},
  );
  const titles = hydrationNeedsDeferredTexts(lang, routeIds) ? loadDeferredEnglishTexts() : null;
  const i18n = createI18n(DEFAULT_LANG, { en: mergeSections(en, earlyEnglishSections()) });
  i18nClient.current = i18n;
  try {
    await loadLanguage(i18n, lang);
  } catch (error) {
    // English is active now; the root renders the 500 page for this error (SPEC §4).
    i18nClient.loadError = error;
  }
  if (titles) await titles.catch((error: unknown) => console.error('English texts load failed', error));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });
  // Once the page is idle, the texts of the next page are there before the visitor clicks.
  if (!titles && lang === DEFAULT_LANG) requestIdle(() => void loadDeferredEnglishTexts().catch(() => {}));
}

void start();
