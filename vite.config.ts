import { readFileSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** Sections of the dictionaries only the server reads (the API's error messages, the mails, the Telegram bot). */
const SERVER_ONLY_SECTIONS = ['apiErrors', 'mail', 'swapMail', 'saleMail', 'bot', 'fiatErrors'];
/**
 * Sections only some pages use: their route modules bring them (`virtual:english-section/{name}`,
 * app/i18n/english-sections.ts), so the English texts of every page do not weigh on each page.
 */
const PAGE_SECTIONS = [
  'directory',
  'blog',
  'forms',
  'contact',
  'addCoin',
  'reviews',
  'forPartners',
  'congrats',
  'swapNotify',
  // The swap page and the swap step's copy buttons (app/exchange/english-swap-status.ts).
  'swapStatus',
  // The embeddable widget and the snippet generator of /for-partners (app/widget/english.ts).
  'widget',
  // The company, support and legal pages (app/company/english.ts).
  'about',
  'partnersPage',
  'howItWorks',
  'faq',
  'press',
  'providersPage',
  'legal',
  'sitemapPage',
  'withdrawal',
  // The account area (app/account/english.ts).
  'account',
  // DEX swaps (app/dex/english.ts).
  'dex',
  // The cross-chain pages (app/crosschain/english.ts).
  'crossChain',
  // The buy, sell, fiat, checkout and fiat order pages (app/fiat/english.ts).
  'fiat',
  // Parts of sections the home page's first render uses: the swap step's form and aside
  // (app/exchange/english-swap-step.ts), the design system's showcase (its route module).
  'exchange.create',
  'exchange.aside',
  'ui.showcase',
];

/**
 * Texts the English home page's first render does not need but every other page may: the other
 * pages' titles and descriptions (2.9 KB gzip). The catalogue keeps the home page's;
 * `virtual:english-deferred` has the rest, which every other page's route module imports
 * (`deferredTextsForPages`) and a client navigation waits for (app/i18n/english-deferred.ts).
 */
const DEFERRED_TEXTS: Record<string, (key: string) => boolean> = {
  pages: (key) => key !== 'home',
};

/** A dictionary's section, or part of one (`exchange.create`). */
function sectionAt(catalogue: Record<string, unknown>, name: string): unknown {
  const [section = '', part] = name.split('.');
  const texts = catalogue[section];
  return part ? (texts as Record<string, unknown>)[part] : texts;
}

/**
 * `virtual:english-catalogue`: the English dictionary built into the browser bundle (SPEC §4),
 * without the sections only the server reads or only some pages use;
 * `virtual:english-section/{name}`: one of the latter.
 */
function englishCatalogue(): Plugin {
  const id = 'virtual:english-catalogue';
  const sectionPrefix = 'virtual:english-section/';
  const deferred = 'virtual:english-deferred';
  const file = new URL('./content/locales/en.json', import.meta.url);
  const read = () => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const module = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
  return {
    name: 'english-catalogue',
    resolveId: (source) =>
      source === id || source === deferred || source.startsWith(sectionPrefix) ? `\0${source}` : undefined,
    load(resolved) {
      if (resolved === `\0${id}`) {
        this.addWatchFile(file.pathname);
        const catalogue = read();
        for (const name of [...SERVER_ONLY_SECTIONS, ...PAGE_SECTIONS]) {
          const [section = '', part] = name.split('.');
          if (part) delete (catalogue[section] as Record<string, unknown>)[part];
          else delete catalogue[section];
        }
        for (const [section, isDeferred] of Object.entries(DEFERRED_TEXTS)) {
          const texts = Object.entries(catalogue[section] as Record<string, unknown>);
          catalogue[section] = Object.fromEntries(texts.filter(([key]) => !isDeferred(key)));
        }
        return module(catalogue);
      }
      if (resolved === `\0${deferred}`) {
        this.addWatchFile(file.pathname);
        const catalogue = read();
        return module(
          Object.fromEntries(
            Object.entries(DEFERRED_TEXTS).map(([section, isDeferred]) => [
              section,
              Object.fromEntries(
                Object.entries(catalogue[section] as Record<string, unknown>).filter(([key]) =>
                  isDeferred(key),
                ),
              ),
            ]),
          ),
        );
      }
      if (resolved.startsWith(`\0${sectionPrefix}`)) {
        this.addWatchFile(file.pathname);
        const name = resolved.slice(sectionPrefix.length + 1);
        if (!PAGE_SECTIONS.includes(name)) this.error(`No page section '${name}' in en.json`);
        return module(sectionAt(read(), name));
      }
      return undefined;
    },
  };
}

/**
 * Modules loaded only when used (dialogs, sheets, the newsletter form, the tag manager) or only by some pages (the page
 * table, for a route's parameter rule; the DEX and cross-chain rules): they keep chunks of their own.
 */
const LOADED_WHEN_USED =
  /[\\/](DrawerSheet|use-drawer-sheet|drawer-sheet-state|CoinPickerDialog|ConsentBanner|Newsletter|use-newsletter|newsletter-post|Footer|footer-links|TextInput|Tooltip|use-tooltip|tooltip-style|tooltip-position|tag-manager|recaptcha|pages|match|english-deferred-texts)\.tsx?$/;
/**
 * Shared folders' modules that only some pages (or only the lazily loaded footer) import, and the
 * domains of the widget, fiat, DEX and cross-chain pages: they go with those pages' chunks, not into
 * every page's `site` chunk.
 */
const ONLY_SOME_PAGES =
  /[\\/](ui[\\/](PageLinks|Breadcrumbs|drawer-gesture|RecaptchaNotice|ServerHtml)|shell[\\/]newsletter-machine|exchange[\\/]swap-id|directory[\\/]chart-ranges|company[\\/]faq|newsletter[\\/]email|support[\\/]fields|reviews[\\/]review-fields)\.tsx?$|[\\/]core[\\/](widget|fiat|dex|crosschain)[\\/]/;
/** The site's own modules every page shares (shell, design system, helpers, domain rules). */
const SHARED = /[\\/](app[\\/](lib|i18n|ui|shell|consent|navigation|layouts)|core)[\\/]/;
/** Our shared modules, not packages whose paths happen to have a `core` folder (viem's `ox/_esm/core`). */
const isOwnShared = (id: string) => SHARED.test(id) && !/[\\/]node_modules[\\/]/.test(id);
/** What every page runs on: React, React DOM and React Router. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/**
 * Every page's route module but the home page's imports the deferred English texts
 * (`DEFERRED_TEXTS`): React Router then preloads them with the page's own code, so no page waits
 * for them after its scripts have run (the home page loads them when idle).
 */
function deferredTextsForPages(): Plugin {
  const page = /[\\/]app[\\/]routes[\\/](?!home\.tsx$)[^\\/]+\.tsx$/;
  const texts = new URL('./app/i18n/english-deferred-texts.ts', import.meta.url).pathname;
  return {
    name: 'deferred-texts-for-pages',
    enforce: 'pre',
    transform(code, id) {
      if (!page.test(id.split('?')[0] ?? '')) return undefined;
      return { code: `import ${JSON.stringify(texts)};\n${code}`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), englishCatalogue(), deferredTextsForPages(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Two chunks for what every page shares instead of a dozen small ones: fewer requests before
        // the first render and less code repeated at the chunks' edges.
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            {
              name: 'site',
              test: (id) => isOwnShared(id) && !LOADED_WHEN_USED.test(id) && !ONLY_SOME_PAGES.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
