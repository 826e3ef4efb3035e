import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const SECTION_PREFIX = 'virtual:english-section/';

// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  plugins: [
    {
      // The English page sections route modules import (vite.config.ts serves them in builds).
      name: 'english-sections',
      resolveId: (source) => (source.startsWith(SECTION_PREFIX) ? `\0${source}` : undefined),
      load(id) {
        if (!id.startsWith(`\0${SECTION_PREFIX}`)) return undefined;
        const english = JSON.parse(readFileSync('content/locales/en.json', 'utf8')) as Record<
          string,
          unknown
        >;
        return `export default ${JSON.stringify(english[id.slice(SECTION_PREFIX.length + 1)] ?? {})};`;
      },
    },
  ],
  test: {
    include: ['{app,server,core,db,scripts,deploy}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
