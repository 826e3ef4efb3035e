import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../../playwright.config.ts';
import { translate, waitForHydration } from './helpers.ts';

/** SPEC §3, §4: the cookie preference and the cookie popup; SPEC §7: no tag manager without an id. */

const PATH = '/about-us';
const t = (key: string) => translate('en', key);

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'cookie_consent');
}

async function open(page: Page, path = PATH) {
  await page.goto(path);
  await waitForHydration(page);
}

const banner = (page: Page) => page.getByRole('region', { name: t('consent.title') });
const settings = (page: Page) => page.getByRole('dialog', { name: t('consent.settingsTitle') });

test('the banner is in the HTML of a first visit only', async ({ request }) => {
  const first = await (await request.get(PATH)).text();
  expect(first).toContain('data-testid="cookie-banner"');
  const again = await (
    await request.get(PATH, { headers: { cookie: 'cookie_consent=1:true_2:false_3:false_4:false' } })
  ).text();
  expect(again).not.toContain('data-testid="cookie-banner"');
});

test('Accept all stores every category and hides the banner', async ({ page, context }) => {
  await open(page);
  await expect(banner(page)).toBeVisible();
  const accept = page.getByRole('button', { name: t('consent.acceptAll') });
  const decline = page.getByRole('button', { name: t('consent.decline') });
  // Decline is exactly as prominent as Accept.
  expect(await decline.getAttribute('class')).toBe(await accept.getAttribute('class'));
  await accept.click();
  await expect(banner(page)).toBeHidden();
  const cookie = await consentCookie(context);
  expect(cookie?.value).toBe('1:true_2:true_3:true_4:true');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);
  await page.reload();
  await waitForHydration(page);
  await expect(banner(page)).toHaveCount(0);
});

test('Decline stores the switchable categories as false', async ({ page, context }) => {
  await open(page);
  await page.getByRole('button', { name: t('consent.decline') }).click();
  await expect(banner(page)).toBeHidden();
  expect((await consentCookie(context))?.value).toBe('1:true_2:false_3:false_4:false');
});

test('Cookie settings: switches, Back and Save settings', async ({ page, context }) => {
  await open(page);
  await banner(page)
    .getByRole('button', { name: t('consent.settings') })
    .click();
  const dialog = settings(page);
  await expect(dialog).toBeVisible();
  const necessary = dialog.getByRole('switch', { name: t('consent.categories.1.title') });
  await expect(necessary).toHaveAttribute('aria-checked', 'true');
  await expect(necessary).toBeDisabled();
  const analytics = dialog.getByRole('switch', { name: t('consent.categories.2.title') });
  const functional = dialog.getByRole('switch', { name: t('consent.categories.4.title') });
  await expect(analytics).toHaveAttribute('aria-checked', 'false');

  // Back returns to the main view without storing anything.
  await dialog.getByRole('button', { name: t('consent.back') }).click();
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toBeVisible();
  expect(await consentCookie(context)).toBeUndefined();

  await banner(page)
    .getByRole('button', { name: t('consent.settings') })
    .click();
  await expect(dialog).toBeVisible();
  // Keyboard: Space toggles a focused switch.
  await analytics.focus();
  await page.keyboard.press('Space');
  await expect(analytics).toHaveAttribute('aria-checked', 'true');
  await functional.click();
  await expect(functional).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('button', { name: t('consent.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toBeHidden();
  expect((await consentCookie(context))?.value).toBe('1:true_2:true_3:false_4:true');
});

test('Accept in the settings view stores the current flags', async ({ page, context }) => {
  await open(page);
  await banner(page)
    .getByRole('button', { name: t('consent.settings') })
    .click();
  const dialog = settings(page);
  await dialog.getByRole('switch', { name: t('consent.categories.3.title') }).click();
  await dialog.getByRole('button', { name: t('consent.accept'), exact: true }).click();
  await expect(dialog).toBeHidden();
  expect((await consentCookie(context))?.value).toBe('1:true_2:false_3:true_4:false');
});

test('the footer button reopens the settings with the stored choice', async ({ page, context }) => {
  await context.addCookies([
    { name: 'cookie_consent', value: '1:true_2:true_3:false_4:false', url: BASE_URL },
  ]);
  await open(page);
  await expect(banner(page)).toHaveCount(0);
  await page.getByTestId('footer-cookie-settings').click();
  const dialog = settings(page);
  await expect(dialog).toBeVisible();
  const analytics = dialog.getByRole('switch', { name: t('consent.categories.2.title') });
  await expect(analytics).toHaveAttribute('aria-checked', 'true');
  await analytics.click();
  await dialog.getByRole('button', { name: t('consent.save') }).click();
  await expect(dialog).toBeHidden();
  expect((await consentCookie(context))?.value).toBe('1:true_2:false_3:false_4:false');
});

test('without a tag-manager id nothing is loaded from Google', async ({ page }) => {
  const google: string[] = [];
  page.on('request', (request) => {
    if (/googletagmanager|google-analytics/.test(request.url())) google.push(request.url());
  });
  await open(page);
  await page.getByRole('button', { name: t('consent.acceptAll') }).click();
  await page.goto('/partners');
  await waitForHydration(page);
  expect(google).toEqual([]);
  const response = await page.request.get(PATH);
  expect(response.headers()['content-security-policy']).not.toContain('googletagmanager');
});
