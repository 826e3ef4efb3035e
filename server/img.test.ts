import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  createImageHandler,
  fileSource,
  IMAGE_CACHE_CONTROL,
  isSafeSourcePath,
  parseImageQuery,
} from './img.ts';

const PUBLIC = resolve(import.meta.dirname, '..', 'public');

function appWith(options: Partial<Parameters<typeof createImageHandler>[0]> = {}) {
  return new Hono().get('/img', createImageHandler({ root: PUBLIC, ...options }));
}

const parse = (query: string) => parseImageQuery(new URLSearchParams(query));

describe('parseImageQuery', () => {
  it('reads every parameter', () => {
    const result = parse(
      'src=/social-card.png&w=300&h=200&fit=contain&f=png&q=70&bg=F80&focus=attention&blur=3&v=a1',
    );
    expect(result).toMatchObject({
      ok: true,
      query: {
        src: '/social-card.png',
        width: 300,
        height: 200,
        fit: 'contain',
        format: 'png',
        quality: 70,
        background: '#ff8800',
        focus: 'attention',
        blur: 3,
        version: 'a1',
      },
    });
  });

  it('defaults to webp, cover and centre', () => {
    expect(parse('src=/social-card.png')).toMatchObject({
      ok: true,
      query: { format: 'webp', fit: 'cover', focus: 'center' },
    });
  });

  it('caps sizes at 2048 keeping the aspect ratio', () => {
    expect(parse('src=/a.png&w=4096&h=1024')).toMatchObject({ query: { width: 2048, height: 512 } });
    expect(parse('src=/a.png&w=5000')).toMatchObject({ query: { width: 2048 } });
  });

  it('gives equal requests equal keys', () => {
    const a = parse('src=/a.png&w=10&bg=fff');
    const b = parse('bg=%23FFFFFF&w=10&src=/a.png');
    expect(a.ok && b.ok && a.key === b.key).toBe(true);
  });

  it.each([
    ['', "'src' is required"],
    ['src=a.png', "'src'"],
    ['src=https://evil.example/a.png', "'src'"],
    ['src=//evil.example/a.png', "'src'"],
    ['src=/../secret.png', "'src'"],
    ['src=/icons/../../etc/passwd.png', "'src'"],
    ['src=/%2e%2e/secret.png', "'src'"],
    ['src=/.env.png', "'src'"],
    ['src=/a\\..\\b.png', "'src'"],
    ['src=/robots.txt', 'must name an image'],
    ['src=/a.png&w=0', "'w'"],
    ['src=/a.png&w=-5', "'w'"],
    ['src=/a.png&h=1.5', "'h'"],
    ['src=/a.png&w=abc', "'w'"],
    ['src=/a.png&fit=fill', "'fit'"],
    ['src=/a.png&f=gif', "'f'"],
    ['src=/a.png&q=0', "'q'"],
    ['src=/a.png&q=101', "'q'"],
    ['src=/a.png&bg=red', "'bg'"],
    ['src=/a.png&focus=middle', "'focus'"],
    ['src=/a.png&blur=0.1', "'blur'"],
    ['src=/a.png&blur=1000', "'blur'"],
    ['src=/a.png&blur=21', "'blur'"],
    ['src=/a.png&color=red', "'color'"],
    ['src=/a.png&v=../x', "'v'"],
    ['src=/a.png&width=10', "Unknown parameter 'width'"],
    ['src=/a.png&w=10&w=20', "'w' given more than once"],
  ])('refuses %s', (search, message) => {
    const result = parse(search);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it('accepts only plain same-site paths', () => {
    expect(isSafeSourcePath('/social-card.png')).toBe(true);
    expect(isSafeSourcePath('/icons/coins/btc.svg')).toBe(true);
    expect(isSafeSourcePath('/a//b.png')).toBe(false);
    expect(isSafeSourcePath('/a/./b.png')).toBe(false);
    expect(isSafeSourcePath('/a b.png')).toBe(false);
    expect(isSafeSourcePath('/a.png?x=1')).toBe(false);
  });
});

describe('GET /img', () => {
  it('renders an image once whatever its cache-busting version', async () => {
    const load = vi.fn(fileSource(PUBLIC));
    const app = appWith({ load });
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((v) => app.request(`/img?src=/social-card.png&w=64&h=32&v=${v}`)),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses new renders with 503 and Retry-After while too many wait', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const source = fileSource(PUBLIC);
    let loading = 0;
    const app = appWith({
      concurrentRenders: 1,
      queuedRenders: 1,
      load: async (src) => {
        loading++;
        await gate;
        return source(src);
      },
    });
    const running = app.request('/img?src=/social-card.png&w=40');
    const waiting = app.request('/img?src=/social-card.png&w=41');
    // The first render has its turn; the second, asked right after it, has then joined the line.
    await vi.waitFor(() => expect(loading).toBe(1), { timeout: 10_000, interval: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    const refused = await app.request('/img?src=/social-card.png&w=42');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('image_busy');
    // The same image as one already under way joins it instead of queueing again.
    const joined = app.request('/img?src=/social-card.png&w=41&v=x');
    release();
    expect((await running).status).toBe(200);
    expect((await waiting).status).toBe(200);
    expect((await joined).status).toBe(200);
  });

  it('resizes a PNG from public/ to webp with immutable caching and an ETag', async () => {
    const app = appWith();
    const response = await app.request('/img?src=/social-card.png&w=300&h=150');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 150 });

    const again = await app.request('/img?src=/social-card.png&w=300&h=150', {
      headers: { 'If-None-Match': etag as string },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('keeps the aspect ratio with one size, letterboxes with contain, converts formats', async () => {
    const app = appWith();
    const wide = await app.request('/img?src=/social-card.png&w=240&f=png');
    expect(wide.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 240,
      height: 126,
    });
    const boxed = await app.request(
      '/img?src=/social-card.png&w=100&h=100&fit=contain&bg=000000&f=jpeg&q=60',
    );
    expect(await sharp(Buffer.from(await boxed.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 100,
      height: 100,
    });
  });

  it('serves the placeholder variants', async () => {
    const app = appWith();
    const preview = await app.request('/img?src=/social-card.png&w=10&h=10&q=50&blur=3');
    expect(await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).toMatchObject({
      width: 10,
      height: 10,
    });
    for (const color of ['main', 'mean']) {
      const pixel = await app.request(`/img?src=/social-card.png&color=${color}`);
      expect(pixel.status).toBe(200);
      expect(await sharp(Buffer.from(await pixel.arrayBuffer())).metadata()).toMatchObject({
        width: 1,
        height: 1,
      });
    }
  });

  it('rasterises the coin icons', async () => {
    const response = await appWith().request('/img?src=/icons/coins/btc.svg&w=64&h=64&f=png');
    expect(response.status).toBe(200);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
      width: 64,
      height: 64,
    });
  });

  it('answers bad parameters with a JSON 400', async () => {
    const response = await appWith().request('/img?src=/social-card.png&w=abc');
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      error: { code: 'invalid_image_request', message: "Parameter 'w' must be a positive whole number" },
    });
  });

  it('refuses path traversal and foreign URLs', async () => {
    const app = appWith();
    for (const src of [
      '/../package.json.png',
      '/%2e%2e/%2e%2e/etc/passwd.png',
      'https://example.com/a.png',
      '//example.com/a.png',
    ]) {
      const response = await app.request(`/img?src=${encodeURIComponent(src)}`);
      expect(response.status, src).toBe(400);
    }
  });

  it('does not follow links out of the root', async () => {
    const root = mkdtempSync(join(tmpdir(), 'img-root-'));
    const outside = mkdtempSync(join(tmpdir(), 'img-outside-'));
    writeFileSync(
      join(outside, 'secret.png'),
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    mkdirSync(join(root, 'images'));
    symlinkSync(join(outside, 'secret.png'), join(root, 'images', 'secret.png'));
    expect(await fileSource(root)('/images/secret.png')).toBeNull();
    expect((await appWith({ root }).request('/img?src=/images/secret.png')).status).toBe(404);
  });

  it('answers a missing original with 404 and an unreadable one with 422', async () => {
    const root = mkdtempSync(join(tmpdir(), 'img-root-'));
    writeFileSync(join(root, 'broken.png'), 'not an image');
    const app = appWith({ root });
    const missing = await app.request('/img?src=/nothing.png');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'image_not_found' } });
    expect((await app.request('/img?src=/broken.png')).status).toBe(422);
  });

  it('renders each variant once, from memory afterwards', async () => {
    const load = vi.fn(fileSource(PUBLIC));
    const app = appWith({ load });
    const url = '/img?src=/social-card.png&w=50&h=50';
    const [a, b] = await Promise.all([app.request(url), app.request(url)]);
    const c = await app.request(url);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(c.headers.get('etag')).toBe(a.headers.get('etag'));
  });
});
