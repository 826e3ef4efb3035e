import { expect, type Page, test } from '@playwright/test';
import type { GlobalData } from '../../core/global/global-data.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';
import { E2E_RECAPTCHA, fakeRecaptchaScript } from './recaptcha.ts';

/** SPEC §2: every path the four columns must cover. */
/** The newsletter block, whose code loads after the first render. */
const NEWSLETTER = '[data-testid="newsletter"]';

const COLUMN_PATHS = [
  '/swap',
  '/coin',
  '/coin/btc',
  '/exchange-pairs',
  '/exchange/btc-to-eth',
  '/fiat/pairs',
  '/compare',
  '/cross-chain/tokens',
  '/cross-chain',
  '/about-us',
  '/partners',
  '/customer-feedbacks',
  '/blog/',
  '/faq',
  '/how-it-works',
  '/contact',
  '/transaction-status',
  '/for-partners',
];
const LEGAL_PATHS = ['/privacy-policy', '/terms-of-use', '/terms-for-partners', '/cookie-policy', '/kyc-aml'];

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_consent', value: '1:true_2:false_3:false_4:false', url: baseURL },
  ]);
});

const hrefs = (page: Page, testId: string) =>
  page
    .getByTestId('site-footer')
    .getByTestId(testId)
    .locator('a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

for (const [width, lang] of [
  [375, 'de'],
  [768, 'en'],
  [1280, 'ja'],
] as const) {
  test.describe(`footer at ${width} px in ${lang}`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('link columns, global data, social, legal and external links, monitoring strip', async ({
      page,
      request,
    }) => {
      const global = (await (await request.get('/apiglobal/global')).json()) as GlobalData;
      await page.goto(localizePath(lang, '/faq'));
      await waitForHydration(page);
      const footer = page.getByTestId('site-footer');

      await expect(footer.getByTestId('footer-column')).toHaveCount(4);
      const columnHrefs = await hrefs(page, 'footer-column');
      expect(columnHrefs.sort()).toEqual(COLUMN_PATHS.map((path) => localizePath(lang, path)).sort());

      // Popular coins and pairs are the global data, in its order.
      expect(await hrefs(page, 'footer-popular-coins')).toEqual(
        global.popularCrypto.map(({ coinInfo }) => localizePath(lang, `/coin/${coinInfo.code}`)),
      );
      await expect(footer.getByTestId('footer-popular-coins').locator('a').first()).toContainText(
        global.popularCrypto[0]?.coinInfo.name ?? '',
      );
      expect(await hrefs(page, 'footer-popular-pairs')).toEqual(
        global.popularPairs.map(({ pairInfo }) =>
          localizePath(lang, `/exchange/${pairInfo.from.code}-to-${pairInfo.to.code}`),
        ),
      );
      expect(await hrefs(page, 'footer-social')).toEqual(global.socialMedias.map(({ link }) => link));
      expect(await hrefs(page, 'footer-legal')).toEqual(LEGAL_PATHS.map((path) => localizePath(lang, path)));

      // Everything that leaves the site opens in a new tab without an opener.
      const outward = await footer
        .locator('a[href^="http"]')
        .evaluateAll((links) =>
          links.map((a) => ({ target: a.getAttribute('target'), rel: a.getAttribute('rel') })),
        );
      expect(outward.length).toBeGreaterThan(20);
      for (const link of outward) {
        expect(link.target).toBe('_blank');
        expect(link.rel).toContain('noopener');
      }
      expect((await hrefs(page, 'footer-external')).length).toBe(7);

      // 14 monitoring and rating sites, not followed by search engines.
      const monitoring = await footer
        .getByTestId('footer-monitoring')
        .locator('a:not([tabindex="-1"])')
        .evaluateAll((links) =>
          links.map((a) => ({
            href: a.getAttribute('href'),
            target: a.getAttribute('target'),
            rel: a.getAttribute('rel') ?? '',
          })),
        );
      expect(new Set(monitoring.map((link) => link.href)).size).toBe(14);
      // In the browser the strip scrolls: a copy of the list follows it for a seamless loop, hidden
      // from assistive technology and out of the tab order.
      const strip = footer.getByTestId('footer-monitoring');
      await expect(strip.locator('ul[aria-hidden="true"] a[tabindex="-1"]')).toHaveCount(14);
      await expect(strip.locator('a')).toHaveCount(28);
      for (const link of monitoring) {
        expect(link.target).toBe('_blank');
        expect(link.rel.split(' ')).toEqual(expect.arrayContaining(['nofollow', 'noopener']));
      }

      // At 991 px or less the groups are folded and open on demand; wider, they are all open.
      const firstColumn = footer.getByTestId('footer-column').first();
      const firstLink = firstColumn.locator('a').first();
      if (width <= 991) {
        await expect(firstLink).toBeHidden();
        const toggle = firstColumn.getByRole('button');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(firstLink).toBeVisible();
        await toggle.click();
        await expect(firstLink).toBeHidden();
      } else {
        await expect(firstLink).toBeVisible();
        await expect(footer.getByTestId('footer-popular-pairs').locator('a').first()).toBeVisible();
      }
    });
  });
}

test('the not-found page wears the footer with global data too', async ({ page, request }) => {
  const global = (await (await request.get('/apiglobal/global')).json()) as GlobalData;
  const response = await page.goto('/fr/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('site-footer').getByTestId('footer-popular-coins').locator('a')).toHaveCount(
    global.popularCrypto.length,
  );
});

test.describe('newsletter', () => {
  test('is in the page from the server; its code loads after the first render, then it works', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const response = await page.goto('/faq');
    const html = (await response?.text()) ?? '';
    // Rendered by the server, but its code is neither preloaded nor imported by the first render.
    expect(html).toContain('data-testid="newsletter"');
    expect(html).not.toMatch(/Newsletter-[\w-]+\.js/);
    await waitForHydration(page, NEWSLETTER);
    expect(scripts.some((path) => /\/Newsletter-[\w-]+\.js$/.test(path))).toBe(true);
    await page.getByTestId('newsletter-submit').click();
    await expect(page.getByTestId('newsletter-email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('invalid addresses are marked and nothing is sent; the mark clears on edit', async ({ page }) => {
    const { loads } = await fakeRecaptchaScript(page, E2E_RECAPTCHA.humanToken);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/apiglobal/contact/subscribe')) posts.push(request.url());
    });
    await page.goto('/de/faq');
    await waitForHydration(page, NEWSLETTER);
    const block = page.getByTestId('newsletter');
    const email = block.getByTestId('newsletter-email');
    for (const bad of ['', 'name @example.com', 'name@@example.com', 'name@example']) {
      await email.fill(bad);
      await block.getByTestId('newsletter-submit').click();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(block).toContainText(translate('de', 'newsletter.invalidEmail'));
      await expect(block).toHaveAttribute('data-status', 'wait');
    }
    await email.pressSequentially('x');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
    // The human check's script loads once, lazily, when the field is first used, in Indonesian.
    // Focus starts an import and then a script tag, so the load arrives asynchronously.
    await expect.poll(() => loads.length).toBe(1);
    const script = new URL(loads[0] ?? '');
    expect(script.searchParams.get('render')).toBe(E2E_RECAPTCHA.siteKey);
    expect(script.searchParams.get('hl')).toBe('id');
  });

  for (const lang of ['en', 'uk'] as const) {
    test(`subscribes with a human-check token, then close resets the form (${lang})`, async ({ page }) => {
      await fakeRecaptchaScript(page, E2E_RECAPTCHA.humanToken);
      await page.goto(localizePath(lang, '/faq'));
      await waitForHydration(page, NEWSLETTER);
      const block = page.getByTestId('newsletter');
      const address = `e2e-${lang}-${Date.now()}@example.com`;
      await block.getByTestId('newsletter-email').fill(address);
      const posted = page.waitForRequest('**/apiglobal/contact/subscribe');
      await block.getByTestId('newsletter-submit').click();
      const request = await posted;
      expect(request.postDataJSON()).toEqual({
        email: address,
        googleReCaptchaToken: E2E_RECAPTCHA.humanToken,
      });
      expect(request.headers()['accept-language']).toBe(lang);
      await expect(block.getByTestId('newsletter-success')).toContainText(
        translate(lang, 'newsletter.success'),
      );
      expect(
        await page.evaluate(() => (window as unknown as { __recaptchaCalls: unknown[] }).__recaptchaCalls),
      ).toEqual([{ siteKey: E2E_RECAPTCHA.siteKey, action: 'subscribe' }]);

      await block.getByTestId('newsletter-close').click();
      await expect(block).toHaveAttribute('data-status', 'wait');
      await expect(block.getByTestId('newsletter-email')).toHaveValue('');

      // The same address again is no error.
      await block.getByTestId('newsletter-email').fill(address);
      await block.getByTestId('newsletter-submit').click();
      await expect(block.getByTestId('newsletter-success')).toBeVisible();
    });
  }

  test('a token the server refuses shows the error state; retry keeps the address', async ({ page }) => {
    await fakeRecaptchaScript(page, E2E_RECAPTCHA.botToken);
    await page.goto('/faq');
    await waitForHydration(page, NEWSLETTER);
    const block = page.getByTestId('newsletter');
    await block.getByTestId('newsletter-email').fill('robot@example.com');
    const answered = page.waitForResponse('**/apiglobal/contact/subscribe');
    await block.getByTestId('newsletter-submit').click();
    expect((await answered).status()).toBe(400);
    await expect(block.getByTestId('newsletter-error')).toHaveText(
      new RegExp(`^${translate('en', 'newsletter.error').replace('.', '\\.')}`),
    );
    await expect(block.getByTestId('newsletter-error')).toContainText('Please use a valid email address.');
    await block.getByTestId('newsletter-retry').click();
    await expect(block).toHaveAttribute('data-status', 'wait');
    await expect(block.getByTestId('newsletter-email')).toHaveValue('robot@example.com');
  });

  test('without a token nothing is sent and the error state shows', async ({ page }) => {
    await fakeRecaptchaScript(page, null);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/apiglobal/contact/subscribe')) posts.push(request.url());
    });
    await page.goto('/es/faq');
    await waitForHydration(page, NEWSLETTER);
    const block = page.getByTestId('newsletter');
    await block.getByTestId('newsletter-email').fill('someone@example.com');
    await block.getByTestId('newsletter-submit').click();
    await expect(block.getByTestId('newsletter-error')).toContainText(translate('es', 'newsletter.error'));
    expect(posts).toEqual([]);
  });
});
