import { expect, type Page, test } from '@playwright/test';
import { LANGUAGES } from '../../core/i18n/languages.ts';
import { PAGES } from '../../core/routing/pages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import {
  afterTwoFrames,
  countDocumentLoads,
  translate,
  waitForBuildWatcher,
  waitForHydration,
} from './helpers.ts';

const RELOAD_GUARD_KEY = 'build-reload-at';

interface BuildMeta {
  id: string;
  matcher: { static: string[]; dynamic: string[] };
  prerendered: string[];
}

test('latest.json names the build and its meta file describes it', async ({ request }) => {
  const latest = await request.get('/builds/latest.json');
  expect(latest.status()).toBe(200);
  expect(latest.headers()['cache-control']).toBe('no-cache');
  const { id } = (await latest.json()) as { id: unknown };
  expect(typeof id).toBe('string');
  expect(id).not.toBe('');

  const metaResponse = await request.get(`/builds/meta/${id}.json`);
  expect(metaResponse.status()).toBe(200);
  const meta = (await metaResponse.json()) as BuildMeta;
  expect(meta.id).toBe(id);
  expect(meta.prerendered).toEqual([]);
  expect(Array.isArray(meta.matcher.static)).toBe(true);
  expect(Array.isArray(meta.matcher.dynamic)).toBe(true);
  // The matcher covers every page in every language.
  const patterns = new Set([...meta.matcher.static, ...meta.matcher.dynamic]);
  const missing = LANGUAGES.flatMap((lang) => PAGES.map((page) => localizePath(lang, page.path))).filter(
    (path) => !patterns.has(path),
  );
  expect(missing).toEqual([]);

  expect((await request.get('/builds/meta/0000000000000000.json')).status()).toBe(404);
});

/** From now on latest.json names a newer build than the one the page runs. */
async function publishNewBuild(page: Page): Promise<void> {
  await page.route(/\/builds\/latest\.json/, (route) =>
    route.fulfill({ json: { id: 'e2e-newer-build' }, headers: { 'Cache-Control': 'no-cache' } }),
  );
}

/** Forces the page's build watcher to poll now and checks it saw the newer build. */
async function pollStale(page: Page): Promise<void> {
  await waitForBuildWatcher(page);
  await page.evaluate(async () => {
    await window.__buildWatcher?.check();
  });
  expect(await page.evaluate(() => window.__buildWatcher?.stale)).toBe(true);
}

async function setMarker(page: Page, value: string): Promise<void> {
  await page.evaluate((marker) => {
    window.__e2eMarker = marker;
  }, value);
}

async function marker(page: Page): Promise<string | undefined> {
  return page.evaluate(() => window.__e2eMarker);
}

/**
 * Resolves once the page has decided whether to reload after a navigation: it decides in an effect
 * of the render that shows the new address (app/root.tsx, useNewBuildReload), and React runs a
 * render's effects right after painting it, so within the next two frames. Deciding to reload writes
 * the reload guard to session storage first, so what the guard holds afterwards tells whether the
 * page reloaded (or is about to).
 */
const afterRenderEffects = afterTwoFrames;

async function historyKey(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window.history.state as { key?: string } | null)?.key);
}

test('navigation stays client-side while the build is current', async ({ page }) => {
  await page.goto('/nl/faq');
  await waitForBuildWatcher(page);
  await page.evaluate(async () => {
    await window.__buildWatcher?.check();
  });
  expect(await page.evaluate(() => window.__buildWatcher?.stale)).toBe(false);
  await setMarker(page, 'current');
  const documents = countDocumentLoads(page);
  await page.locator('header a').first().click();
  await expect(page).toHaveURL(/\/nl$/);
  await expect(page.locator('h1')).toHaveText(translate('nl', 'pages.home.title'));
  await afterRenderEffects(page);
  expect(await page.evaluate((key) => window.sessionStorage.getItem(key), RELOAD_GUARD_KEY)).toBeNull();
  expect(await marker(page)).toBe('current');
  expect(documents.count).toBe(0);
});

test('a new build reloads on the next navigation, at most once per 10 s', async ({ page }) => {
  await page.goto('/nl/faq');
  await publishNewBuild(page);
  await pollStale(page);

  // 1. The next navigation loads the page from the server.
  await setMarker(page, 'before-reload');
  const before = await page.evaluate(() => Date.now());
  const reloaded = page.waitForEvent('load');
  await page.locator('header a').first().click();
  await reloaded;
  await expect(page).toHaveURL(/\/nl$/);
  await expect(page.locator('h1')).toHaveText(translate('nl', 'pages.home.title'));
  expect(await marker(page)).toBeUndefined();
  const after = await page.evaluate(() => Date.now());
  const stamp = Number(await page.evaluate((key) => window.sessionStorage.getItem(key), RELOAD_GUARD_KEY));
  expect(stamp).toBeGreaterThanOrEqual(before);
  expect(stamp).toBeLessThanOrEqual(after);

  // 2. Still stale, but within 10 s of that reload: the next navigation stays client-side.
  await pollStale(page);
  await setMarker(page, 'guarded');
  const documents = countDocumentLoads(page);
  const key = await historyKey(page);
  // The page is the home page now, whose logo always reloads (SPEC §2): leave by a footer link
  // (once the footer's code has loaded; until then its links are plain links).
  await waitForHydration(page);
  await page.locator('footer a[href="/nl/faq"]').click();
  await expect.poll(() => historyKey(page)).not.toBe(key);
  await expect(page.locator('h1')).toHaveText(translate('nl', 'pages.faq.title'));
  await afterRenderEffects(page);
  expect(Number(await page.evaluate((k) => window.sessionStorage.getItem(k), RELOAD_GUARD_KEY))).toBe(stamp);
  expect(await marker(page)).toBe('guarded');
  expect(documents.count).toBe(0);

  // 3. Once the 10 s have passed, a stale navigation reloads again.
  await page.evaluate((k) => window.sessionStorage.setItem(k, String(Date.now() - 10_500)), RELOAD_GUARD_KEY);
  const reloadedAgain = page.waitForEvent('load');
  await page.locator('header a').first().click();
  await reloadedAgain;
  expect(await marker(page)).toBeUndefined();
  expect(documents.count).toBe(1);
});
