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

export default defineConfig({
  plugins: [tailwindcss(), englishCatalogue(), reactRouter()],
  build: { assetsInlineLimit: 0 },
});
