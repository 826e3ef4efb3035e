import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { type Lang, languageCookie, orderedLanguages } from '../../core/i18n/languages.ts';
import { isBlogPath, localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { trackEvent } from '../lib/analytics.ts';
import { usePageLocation } from '../routing/page-location.ts';
import { Drawer } from '../ui/Drawer.tsx';

/**
 * A language's flag: an SVG from public/flags/ (the country-flag-icons set, copied by
 * scripts/flags.ts), the same on every system, where flag emoji show as letters or boxes.
 * Decorative: the language's name is beside it.
 */
function Flag({ country, className = '' }: { country: string; className?: string }) {
  return (
    <img
      src={`/flags/${country}.svg`}
      alt=""
      width={21}
      height={14}
      data-flag={country}
      className={`h-3.5 w-[21px] shrink-0 rounded-[2px] object-cover ring-1 ring-slate-900/10 ${className}`}
    />
  );
}

/**
 * The language button and its drawer from the right (SPEC §2, §4): English first, then the
 * browser's language, then the rest by code. Choosing one stores the cookie and loads the same page
 * in that language. Blog pages are English only, so the button is disabled there.
 */
export function LanguageMenu({
  className = '',
  testId = 'language-button',
}: {
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { lang, path } = usePageLocation();
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  const disabled = isBlogPath(path);
  // The browser's own languages, read after hydration: the page's HTML is the same for every visitor.
  const [browserLanguages, setBrowserLanguages] = useState<readonly string[]>([]);
  useEffect(() => setBrowserLanguages(navigator.languages), []);
  const entries = orderedLanguages(lang, browserLanguages);
  const current = entries.find((entry) => entry.selected);

  const choose = (code: Lang) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec asks for a plain 365-day cookie.
    document.cookie = languageCookie(code);
    trackEvent('language_select', { language: code });
  };
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        // The spoken name contains the visible code (WCAG 2.5.3): "Choose your language: Polski (PL)".
        aria-label={`${t('language.choose')}: ${current?.alias ?? ''}${current ? ` (${current.code.toUpperCase()})` : ''}`}
        title={disabled ? t('language.blogOnlyEnglish') : undefined}
        data-testid={testId}
        className={`inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent ${className}`}
      >
        {current ? <Flag country={current.flag} /> : null}
        <span>{current?.code.toUpperCase()}</span>
      </button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('language.drawerTitle')}
        side="right"
        testId="language-drawer"
      >
        <ul className="grid gap-1" data-testid="language-menu">
          {entries.map((entry) => (
            <li key={entry.code}>
              <a
                href={`${localizePath(entry.code, path)}${search}`}
                hrefLang={entry.code}
                lang={entry.code}
                aria-current={entry.selected ? 'true' : undefined}
                onClick={() => choose(entry.code)}
                className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-[current]:bg-brand-50 aria-[current]:font-semibold"
              >
                <Flag country={entry.flag} />
                <span className="flex-1">{entry.alias}</span>
                <span className="text-xs text-muted uppercase">{entry.code}</span>
              </a>
            </li>
          ))}
        </ul>
      </Drawer>
    </>
  );
}
