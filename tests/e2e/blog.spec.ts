import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readBlogSources } from '../../core/blog/content.ts';
import { BROWSER_UA, translate, waitForHydration } from './helpers.ts';

test.use({ userAgent: BROWSER_UA });

const sources = readBlogSources();
const published = sources.articles.filter((article) => !article.draft);
const byNewest = [...published].sort(
  (a, b) => b.published.getTime() - a.published.getTime() || a.slug.localeCompare(b.slug),
);

test('index → article → author → topic → search with and without a hit', async ({ page }) => {
  await page.goto('/blog/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('en', 'blog.index.heading'));
  await expect(page.getByTestId('featured').getByTestId('article-card').first()).toBeVisible();
  await waitForHydration(page);

  // An article: its contents, body, author and the exchange form.
  const promo = page.locator('[data-testid="article-card"][data-slug="swapgate-promo-code"]').first();
  await promo.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL('/blog/swapgate-promo-code/');
  const article = page.locator('[data-page="blog-article"]');
  await expect(article.getByRole('heading', { level: 1 })).toContainText('promo code');
  await expect(page.getByTestId('article-body').locator('h2').first()).toBeVisible();
  await expect(page.getByTestId('toc').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('article-cta').getByRole('button').first()).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  // The cover is served through the image service and finishes loading.
  await expect(article.locator('[data-state]').first()).toHaveAttribute('data-state', 'done');
  // A heading of the contents takes the reader to its section.
  const first = page.getByTestId('toc').getByRole('link').first();
  const anchor = (await first.getAttribute('href')) ?? '';
  await first.click();
  await expect(page).toHaveURL(`/blog/swapgate-promo-code/${anchor}`);

  // The author's page lists their articles.
  await page.getByTestId('article-meta').getByRole('link').first().click();
  await expect(page).toHaveURL('/blog/authors/maria-lindqvist/');
  await expect(page.getByTestId('author-card').getByRole('heading', { level: 1 })).toHaveText(
    'Maria Lindqvist',
  );
  const mine = published.filter((entry) => entry.author === 'maria-lindqvist');
  await expect(page.getByTestId('article-card')).toHaveCount(mine.length);

  // A topic of one of them.
  await page.getByTestId('article-card').first().getByRole('list').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/blog\/tag\/[a-z-]+\/$/);
  const tag = new URL(page.url()).pathname.split('/')[3] ?? '';
  await expect(page.getByTestId('article-card')).toHaveCount(
    Math.min(9, published.filter((entry) => entry.tags.includes(tag)).length),
  );

  // Search: a hit with the matched words marked, then nothing.
  await page.getByTestId('blog-search').fill('destination tag');
  await page.getByTestId('blog-search').press('Enter');
  await expect(page).toHaveURL('/blog/search/?q=destination+tag');
  const hits = page.getByTestId('search-hit');
  await expect(hits.first()).toBeVisible();
  await expect(
    page.locator('[data-testid="search-hit"][data-slug="memos-and-destination-tags"]'),
  ).toBeVisible();
  await expect(hits.first().locator('mark').first()).toBeVisible();
  await page.getByTestId('blog-search-large').fill('zzqqxx nothing');
  await page.getByTestId('blog-search-large').press('Enter');
  await expect(page.getByTestId('search-none')).toContainText('zzqqxx nothing');
});

test('pagination lists every article once, newest first', async ({ page }) => {
  const seen: string[] = [];
  let path: string | null = '/blog/';
  while (path) {
    await page.goto(path);
    const cards = page.locator('[data-testid="article-grid"] [data-testid="article-card"]');
    seen.push(
      ...(await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-slug') ?? ''))),
    );
    const next = page.locator('link[rel="next"]');
    path = (await next.count()) > 0 ? await next.getAttribute('href') : null;
  }
  const featured = published.filter((entry) => entry.featured).map((entry) => entry.slug);
  // The first page's featured articles are shown above the list rather than in it.
  expect([...new Set([...seen, ...featured])].sort()).toEqual(published.map((entry) => entry.slug).sort());
  expect(seen).toEqual(byNewest.map((entry) => entry.slug).filter((slug) => seen.includes(slug)));
  const pages = Math.ceil(published.length / 9);
  expect((await page.goto(`/blog/page/${pages + 1}/`))?.status()).toBe(404);
});

test('an unknown article answers 404 with a button back to the blog', async ({ page }) => {
  const response = await page.goto('/blog/no-such-article/');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-status')).toHaveText('404');
  await expect(page.getByText(translate('en', '404.blogDescription'))).toBeVisible();
  const button = page.getByRole('link', { name: translate('en', '404.blogButton') });
  await expect(button).toHaveAttribute('href', '/blog/');
  await button.click();
  await expect(page).toHaveURL('/blog/');
});

test('the blog is English under a language prefix', async ({ page }) => {
  await page.goto('/fr/blog/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('en', 'blog.index.heading'));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/$/);
  await expect(page.getByTestId('language-button')).toBeDisabled();
});

test('an article reads well on a phone, with no accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/blog/exchange-api-for-partners/');
  await expect(page.getByTestId('toc-mobile')).toBeVisible();
  await expect(page.getByTestId('toc')).toBeHidden();
  await expect(page.getByTestId('article-body').locator('pre').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('the feeds parse and list the newest article first', async ({ request }) => {
  const rss = await (await request.get('/blog/rss.xml')).text();
  expect(rss).toContain(`/blog/${byNewest[0]?.slug}/</link>`);
  const atom = await (await request.get('/blog/atom.xml')).text();
  expect(atom.indexOf(`/blog/${byNewest[0]?.slug}/`)).toBeGreaterThan(0);
});
