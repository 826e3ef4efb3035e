import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { translate, waitForHydration } from './helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_consent', value: '1:true_2:false_3:false_4:false', url: baseURL },
  ]);
});

/** Once hydrated, the intent listeners are on (app/navigation/IntentPrefetch.tsx). */
async function waitForIntentPrefetch(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-intent-prefetch', 'ready');
}

/** Requests for the /swap route's own module. */
function swapModuleRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (/\/assets\/swap-[\w-]{8}\.js$/.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/**
 * Until React Router has learnt a link's route (lazy route discovery), a preload of it would wait
 * for that; once it has, a preload asks for the route's code as soon as its timer fires.
 */
async function waitForRouteDiscovery(page: Page, routeId: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (id) =>
          id in
          ((window as { __reactRouterManifest?: { routes: Record<string, unknown> } }).__reactRouterManifest
            ?.routes ?? {}),
        routeId,
      ),
    )
    .toBe(true);
}

/**
 * Chooses the link, then checks that the route's code was asked for once, after the choice: nothing
 * had preloaded it before (a preload's request would come first, and the navigation would reuse it).
 */
async function expectLoadedOnlyOnChoice(page: Page, link: Locator, loads: Request[]): Promise<void> {
  const chosenAt = Date.now();
  await link.click();
  await expect(page).toHaveURL(/\/swap$/);
  await expect(page.locator('h1')).toHaveText(translate('en', 'pages.swap.title'));
  expect(loads).toHaveLength(1);
  // The browser's own (wall-clock) record of when the request was sent, complete once answered.
  const response = await loads[0]?.response();
  expect(response?.ok()).toBe(true);
  expect(loads[0]?.timing().startTime).toBeGreaterThanOrEqual(chosenAt);
}

test('a hash target lands below the sticky header, by its scroll margin', async ({ page }) => {
  await page.goto('/design-system#ds-images');
  await waitForHydration(page);
  await expect
    .poll(() =>
      page.locator('#ds-images').evaluate((element) => Math.round(element.getBoundingClientRect().top)),
    )
    .toBe(64 + 12);
});

test('a navigation scrolls to the top, back restores the position', async ({ page }) => {
  await page.goto('/faq');
  await waitForHydration(page);
  const link = page.locator('footer a[href="/privacy-policy"]');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/faq$/);
  await expect
    .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - before))
    .toBeLessThan(2);
});

test('resting on a link preloads its route code; choosing it then needs no further download', async ({
  page,
}) => {
  const loads = swapModuleRequests(page);
  await page.goto('/faq');
  await waitForIntentPrefetch(page);
  expect(loads).toEqual([]);
  const link = page.locator('footer a[href="/swap"]');
  await link.scrollIntoViewIfNeeded();
  // Rest on the link; should the page shift under the pointer, leave and come back like a visitor would.
  await expect(async () => {
    await page.mouse.move(1, 1);
    await link.hover();
    await expect.poll(() => loads.length, { timeout: 1_500 }).toBe(1);
  }).toPass({ timeout: 15_000 });
  await link.click();
  await expect(page).toHaveURL(/\/swap$/);
  // The page shows once its code is there: a second download would have been asked for by then.
  await expect(page.locator('h1')).toHaveText(translate('en', 'pages.swap.title'));
  expect(loads).toHaveLength(1);
});

test('a pointer passing over a link for less than 100 ms preloads nothing', async ({ page }) => {
  const loads = swapModuleRequests(page);
  // The page's clock is ours: the intent delay passes when the test says, however busy the machine.
  await page.clock.install();
  await page.goto('/faq');
  await waitForIntentPrefetch(page);
  await waitForRouteDiscovery(page, 'en/swap');
  const link = page.locator('footer a[href="/swap"]');
  await link.scrollIntoViewIfNeeded();
  await page.clock.pauseAt(Date.now() + 60_000);
  // Enter and leave within one task: two separate mouse moves from the test runner can lie more
  // than 100 ms apart on a busy machine, which would be a real rest on the link.
  await link.evaluate((anchor) => {
    anchor.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    anchor.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
  });
  // Ten intent delays: an intent timer the pass had left running has fired and asked for the code.
  await page.clock.runFor(1_000);
  await page.clock.resume();
  await expectLoadedOnlyOnChoice(page, link, loads);
});

for (const [name, connection] of [
  // In data-saver mode React Router discovers no routes ahead either (nor could a preload start).
  ['in data-saver mode', { saveData: true, effectiveType: '4g' }],
  // On slow-2g it does: only the product's own check keeps the code from loading ahead.
  ['on a slow-2g connection', { saveData: false, effectiveType: 'slow-2g' }],
] as const) {
  test(`nothing is preloaded ${name}`, async ({ page }) => {
    await page.addInitScript((value) => {
      Object.defineProperty(navigator, 'connection', { value });
    }, connection);
    const loads = swapModuleRequests(page);
    await page.clock.install();
    await page.goto('/faq');
    await waitForIntentPrefetch(page);
    if (!connection.saveData) await waitForRouteDiscovery(page, 'en/swap');
    const link = page.locator('footer a[href="/swap"]');
    await link.scrollIntoViewIfNeeded();
    await page.clock.pauseAt(Date.now() + 60_000);
    await link.hover();
    // Ten intent delays on the link: long past the moment a preload would have started.
    await page.clock.runFor(1_000);
    await page.clock.resume();
    await expectLoadedOnlyOnChoice(page, link, loads);
  });
}
