import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type Lang, languageCookie, orderedLanguages } from '../../core/i18n/languages.ts';
import { isBlogPath, localizePath, splitLanguage } from '../../core/routing/paths.ts';
import { trackEvent } from '../lib/analytics.ts';

/** Flag emoji from a country code: two regional-indicator letters. */
function flagEmoji(country: string): string {
  return String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

/**
 * Language list (SPEC §4): English first, then the browser's language, then the rest by code.
 * Choosing one stores the cookie and loads the same page in that language. Blog pages are English
 * only, so the menu is disabled there.
 */
export function LanguageMenu({ browserLanguages }: { browserLanguages: readonly string[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { lang, path } = splitLanguage(location.pathname);
  const disabled = isBlogPath(path);
  const entries = orderedLanguages(lang, browserLanguages);
  const current = entries.find((entry) => entry.selected);

  if (disabled) {
    return (
      <button
        type="button"
        disabled
        className="rounded-md px-3 py-2 text-sm opacity-50"
        aria-label={t('language.label')}
      >
        {current?.code.toUpperCase()}
      </button>
    );
  }
  const choose = (code: Lang) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec asks for a plain 365-day cookie.
    document.cookie = languageCookie(code);
    trackEvent('language_select', { language: code });
  };
  return (
    <details className="relative" data-testid="language-menu">
      <summary
        className="cursor-pointer list-none rounded-md px-3 py-2 text-sm hover:bg-brand-50"
        aria-label={t('language.choose')}
      >
        <span aria-hidden="true">{current ? flagEmoji(current.flag) : ''}</span> {current?.code.toUpperCase()}
      </summary>
      <ul className="absolute right-0 z-20 mt-2 max-h-96 w-56 overflow-auto rounded-lg bg-surface p-2 shadow-lg">
        {entries.map((entry) => (
          <li key={entry.code}>
            <a
              href={`${localizePath(entry.code, path)}${location.search}`}
              hrefLang={entry.code}
              lang={entry.code}
              aria-current={entry.selected ? 'true' : undefined}
              onClick={() => choose(entry.code)}
              className="flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-brand-50 aria-[current]:font-semibold"
            >
              <span aria-hidden="true">{flagEmoji(entry.flag)}</span>
              <span>{entry.alias}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
