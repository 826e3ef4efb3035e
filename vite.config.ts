import { readFileSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** Sections of the dictionaries only the server reads (the API's error messages). */
const SERVER_ONLY_SECTIONS = ['apiErrors'];

/**
 * `virtual:english-catalogue`: the English dictionary built into the browser bundle (SPEC §4),
 * without the sections only the server reads.
 */
function englishCatalogue(): Plugin {
  const id = 'virtual:english-catalogue';
  const file = new URL('./content/locales/en.json', import.meta.url);
  return {
    name: 'english-catalogue',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      this.addWatchFile(file.pathname);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const section of SERVER_ONLY_SECTIONS) delete catalogue[section];
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalogue))});`;
    },
  };
}

/**
 * Modules loaded only when used (dialogs, sheets, the newsletter form, the tag manager) or only by some pages (the page
 * table, for a route's parameter rule): they keep chunks of their own.
 */
const LOADED_WHEN_USED =
  /[\\/](DrawerSheet|CoinPickerDialog|Newsletter|TextInput|Tooltip|tooltip-position|tag-manager|recaptcha|pages|match)\.tsx?$/;
/** The site's own modules every page shares (shell, design system, helpers, domain rules). */
const SHARED = /[\\/](app[\\/](lib|i18n|ui|shell|consent|navigation|layouts)|core)[\\/]/;
/** What every page runs on: React, React DOM and React Router. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [tailwindcss(), englishCatalogue(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Two chunks for what every page shares instead of a dozen small ones: fewer requests before
        // the first render and less code repeated at the chunks' edges.
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'site', test: (id) => SHARED.test(id) && !LOADED_WHEN_USED.test(id), priority: 1 },
          ],
        },
      },
    },
  },
});
