import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, loadServerBuild } from './testing.ts';

await loadServerBuild(); // fails with a clear message when there is no build

describe('the browser bundle', () => {
  it('carries no database code (a page importing a value from a core module with queries pulls it in)', () => {
    const assets = join(CLIENT_DIR, 'assets');
    const offenders = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      // Drizzle names its entities with Symbol.for('drizzle:…'); pg and PGlite have their own marks.
      .filter((file) =>
        /drizzle:|pg-protocol|@electric-sql\/pglite/.test(readFileSync(join(assets, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});
