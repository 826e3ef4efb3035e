import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { GlobalData } from '../../../core/global/global-data.ts';
import { isLang } from '../../../core/i18n/languages.ts';
import type { Services } from '../../../core/services.ts';

/** True when If-None-Match names this ETag (or `*`); weak comparison, as for GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * What every page loads under `/apiglobal` (SPEC §7): a language's dictionary, and the global data
 * (footer coins and pairs, social links); both cached by the browser and revalidated by ETag.
 */
export function localeRoutes(services: Services): Hono {
  const api = new Hono();

  const localeEtags = new Map<string, string>();
  api.get('/locale/:code', (c) => {
    const code = c.req.param('code');
    const dictionary = isLang(code) ? services.dictionaries.get(code) : undefined;
    if (!dictionary) {
      return c.json({ error: { code: 'unknown_locale', message: `Unknown language: '${code}'` } }, 404);
    }
    let etag = localeEtags.get(code);
    if (!etag) {
      etag = `"${createHash('sha1').update(JSON.stringify(dictionary)).digest('base64url')}"`;
      localeEtags.set(code, etag);
    }
    c.header('ETag', etag);
    c.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.json(dictionary);
  });

  // The global data object stays the same until the service re-reads it: serialise it once.
  const globalBodies = new WeakMap<GlobalData, { body: string; etag: string }>();
  api.get('/global', async (c) => {
    const data = await services.global.get();
    let cached = globalBodies.get(data);
    if (!cached) {
      const body = JSON.stringify(data);
      cached = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      globalBodies.set(data, cached);
    }
    c.header('ETag', cached.etag);
    c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
    if (matchesEtag(c.req.header('if-none-match'), cached.etag)) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(cached.body);
  });

  return api;
}
