import { expect, type Page, test } from '@playwright/test';
import { FAQ_GROUPS } from '../../core/company/faq.ts';
import { formatDay } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { BASE_URL } from '../../playwright.config.ts';
import { BROWSER_UA, translate, waitForHydration } from './helpers.ts';

test.use({ userAgent: BROWSER_UA });

const LANGS = ['en', 'de'] as const;

/** Every JSON-LD block of the page, parsed (a block that does not parse fails the test). */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

async function expectJsonLdTypes(page: Page, ...types: string[]): Promise<Record<string, unknown>[]> {
  const data = await jsonLd(page);
  const found = data.map((block) => block['@type']);
  for (const type of types) expect(found).toContain(type);
  for (const block of data) expect(block['@context']).toBe('https://schema.org');
  return data;
}

for (const lang of LANGS) {
  const t = (key: string) => translate(lang, key);
  const path = (to: string) => localizePath(lang, to);

  test(`${lang}: about, partners, providers and press show their content`, async ({ page }) => {
    await page.goto(path('/about-us'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('about.heading'));
    await expect(page).toHaveTitle(`${t('pages.about-us.title')} | SwapGate`);
    const figures = page.getByTestId('about-figures');
    await expect(figures).toContainText('2021');
    // Coins, networks and pairs are the catalogue's; countries and currencies the home page's statement.
    for (const figure of ['coins', 'networks', 'pairs']) {
      const value = figures.locator(`[data-figure="${figure}"] dd`);
      await expect(value).toHaveText(/^[1-9][\d.,\s\u00a0]*$/);
    }
    await expect(figures.locator('[data-figure="countries"] dd')).toHaveText(
      t('home.facts.countries.figure'),
    );
    await expect(figures.locator('[data-figure="fiatCurrencies"] dd')).toHaveText(
      t('home.facts.fiat.figure'),
    );
    await expect(page.getByRole('heading', { name: t('about.story.2021.title') })).toBeVisible();
    const about = await expectJsonLdTypes(page, 'AboutPage', 'BreadcrumbList');
    const aboutPage = about.find((block) => block['@type'] === 'AboutPage') as {
      mainEntity: { foundingDate: string };
    };
    expect(aboutPage.mainEntity.foundingDate).toBe('2021');

    await page.goto(path('/partners'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('partnersPage.heading'));
    const providers = page.getByTestId('provider-list').locator('[data-provider]');
    await expect(providers.first()).toBeVisible();
    expect(await providers.count()).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: t('partnersPage.integrations.api.title') })).toBeVisible();
    await expectJsonLdTypes(page, 'WebPage', 'BreadcrumbList');

    await page.goto(path('/providers'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('providersPage.heading'));
    // The sandbox providers: alpha states a 0.30% spread and fixed rates, charlie no fixed rates.
    const alpha = page.locator('[data-provider="sandbox-alpha"]');
    await expect(alpha.locator('[data-field="spread"]')).toHaveText(/0[.,]30\s?%/);
    await expect(alpha.locator('[data-field="fixed"]')).toHaveText(t('providersPage.yes'));
    await expect(page.locator('[data-provider="sandbox-charlie"] [data-field="fixed"]')).toHaveText(
      t('providersPage.no'),
    );
    // Every exchange provider counts the coins it serves; the sandbox ramps follow as fiat sources.
    await expect(alpha.locator('[data-field="coins"]')).toHaveText(/[1-9]/);
    const ramp = page.locator('[data-source="sandbox-lumen"]');
    await expect(ramp.locator('h3')).toHaveText('Lumen Pay');
    await expect(ramp.locator('[data-field="kind"]')).toHaveText(t('providersPage.kinds.fiat'));
    await expect(ramp.locator('[data-field="coins"]')).toHaveText(/[1-9]/);
    const list = (await expectJsonLdTypes(page, 'WebPage')).find((block) => block['@type'] === 'WebPage') as {
      mainEntity: { itemListElement: { name: string }[] };
    };
    expect(list.mainEntity.itemListElement.map((item) => item.name)).toContain('Alpha Sandbox');

    await page.goto(path('/press'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('press.heading'));
    await expect(page.getByTestId('boilerplate')).toContainText('2021');
    const download = page.getByTestId('download-logo');
    await expect(download).toHaveAttribute('download', '');
    const logo = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(logo.ok()).toBe(true);
    expect(await logo.text()).toContain('<svg');
    await expectJsonLdTypes(page, 'WebPage', 'BreadcrumbList');
  });

  test(`${lang}: how it works switches between the personal and the business steps`, async ({ page }) => {
    await page.goto(path('/how-it-works'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('howItWorks.heading'));
    const personal = page.getByTestId('how-personal');
    const business = page.getByTestId('how-business');
    await expect(
      personal.getByRole('heading', { name: t('howItWorks.personal.steps.deposit.title') }),
    ).toBeVisible();
    await expect(personal.locator('svg')).toHaveCount(4);
    await expect(business).toBeHidden();
    await waitForHydration(page);
    await page.getByRole('tab', { name: t('howItWorks.tabs.business') }).click();
    await expect(
      business.getByRole('heading', { name: t('howItWorks.business.steps.earn.title') }),
    ).toBeVisible();
    await expect(personal).toBeHidden();
    // The arrow keys move between the tabs.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: t('howItWorks.tabs.personal') })).toBeFocused();
    await expect(personal).toBeVisible();
    await expect(business).toBeHidden();
    const data = await expectJsonLdTypes(page, 'WebPage');
    const howTo = (data.find((block) => block['@type'] === 'WebPage') as { mainEntity: { step: unknown[] } })
      .mainEntity;
    expect(howTo.step).toHaveLength(4);
  });

  test(`${lang}: the FAQ is grouped, filtered as one types, and described as FAQPage`, async ({ page }) => {
    await page.goto(path('/faq'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('faq.heading'));
    const items = page.locator('[data-faq-item]');
    const all = FAQ_GROUPS.flatMap((group) => group.items);
    await expect(items).toHaveCount(all.length);
    await expect(page.locator('[data-faq-group]')).toHaveCount(FAQ_GROUPS.length);
    const faq = (await expectJsonLdTypes(page, 'FAQPage', 'BreadcrumbList')).find(
      (block) => block['@type'] === 'FAQPage',
    ) as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(faq.mainEntity).toHaveLength(all.length);
    expect(faq.mainEntity[0]?.name).toBe(t('faq.items.what.question'));

    await waitForHydration(page);
    const search = page.getByLabel(t('faq.searchLabel'));
    await search.fill('memo');
    await expect(items).toHaveCount(1);
    await expect(page.locator('[data-faq-item="memo"]')).toContainText(
      t('faq.items.memo.answer').slice(0, 40),
    );
    await search.fill('zzzz-nothing');
    await expect(items).toHaveCount(0);
    await expect(page.getByTestId('faq-empty')).toHaveText(t('faq.nothingFound'));
    await search.fill('');
    await expect(items).toHaveCount(all.length);
  });

  test(`${lang}: a legal page shows its contents, its date and its text`, async ({ page }) => {
    await page.goto(path('/kyc-aml'));
    await expect(page.getByTestId('legal-page')).toBeVisible();
    const toc = page.getByTestId('toc');
    const links = toc.getByRole('link');
    expect(await links.count()).toBeGreaterThan(3);
    // Every contents entry leads to a heading of the text.
    const href = (await links.nth(1).getAttribute('href')) ?? '';
    const heading = page.getByTestId('legal-body').locator(`h2[id="${href.slice(1)}"]`);
    await expect(heading).toHaveText(`${(await links.nth(1).textContent()) ?? ''}#`);
    const updated = await page.getByTestId('legal-updated').textContent();
    const day = /\d{4}-\d{2}-\d{2}/.exec(
      (
        (await expectJsonLdTypes(page, 'WebPage', 'BreadcrumbList')).find(
          (block) => block['@type'] === 'WebPage',
        ) as {
          dateModified: string;
        }
      ).dateModified,
    )?.[0];
    expect(day).toBeDefined();
    expect(updated).toBe(t('legal.updated').replace('{{date}}', formatDay(day ?? '', lang)));
    await expect(page.getByTestId('legal-fallback')).toHaveCount(0);

    await page.goto(path('/cookie-policy'));
    await expect(page.getByTestId('legal-body')).toContainText('cookie_consent');
  });

  test(`${lang}: the sitemap page lists every section, the legal pages and the coins`, async ({ page }) => {
    await page.goto(path('/sitemap'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('sitemapPage.heading'));
    const legal = page.locator('[data-sitemap-section="legal"]');
    await expect(legal.getByRole('link', { name: t('pages.kyc-aml.title') })).toHaveAttribute(
      'href',
      path('/kyc-aml'),
    );
    await expect(page.locator('[data-sitemap-section="company"]').getByRole('link')).toHaveCount(6);
    await expect(
      page.locator('[data-sitemap-section="coin-pages"]').getByRole('link', { name: /\(BTC\)/ }),
    ).toHaveAttribute('href', path('/coin/btc'));
    await expect(page.locator('[data-sitemap-section="blog"]').getByRole('link').nth(1)).toBeVisible();
    await expectJsonLdTypes(page, 'WebPage', 'BreadcrumbList');
  });

  test(`${lang}: the withdrawal screens lead to the account area and stay out of search`, async ({
    page,
  }) => {
    await page.goto(path('/withdrawal/processing'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('withdrawal.processing.heading'));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const account = page.getByTestId('go-to-account');
    await expect(account).toHaveText(t('withdrawal.goToAccount'));
    const home = lang === 'en' ? `${BASE_URL}/account` : `${BASE_URL}/account/${lang}`;
    await expect(account).toHaveAttribute('href', home);

    // A token that names no withdrawal (tests/e2e/account-partner.spec.ts confirms a real one).
    await page.goto(`${path('/withdrawal/confirm')}?token=${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('withdrawal.confirmInvalid.heading'));
    await expect(page.getByTestId('go-to-account')).toHaveAttribute('href', home);

    await page.goto(`${path('/withdrawal/confirm')}?token=<script>`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('withdrawal.confirmInvalid.heading'));
    await expect(page.getByTestId('go-to-account')).toHaveAttribute('href', home);
  });
}
