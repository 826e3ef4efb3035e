import type { Locator, Page } from '@playwright/test';
import { expect, PERSONAL, test } from '../personal-data/recorded-urls.ts';
import { E2E_FORM_TOKENS, E2E_RECAPTCHA, fakeRecaptchaScript } from '../recaptcha.ts';

/**
 * The page's scripts arrive late (a slow phone on a slow network: held here until the test lets
 * them go, which it does only after its first click). A click or submit made before hydration
 * goes through as a plain post, or is held and replayed once the code runs: never dropped
 * (docs/decisions/015-forms-without-javascript.md).
 */

/** Holds every script of the build until `release` (the inline ones in the page still run). */
async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {
      // The page went on (a plain post navigated away) before the script was let through.
    });
  });
  return { release };
}

/** True once React has hydrated the element (it then carries React's internal keys). */
function hydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')));
}

async function consentGiven(page: Page): Promise<void> {
  const url = test.info().project.use.baseURL ?? '';
  await page.context().addCookies([{ name: 'cookie_consent', value: '1:true_2:false_3:false_4:false', url }]);
}

test('a cookie-banner click before hydration posts the choice and the banner goes', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/faq', { waitUntil: 'commit' });
  const accept = page.getByTestId('cookie-accept-all');
  await expect(accept).toBeVisible();
  expect(await hydrated(accept)).toBe(false);
  const post = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/forms/consent'),
  );
  await accept.click({ noWaitAfter: true });
  await post;
  await expect(page).toHaveURL(/\/faq$/);
  scripts.release();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'cookie_consent');
  expect(cookie?.value).toBe('1:true_2:true_3:true_4:true');
});

test('a newsletter submit before hydration is held and sent once the code runs', async ({ page }) => {
  await consentGiven(page);
  await fakeRecaptchaScript(page, E2E_RECAPTCHA.humanToken);
  const scripts = await holdScripts(page);
  const subscribes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/apiglobal/contact/subscribe')) subscribes.push(request.postData() ?? '');
  });
  await page.goto('/faq', { waitUntil: 'commit' });
  const email = page.getByTestId('newsletter-email');
  await expect(email).toBeVisible();
  const form = page.getByTestId('newsletter-form');
  expect(await hydrated(form)).toBe(false);
  await email.fill(PERSONAL.email);
  await email.press('Enter');
  // Held by the page's inline script: no navigation, nothing in the address bar.
  await expect(form).toBeVisible();
  expect(page.url()).toMatch(/\/faq$/);
  expect(await hydrated(form)).toBe(false);

  scripts.release();
  await expect(page.getByTestId('newsletter-success')).toBeVisible();
  expect(subscribes).toHaveLength(1);
  expect(JSON.parse(subscribes[0] ?? '{}')).toMatchObject({
    email: PERSONAL.email,
    googleReCaptchaToken: E2E_RECAPTCHA.humanToken,
  });
  expect(page.url()).toMatch(/\/faq$/);
});

test('"Exchange" before hydration opens the swap step, with what was typed', async ({ page }) => {
  await consentGiven(page);
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const submit = page.getByTestId('exchange-submit');
  await expect(submit).toBeEnabled();
  expect(await hydrated(submit)).toBe(false);
  await page.getByTestId('amount-from').fill('0.3');
  await submit.click();
  await expect(page).toHaveURL(
    /\/swap\?from=btc&fromNetwork=bitcoin&to=eth&toNetwork=ethereum&amount=0\.3&rate=float$/,
  );
  await expect(page.getByTestId('summary-from')).toHaveText('0.3 BTC');
  await expect(page.getByTestId('summary-to')).toHaveText(/ETH$/);
  scripts.release();
});

test('"Create" before hydration makes the swap through the plain post', async ({ page }) => {
  await consentGiven(page);
  const scripts = await holdScripts(page);
  await page.goto('/swap?from=btc&fromNetwork=bitcoin&to=eth&toNetwork=ethereum&amount=0.1&rate=float', {
    waitUntil: 'commit',
  });
  const create = page.getByTestId('create-swap');
  await expect(create).toBeVisible();
  expect(await hydrated(create)).toBe(false);
  await page.getByTestId('payout-address').fill(PERSONAL.payoutAddress);
  await page.getByTestId('terms').check();
  await create.click();
  await expect(page).toHaveURL(/\/swap\/[a-z2-7]{26}$/);
  scripts.release();
  await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'waiting');
});

test('a contact-form submit before hydration is held and sent once the code runs', async ({ page }) => {
  await consentGiven(page);
  await fakeRecaptchaScript(page, E2E_FORM_TOKENS.contact);
  const scripts = await holdScripts(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/apiglobal/contact/message')) sent.push(request.postData() ?? '');
  });
  await page.goto('/contact', { waitUntil: 'commit' });
  const form = page.getByTestId('contact-form');
  const submit = form.getByTestId('contact-form-submit');
  await expect(submit).toBeVisible();
  expect(await hydrated(form)).toBe(false);
  await form.getByTestId('contact-form-name').fill(PERSONAL.name);
  await form.getByTestId('contact-form-email').fill(PERSONAL.email);
  await form.getByTestId('contact-form-message').fill(PERSONAL.message);
  await submit.click();
  // Held by the page's inline script until the human check can run: nothing lost, nothing in the URL.
  expect(page.url()).toMatch(/\/contact$/);
  expect(await hydrated(form)).toBe(false);

  scripts.release();
  await expect(page.getByTestId('contact-form-success')).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({
    name: PERSONAL.name,
    email: PERSONAL.email,
    message: PERSONAL.message,
    googleReCaptchaToken: E2E_FORM_TOKENS.contact,
  });
  expect(page.url()).toMatch(/\/contact$/);
});
