import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { I18nProvider, richText, Trans, useTranslation } from './react.tsx';

const en = {
  greeting: 'Hello, {{name}}!',
  nested: { only: 'English only' },
  notice: 'Read <a>the terms</a> and <b>this</b>.',
};
const de = { greeting: 'Hallo, {{name}}!', notice: 'Lesen Sie <a>die Bedingungen</a>.' };

describe('I18n', () => {
  it('translates with placeholders, falls back to English, then to the key', () => {
    const i18n = createI18n('de', { en, de });
    expect(i18n.t('greeting', { name: 'Ada' })).toBe('Hallo, Ada!');
    expect(i18n.t('nested.only')).toBe('English only');
    expect(i18n.t('missing.key')).toBe('missing.key');
  });

  it('switches language and tells its subscribers once per change', () => {
    const i18n = createI18n('en', { en });
    let calls = 0;
    const unsubscribe = i18n.subscribe(() => calls++);
    expect(i18n.hasDictionary('de')).toBe(false);
    i18n.addDictionary('de', de);
    i18n.changeLanguage('de');
    i18n.changeLanguage('de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('greeting', { name: 'Bo' })).toBe('Hallo, Bo!');
    expect(calls).toBe(1);
    unsubscribe();
    i18n.changeLanguage('en');
    expect(calls).toBe(1);
  });

  it('adds deferred texts beside a section the catalogue has in part, keeping its own', () => {
    const i18n = createI18n('en', { en: { pages: { home: { title: 'Home' } } } });
    expect(i18n.t('pages.faq.title')).toBe('pages.faq.title');
    i18n.extendDictionary('en', { pages: { faq: { title: 'FAQ' } }, forms: { send: 'Send' } });
    expect(i18n.t('pages.faq.title')).toBe('FAQ');
    expect(i18n.t('pages.home.title')).toBe('Home');
    expect(i18n.t('forms.send')).toBe('Send');
  });
});

function Greeting() {
  const { t, i18n } = useTranslation();
  return <p lang={i18n.language}>{t('greeting', { name: 'Cy' })}</p>;
}

describe('React bindings', () => {
  it('renders the active language', () => {
    const html = renderToStaticMarkup(
      <I18nProvider i18n={createI18n('de', { en, de })}>
        <Greeting />
      </I18nProvider>,
    );
    expect(html).toBe('<p lang="de">Hallo, Cy!</p>');
  });

  it('puts elements inside translated sentences', () => {
    const html = renderToStaticMarkup(
      <I18nProvider i18n={createI18n('de', { en, de })}>
        {/* biome-ignore lint/a11y/useAnchorContent: Trans puts the text inside. */}
        <Trans i18nKey="notice" components={{ a: <a href="/terms" /> }} />
      </I18nProvider>,
    );
    expect(html).toBe('Lesen Sie <a href="/terms">die Bedingungen</a>.');
    // biome-ignore lint/a11y/useAnchorContent: richText puts the text inside.
    const parts = renderToStaticMarkup(<span>{richText(en.notice, { a: <a href="/t" /> })}</span>);
    // A tag without a component keeps its text.
    expect(parts).toBe('<span>Read <a href="/t">the terms</a> and this.</span>');
  });
});
