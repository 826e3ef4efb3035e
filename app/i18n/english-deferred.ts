import { DEFAULT_LANG, type Lang } from '../../core/i18n/languages.ts';

/** The route id of the English home page (app/routes.ts). */
const HOME_ROUTE_ID = 'en/';

let loading: Promise<void> | null = null;

/**
 * The English texts the built-in catalogue goes without (vite.config.ts `DEFERRED_TEXTS`: other
 * pages' titles, the swap step, the design system's showcase). Loaded once: before an English page
 * other than the home page hydrates, before a client navigation to an English page renders, and
 * when the home page is idle. Other languages' dictionaries are fetched whole
 * (app/i18n/load-language.ts).
 */
export function loadDeferredEnglishTexts(): Promise<void> {
  loading ??= import('./english-deferred-texts.ts').then(
    () => undefined,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether the page being hydrated needs them before it renders: English, not the home page. */
export function hydrationNeedsDeferredTexts(lang: Lang, routeIds: readonly string[]): boolean {
  return lang === DEFAULT_LANG && !routeIds.includes(HOME_ROUTE_ID);
}
