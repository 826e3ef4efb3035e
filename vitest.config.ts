import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
        // A section, or part of one (`exchange.create`).
        const [section = '', part] = id.slice(SECTION_PREFIX.length + 1).split('.');
        const texts = english[section] as Record<string, unknown> | undefined;
        return `export default ${JSON.stringify((part ? texts?.[part] : texts) ?? {})};`;
      },
    },
  ],
  test: {
    include: [
      '{app,server,core,db,scripts,deploy}/**/*.test.{ts,tsx}',
      'tests/{fakes,support}/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves a core to itself by default, which on a 2-core machine means one file at a
    // time; many files wait on a database, a child process or a socket, so two at once finish the
    // suite far sooner (docs/decisions/018-test-suite-layout.md). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
  },
});
