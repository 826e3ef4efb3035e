import { expect, type Page, test } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

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
function swapModuleRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/swap-[\w-]{8}\.js$/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
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
  await page.waitForTimeout(300);
  expect(loads).toHaveLength(1);
});

test('a pointer passing over a link for less than 100 ms preloads nothing', async ({ page }) => {
  const loads = swapModuleRequests(page);
  await page.goto('/faq');
  await waitForIntentPrefetch(page);
  const link = page.locator('footer a[href="/swap"]');
  await link.scrollIntoViewIfNeeded();
  // Enter and leave within one task: two separate mouse moves from the test runner can lie more
  // than 100 ms apart on a busy machine, which would be a real rest on the link.
  await link.evaluate((anchor) => {
    anchor.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    anchor.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
  });
  await page.waitForTimeout(400);
  expect(loads).toEqual([]);
});

test('nothing is preloaded in data-saver mode', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });
  });
  const loads = swapModuleRequests(page);
  await page.goto('/faq');
  await waitForIntentPrefetch(page);
  const link = page.locator('footer a[href="/swap"]');
  await link.scrollIntoViewIfNeeded();
  await link.hover();
  await page.waitForTimeout(600);
  expect(loads).toEqual([]);
});
