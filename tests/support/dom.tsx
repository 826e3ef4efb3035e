import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RenderOptions, render, renderHook } from '@testing-library/react';
import { type ReactElement, type ReactNode, useMemo } from 'react';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../../app/i18n/i18n.ts';
import { I18nProvider } from '../../app/i18n/react.tsx';
import type { Dictionary } from '../../core/i18n/dictionaries.ts';
import type { Lang } from '../../core/i18n/languages.ts';

// Read by path from the working directory: a DOM environment's URL cannot name a file.
const dictionary = (lang: Lang): Dictionary =>
  JSON.parse(readFileSync(join(process.cwd(), 'content/locales', `${lang}.json`), 'utf8')) as Dictionary;

/**
 * Component and hook tests in a DOM (a test file opts in with `// @vitest-environment happy-dom`):
 * what a page gives every component, the translations of `lang` and a router at `path`.
 */
export function PageProviders({ lang, path, children }: { lang: Lang; path: string; children: ReactNode }) {
  const i18n = useMemo(() => createI18n(lang, { en: dictionary('en'), [lang]: dictionary(lang) }), [lang]);
  return (
    <MemoryRouter initialEntries={[path]}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </MemoryRouter>
  );
}

function providers(lang: Lang, path: string) {
  return ({ children }: { children: ReactNode }) => (
    <PageProviders lang={lang} path={path}>
      {children}
    </PageProviders>
  );
}

export interface PageOptions {
  lang?: Lang;
  /** The page's address (its language prefix included). */
  path?: string;
}

/** Renders `ui` as on a page of the site. */
export function renderInPage(
  ui: ReactElement,
  { lang = 'en', path = '/', ...options }: PageOptions & RenderOptions = {},
) {
  return render(ui, { wrapper: providers(lang, path), ...options });
}

/** Runs a hook inside a component of a page of the site. */
export function renderHookInPage<Result, Props>(
  hook: (props: Props) => Result,
  { lang = 'en', path = '/', initialProps }: PageOptions & { initialProps?: Props } = {},
) {
  return renderHook(hook, {
    wrapper: providers(lang, path),
    ...(initialProps === undefined ? {} : { initialProps }),
  });
}
