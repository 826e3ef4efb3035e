import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { BASE_URL } from '../../playwright.config.ts';
import { translate, waitForHydration } from './helpers.ts';

/** playwright.config.ts gives the server this token for the operator's lists. */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const LANGS: readonly Lang[] = ['en', 'de'];
const PASSWORD = 'correct horse battery staple';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** The newest mail queued for an address whose subject is `subject`, from the operator's outbox. */
async function mailTo(request: APIRequestContext, to: string, subject: string) {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const response = await request.get('/apiglobal/mail/outbox', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    const { mails } = (await response.json()) as { mails: { to: string; subject: string; text: string }[] };
    found = mails.filter((mail) => mail.to === to && mail.subject === subject).at(-1);
    expect(found).toBeDefined();
  }).toPass();
  return found as { subject: string; text: string };
}

for (const lang of LANGS) {
  test(`account customer (${lang}): sign in → a sandbox swap → claim it by mail link → listed with its status`, async ({
    page,
    request,
  }) => {
    const t = (key: string) => translate(lang, key);
    const stamp = Date.now();
    const email = `cust-${lang}-${stamp}@example.com`;
    const swapEmail = `swapper-${lang}-${stamp}@example.com`;
    const main = page.locator('main');

    // An account, verified by its mail, signed in.
    await page.goto(localizePath(lang, '/account/registration'));
    await waitForHydration(page);
    await main.getByLabel(t('account.fields.name')).fill('Cleo');
    await main.getByLabel(t('account.fields.email')).fill(email);
    await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: t('account.registration.submit') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.registration.sentHeading'));
    const verify = await mailTo(request, email, t('account.mail.verify.subject'));
    await page.goto(/https?:\/\/\S+/.exec(verify.text)?.[0] ?? '');
    await waitForHydration(page);
    await main.getByLabel(t('account.fields.email')).fill(email);
    await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: t('account.signIn.submit') }).click();
    await expect(page).toHaveURL(localizePath(lang, '/account'));

    // A sandbox swap with an address for its mails (another address than the account's), paid.
    const created = await request.post('/api/v1/swaps', {
      data: {
        from: 'btc',
        to: 'eth',
        amount: '0.05',
        rateType: 'float',
        payoutAddress: ETH_ADDRESS,
        email: swapEmail,
      },
    });
    expect(created.status()).toBe(201);
    const swap = (await created.json()) as { id: string };
    const paid = await request.post(`/api/v1/sandbox/swaps/${swap.id}/deposit`, { data: { amount: '0.05' } });
    expect(paid.status()).toBe(200);

    // The account asks for it by its id: the link goes to the swap's address, not the account's.
    await page.getByTestId('account-swaps-link').click();
    await expect(page).toHaveURL(localizePath(lang, '/account/swaps'));
    await expect(main.getByText(t('account.customer.swaps.empty'))).toBeVisible();
    await waitForHydration(page);
    await main.getByLabel(t('account.customer.claim.field')).fill(swap.id);
    await main.getByRole('button', { name: t('account.customer.claim.submit') }).click();
    await expect(page.getByTestId('account-notice')).toHaveText(t('account.customer.news.claimSent'));

    const claim = await mailTo(request, swapEmail, t('account.customer.mail.subject'));
    const link = /https?:\/\/\S+\/claim\?token=[\w-]+/.exec(claim.text)?.[0] ?? '';
    expect(link.startsWith(`${BASE_URL}${localizePath(lang, '/account')}`)).toBe(true);
    await page.goto(link);
    await expect(page.getByTestId('claim-count')).toContainText(swapEmail);
    await waitForHydration(page);
    await main.getByRole('button', { name: t('account.customer.claimPage.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(lang, '/account/swaps')}\\?claimed=1$`));

    // Listed with its status now; the status follows the swap as the sandbox moves it on.
    const row = page.locator(`[data-swap-id="${swap.id}"]`);
    await expect(row).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(row.getByTestId('swap-status')).toHaveAttribute('data-status', 'finished', {
        timeout: 1000,
      });
    }).toPass({ timeout: 45_000 });
    await expect(row.getByTestId('swap-status')).toHaveText(t('swapStatus.statuses.finished.label'));

    // The link worked once.
    await page.goto(link);
    await expect(page.getByTestId('account-error')).toHaveText(t('account.customer.claimPage.invalid'));
  });
}

test('the API reference at 375 px: rendered from our origin, no CSP errors, no sideways scroll', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(BASE_URL) && !/^(?:data|blob):/.test(url)) elsewhere.push(url);
  });
  await page.goto('/api/v1/docs');
  // Scalar draws the document: its title, the quick start and an operation.
  await expect(page.getByRole('heading', { name: 'SwapGate exchange API' }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Quick start').first()).toBeVisible();
  // The title is at the top of the page, not below a loading placeholder.
  const title = await page.getByRole('heading', { name: 'SwapGate exchange API' }).first().boundingBox();
  expect(title?.y ?? 1000).toBeLessThan(300);
  await expect(page.getByText('invalid_api_key').first()).toBeAttached();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
  await context.close();
});
