import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Handler } from 'hono';

/**
 * Scalar's standalone bundle (`@scalar/api-reference`, MIT), served from our own origin for the
 * API reference page (docs/decisions/023): read and gzipped once on first use (4.8 MB, 1 MB
 * gzipped), cached for good by the browser (its address carries the package's version).
 */
export function apiReferenceScript(): Handler {
  let files: { plain: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> } | null = null;
  return (c) => {
    if (!files) {
      const source = readFileSync(
        join(
          dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
          'browser',
          'standalone.js',
        ),
        'utf8',
      );
      // Its stylesheet names web fonts on Scalar's host even with `withDefaultFonts: false`: those
      // rules are taken out, so the page asks no other host for anything (the CSP's font-src
      // 'self' would refuse them anyway) and draws with the fonts' local fallbacks.
      const plain = Buffer.from(source.replace(/@font-face\s*\{[^}]*fonts\.scalar\.com[^}]*\}/g, ''));
      files = { plain: Uint8Array.from(plain), gzip: Uint8Array.from(gzipSync(plain)) };
    }
    const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Vary', 'Accept-Encoding');
    if (gzip) c.header('Content-Encoding', 'gzip');
    return c.body(gzip ? files.gzip : files.plain);
  };
}
