import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DataVersions } from '../core/data-versions.ts';
import { cachedPage, etagMatches, gzipPageBody, HtmlCache, pageBody } from './html-cache.ts';

const meta = (versions: DataVersions) => ({
  status: 200,
  headers: {},
  data: ['global'] as const,
  versions: versions.snapshot(),
});

describe('cachedPage', () => {
  it('puts a fresh nonce everywhere the render’s nonce stood, and nowhere else', () => {
    const versions = new DataVersions();
    const page = cachedPage(
      '<script nonce="AAA">x</script><p>AAA-free</p><script nonce="AAA"></script>',
      'AAA',
      meta(versions),
    );
    expect(Buffer.concat(pageBody(page, 'BBB')).toString()).toBe(
      '<script nonce="BBB">x</script><p>BBB-free</p><script nonce="BBB"></script>',
    );
  });

  it('gzips a stored page with a fresh nonce, without compressing anything per response', () => {
    const versions = new DataVersions();
    const html = (nonce: string) =>
      `${nonce}<html><script nonce="${nonce}">${'x'.repeat(70_000)}</script>${'<p>é ✓ 日本</p>'.repeat(500)}<script nonce="${nonce}"></script>${nonce}`;
    const page = cachedPage(
      Buffer.from(html('AAAAAAAAAAAAAAAAAAAAAA==')),
      'AAAAAAAAAAAAAAAAAAAAAA==',
      meta(versions),
    );
    expect(page.parts[0]?.length).toBe(0);
    const first = gzipPageBody(page, 'BBBBBBBBBBBBBBBBBBBBBB==');
    const second = gzipPageBody(page, 'CCCCCCCCCCCCCCCCCCCCCC==');
    expect(gunzipSync(Buffer.concat(first)).toString()).toBe(html('BBBBBBBBBBBBBBBBBBBBBB=='));
    expect(gunzipSync(Buffer.concat(second)).toString()).toBe(html('CCCCCCCCCCCCCCCCCCCCCC=='));
    // The deflated parts are made once and shared by every response.
    expect(second[1]).toBe(first[1]);
    expect(Buffer.concat(first).length).toBeLessThan(page.parts.reduce((n, part) => n + part.length, 0) / 5);
    // A page without any nonce is one deflated part.
    const plain = cachedPage('<p>no scripts</p>', 'DDDD', meta(versions));
    expect(gunzipSync(Buffer.concat(gzipPageBody(plain, 'EEEE'))).toString()).toBe('<p>no scripts</p>');
  });

  it('gives the same weak ETag whatever the nonce, and another for other HTML', () => {
    const versions = new DataVersions();
    const a = cachedPage('<p nonce="one">hi</p>', 'one', meta(versions));
    const b = cachedPage('<p nonce="two">hi</p>', 'two', meta(versions));
    const c = cachedPage('<p nonce="one">ho</p>', 'one', meta(versions));
    expect(a.etag).toMatch(/^W\/"/);
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(c.etag);
  });

  it('matches If-None-Match lists, weak or strong, and *', () => {
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('HtmlCache', () => {
  const options = (versions: DataVersions) => ({ maxBytes: 1_000_000, ttlMs: 60_000, versions });

  it('renders once for concurrent misses of one key', async () => {
    const versions = new DataVersions();
    const cache = new HtmlCache(options(versions));
    let renders = 0;
    // The render lasts until all ten callers have asked.
    let finish = () => {};
    const rendering = new Promise<void>((done) => {
      finish = done;
    });
    const render = async () => {
      renders++;
      await rendering;
      return cachedPage('<p>page</p>', 'n', meta(versions));
    };
    const filling = Promise.all(Array.from({ length: 10 }, () => cache.fill('/a', render)));
    finish();
    const results = await filling;
    expect(renders).toBe(1);
    expect(results.filter((result) => result.leader)).toHaveLength(1);
    expect(new Set(results.map((result) => result.page))).toHaveLength(1);
    expect(cache.get('/a')).toBe(results[0]?.page);
  });

  it('stores nothing when the render may not be shared', async () => {
    const cache = new HtmlCache(options(new DataVersions()));
    const result = await cache.fill('/b', async () => null);
    expect(result).toEqual({ page: null, leader: true });
    expect(cache.get('/b')).toBeUndefined();
  });

  it('drops a page once the data it was rendered from changes', async () => {
    const versions = new DataVersions();
    const cache = new HtmlCache(options(versions));
    await cache.fill('/c', async () => cachedPage('<p>c</p>', 'n', meta(versions)));
    versions.bump('market');
    expect(cache.get('/c')).toBeDefined();
    versions.bump('global');
    expect(cache.get('/c')).toBeUndefined();
  });

  it('keeps within its byte budget, least recently used first out', async () => {
    const versions = new DataVersions();
    const cache = new HtmlCache({ ...options(versions), maxBytes: 3 * (512 + 1000) });
    for (const key of ['1', '2', '3', '4']) {
      await cache.fill(key, async () => cachedPage('x'.repeat(1000), 'n', meta(versions)));
    }
    expect(cache.get('1')).toBeUndefined();
    expect(cache.get('4')).toBeDefined();
    expect(cache.stats.bytes).toBeLessThanOrEqual(3 * (512 + 1000));
  });
});
