import { readdirSync, readFileSync } from 'node:fs';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadDictionaries } from '../../core/i18n/dictionaries.ts';
import { LANGUAGE_INFO } from '../../core/i18n/languages.ts';
import { createI18n } from '../i18n/i18n.ts';
import { I18nProvider } from '../i18n/react.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';

/** Server renders of the language button: its flag is an SVG image, the same on every system. */

const dictionaries = loadDictionaries();

async function render(pathname: string, lang: 'en' | 'de'): Promise<string> {
  const handler = createStaticHandler([{ id: 'page', path: '*', Component: LanguageMenu }]);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = createI18n(lang, { [lang]: dictionaries.get(lang) ?? {} });
  const { prelude } = await prerender(
    <I18nProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nProvider>,
  );
  return new Response(prelude).text();
}

/** Regional-indicator letters: what flag emoji are made of. */
const FLAG_EMOJI = /[\u{1F1E6}-\u{1F1FF}]/u;

describe('LanguageMenu (server render)', () => {
  it('shows the US flag for English and the German flag in German, as SVG images', async () => {
    const english = await render('/faq', 'en');
    expect(english).toMatch(/<img[^>]*src="\/flags\/us\.svg"[^>]*alt=""/);
    expect(english).not.toMatch(FLAG_EMOJI);
    const german = await render('/de/faq', 'de');
    expect(german).toMatch(/<img[^>]*src="\/flags\/de\.svg"/);
    expect(german).not.toMatch(FLAG_EMOJI);
  });

  it('ships exactly the flags of the 14 languages', () => {
    const wanted = Object.values(LANGUAGE_INFO)
      .map((info) => `${info.flag}.svg`)
      .sort();
    const folder = new URL('../../public/flags/', import.meta.url);
    const shipped = readdirSync(folder)
      .filter((file) => file.endsWith('.svg'))
      .sort();
    expect(shipped).toEqual(wanted);
    expect(wanted).toHaveLength(14);
    for (const file of shipped) {
      const svg = readFileSync(new URL(file, folder), 'utf8');
      expect(svg, file).toMatch(/^<svg [^>]*viewBox="[\d. ]+"/);
      expect(svg.length, file).toBeLessThan(4_000);
    }
  });
});
