import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/ARCHITECTURE.md, read off the code: `server → app → core → db`; `core` imports
 * no React, React Router or Hono, `server` does not import `app`, and `app` does not import `server`.
 * Tests are left out: they may reach across layers to build what they check.
 */
const ROOT = join(import.meta.dirname, '..');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/** Each import of a file: the package name, or the repository path of a relative import. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => {
    const spec = (match[1] ?? match[2]) as string;
    return spec.startsWith('.') ? relative('.', normalize(join(dirname(file), spec))) : spec;
  });
}

function violations(dir: string, forbidden: (target: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map((target) => `${file} → ${target}`),
  );
}

describe('the dependency rule', () => {
  it('core imports neither React, React Router nor Hono, nor the app or the server', () => {
    expect(
      violations('core', (target) =>
        /^(react|react-dom|react-router|hono|@hono\/[^/]+|@react-router\/[^/]+)(\/|$)|^(app|server)\//.test(
          target,
        ),
      ),
    ).toEqual([]);
  });

  it('core holds only what production runs: no fakes or test helpers, nothing from tests/', () => {
    expect(sourceFiles('core').filter((file) => /-fake\.ts$|(^|\/)testing(\/|\.ts$)/.test(file))).toEqual([]);
    expect(violations('core', (target) => target.startsWith('tests/'))).toEqual([]);
    expect(violations('server', (target) => target.startsWith('tests/'))).toEqual([]);
  });

  it('the server does not import the app', () => {
    expect(violations('server', (target) => target.startsWith('app/'))).toEqual([]);
  });

  it('the app does not import the server', () => {
    expect(violations('app', (target) => target.startsWith('server/'))).toEqual([]);
  });
});
