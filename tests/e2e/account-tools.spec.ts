import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Lang } from '../../core/i18n/languages.ts';
import { verifyWebhookSignature } from '../../core/partners/webhooks.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { type FakeWebhookReceiver, startWebhookReceiver } from '../fakes/webhook-receiver.ts';
import { translate, waitForHydration } from './helpers.ts';

/** playwright.config.ts gives the server this token for the operator's lists. */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const LANGS: readonly Lang[] = ['en', 'de'];
const PASSWORD = 'correct horse battery staple';
/** RATE_LIMIT_READS_PER_MINUTE's default (120) times RATE_LIMIT_PARTNER_MULTIPLIER's (10). */
const PARTNER_READS_PER_MINUTE = 1200;

/** The newest mail queued for an address, read through the operator's outbox endpoint. */
async function mailTo(request: APIRequestContext, to: string) {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const response = await request.get('/apiglobal/mail/outbox', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    const { mails } = (await response.json()) as { mails: { to: string; subject: string; text: string }[] };
    found = mails.filter((mail) => mail.to === to).at(-1);
    expect(found).toBeDefined();
  }).toPass();
  return found as { subject: string; text: string };
}

/** Signs up, opens the verification link and signs in: the account's home. */
async function signUpAndIn(page: Page, request: APIRequestContext, lang: Lang, email: string) {
  const t = (key: string) => translate(lang, key);
  const main = page.locator('main');
  await page.goto(localizePath(lang, '/account/registration'));
  await waitForHydration(page);
  await main.getByLabel(t('account.fields.name')).fill('Grace');
  await main.getByLabel(t('account.fields.email')).fill(email);
  await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t('account.registration.submit') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.registration.sentHeading'));
  const link = /https?:\/\/\S+/.exec((await mailTo(request, email)).text)?.[0] ?? '';
  await page.goto(link);
  await expect(page.getByTestId('account-notice')).toHaveText(t('account.signIn.verified'));
  await waitForHydration(page);
  await main.getByLabel(t('account.fields.email')).fill(email);
  await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t('account.signIn.submit') }).click();
  await expect(page).toHaveURL(localizePath(lang, '/account'));
}

let receiver: FakeWebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

for (const lang of LANGS) {
  test(`account tools (${lang}): become a partner → API key shown once → partner limits on a quote → webhook → test event delivered`, async ({
    page,
    request,
  }) => {
    const t = (key: string) => translate(lang, key);
    const main = page.locator('main');
    await signUpAndIn(page, request, lang, `grace-${lang}-${Date.now()}@example.com`);

    // The account's home leads to the partner tools; a user who is not a partner yet becomes one.
    await main
      .getByTestId('partner-tools')
      .getByRole('link', { name: t('account.partnerTools.keys') })
      .click();
    await expect(page).toHaveURL(localizePath(lang, '/account/api-keys'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.pages.apiKeys.title'));
    await expect(page.getByTestId('not-partner')).toHaveText(t('account.partnerTools.notPartner'));
    await waitForHydration(page);
    await main.getByRole('button', { name: t('account.partnerTools.become') }).click();
    await expect(page.getByTestId('not-partner')).toHaveCount(0);

    // A named key, shown once.
    await waitForHydration(page);
    await main.getByLabel(t('account.keys.name'), { exact: true }).fill('Production server');
    await main.getByRole('button', { name: t('account.keys.create') }).click();
    const shown = page.getByTestId('new-api-key');
    await expect(shown).toHaveText(/^sgk_[a-z2-7]{32}$/);
    const key = (await shown.textContent()) ?? '';
    const listed = page.getByTestId('api-key');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Production server');
    await expect(listed).toContainText(key.slice(0, 10));
    await expect(listed.getByTestId('key-last-used')).toHaveText(t('account.keys.never'));
    await page.reload();
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
    expect(await page.content()).not.toContain(key);

    // A quote with the key answers with the partner's limit, the one the page states.
    const quote = await request.post('/api/v1/quotes', {
      headers: { 'x-api-key': key },
      data: { from: 'btc', to: 'eth', amount: '0.5', rateType: 'float' },
    });
    expect(quote.status()).toBe(200);
    expect(quote.headers()['ratelimit-limit']).toBe(String(PARTNER_READS_PER_MINUTE));
    await expect(page.getByTestId('key-limits')).toContainText(
      new Intl.NumberFormat(lang).format(PARTNER_READS_PER_MINUTE),
    );

    // A webhook to a local receiver: its secret shown once, then a test event, delivered and listed.
    await main
      .getByTestId('partner-tools')
      .getByRole('link', { name: t('account.partnerTools.webhooks') })
      .click();
    await expect(page).toHaveURL(localizePath(lang, '/account/webhooks'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.pages.webhooks.title'));
    await waitForHydration(page);
    await main.getByLabel(t('account.webhooks.url'), { exact: true }).fill(receiver.url);
    await main.getByRole('button', { name: t('account.webhooks.save') }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await waitForHydration(page);
    const before = receiver.received.length;
    await main.getByRole('button', { name: t('account.webhooks.test') }).click();
    await expect(page.getByTestId('account-notice')).toHaveText(t('account.webhooks.testQueued'));
    const delivery = page.getByTestId('webhook-delivery').first();
    await expect(async () => {
      await page.reload();
      await expect(delivery).toHaveAttribute('data-status', 'delivered', { timeout: 1000 });
    }).toPass();
    await expect(delivery).toHaveAttribute('data-event', 'test');
    await expect(delivery).toContainText(t('account.webhooks.events.test'));
    await expect(delivery.getByTestId('delivery-code')).toHaveText('200');
    const received = receiver.received.slice(before).at(-1);
    expect(JSON.parse(received?.rawBody ?? '{}')).toMatchObject({ type: 'test' });
    expect(
      verifyWebhookSignature(secret, received?.headers['swapgate-signature'], received?.rawBody ?? ''),
    ).toBe(true);

    // The widget page: the partner's snippet and a saved theme.
    await main
      .getByTestId('partner-tools')
      .getByRole('link', { name: t('account.partnerTools.widget') })
      .click();
    await expect(page).toHaveURL(localizePath(lang, '/account/widget'));
    await expect(page.getByTestId('widget-snippet')).toContainText(/<swap-widget[^>]* partner="p[a-z0-9]+"/);
    await waitForHydration(page);
    await main.getByLabel(t('account.widget.brandName'), { exact: true }).fill('Grace Wallet');
    await main.getByLabel(t('account.widget.colors.accent'), { exact: true }).fill('#zzz');
    await main.getByRole('button', { name: t('account.widget.save') }).click();
    await expect(page.getByText(t('account.widget.errors.colors')).first()).toBeVisible();
    await waitForHydration(page);
    await main.getByLabel(t('account.widget.colors.accent'), { exact: true }).fill('#1a73e8');
    await main.getByRole('button', { name: t('account.widget.save') }).click();
    await expect(page.getByTestId('account-notice')).toHaveText(t('account.widget.saved'));
    await expect(main.getByLabel(t('account.widget.brandName'), { exact: true })).toHaveValue('Grace Wallet');
  });
}
