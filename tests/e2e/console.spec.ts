import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createOTP } from '@better-auth/utils/otp';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { base32nopad } from '@scure/base';
import { BASE_URL } from '../../playwright.config.ts';
import { translate, waitForHydration } from './helpers.ts';
import { E2E_FORM_TOKENS } from './recaptcha.ts';

/** playwright.config.ts gives the server this token for the operator's machine endpoints. */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** Withdrawn from a 2.5 BTC swap's 0.2 %: above playwright.config.ts's SANDBOX_WITHDRAWALS_QUEUE_FROM_USD. */
const QUEUED_FROM_USD = 300;
const PASSWORD = 'correct horse battery staple';
const ROOT = resolve(import.meta.dirname, '../..');
const t = (key: string) => translate('en', key);

/** `npm run operator -- create` on the e2e server's data directory: through its control socket. */
function inviteOperator(email: string): string {
  const result = spawnSync(process.execPath, ['scripts/operator.ts', 'create', email], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, BASE_URL },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return /https?:\/\/\S+reset-password\?token=\S+/.exec(result.stdout)?.[0] ?? '';
}

/** The text of the newest mail queued for `to` with `subject`, read through the operator's outbox. */
async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let text = '';
  await expect(async () => {
    const response = await request.get('/apiglobal/mail/outbox', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    const { mails } = (await response.json()) as { mails: { to: string; subject: string; text: string }[] };
    // Newest first.
    const found = mails.find((mail) => mail.to === to && mail.subject === subject);
    expect(found).toBeDefined();
    text = found?.text ?? '';
  }).toPass();
  return text;
}

/**
 * A partner as tests/e2e/account-partner.spec.ts makes one: signed up, confirmed, signed in, a
 * partner, with the 0.2 % of a sandbox swap of 2.5 BTC made through its `?ref=` link as balance.
 */
async function partnerWithBalance(
  browser: Browser,
): Promise<{ page: Page; email: string; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  const main = page.locator('main');
  const email = `earner-${Date.now()}@example.com`;
  await page.goto('/account/registration');
  await waitForHydration(page);
  await main.getByLabel(t('account.fields.name')).fill('Erin');
  await main.getByLabel(t('account.fields.email')).fill(email);
  await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t('account.registration.submit') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.registration.sentHeading'));
  const verify = await mailTo(page.request, email, t('account.mail.verify.subject'));
  await page.goto(/https?:\/\/\S+/.exec(verify)?.[0] ?? '');
  await waitForHydration(page);
  await main.getByLabel(t('account.fields.email')).fill(email);
  await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t('account.signIn.submit') }).click();
  await expect(page).toHaveURL(/\/account$/);
  await main.getByRole('button', { name: t('account.partner.become') }).click();
  await expect(page).toHaveURL(/\/account\/earnings$/);
  const code = (await page.getByTestId('affiliate-code').textContent()) ?? '';
  await page.goto(`/faq?ref=${code}`);
  const created = await page.request.post('/api/v1/swaps', {
    headers: { 'Idempotency-Key': `console-partner-${Date.now()}` },
    data: { from: 'btc', to: 'eth', amount: '2.5', rateType: 'float', payoutAddress: ETH_ADDRESS },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.request.post(`/api/v1/sandbox/swaps/${id}/deposit`, { data: { amount: '2.5' } });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v1/swaps/${id}`)).json()) as { status: string }).status,
      {
        timeout: 90_000,
      },
    )
    .toBe('finished');
  await page.goto('/account/earnings');
  await expect
    .poll(async () => Number(await page.getByTestId('total-balance').getAttribute('data-value')))
    .toBeGreaterThanOrEqual(QUEUED_FROM_USD);
  return { page, email, close: () => context.close() };
}

/** The partner withdraws its whole balance in BTC and confirms it by mail; answers the withdrawal's id. */
async function withdraw(page: Page, email: string): Promise<string> {
  const main = page.locator('main');
  await page.goto('/account/withdrawals');
  await waitForHydration(page);
  await main.getByLabel(t('account.partner.withdraw.coin')).selectOption('btc:bitcoin');
  await main.getByLabel(t('account.partner.withdraw.address')).fill(BTC_ADDRESS);
  await main.getByRole('button', { name: t('account.partner.withdraw.submit') }).click();
  await expect(page.getByTestId('account-notice')).toContainText(email);
  await expect(page.getByTestId('withdrawals').locator('li').first()).toHaveAttribute(
    'data-status',
    'requested',
  );
  const mail = await mailTo(page.request, email, t('withdrawal.mail.subject'));
  await page.goto(/https?:\/\/\S+\/withdrawal\/confirm\?token=\S+/.exec(mail)?.[0] ?? '');
  await page.getByTestId('confirm-withdrawal').click();
  await expect(page).toHaveURL(/\/withdrawal\/processing\?id=[a-z2-7]{26}$/);
  // Not paid by the sandbox: it waits for the operator.
  await expect(page.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'queued');
  return new URL(page.url()).searchParams.get('id') ?? '';
}

async function quotedProviders(request: APIRequestContext): Promise<string[]> {
  const response = await request.post('/api/v1/quotes', {
    data: { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float' },
  });
  return ((await response.json()) as { offers: { provider: string }[] }).offers.map(
    (offer) => offer.provider,
  );
}

test('operator console: invite → password → second factor → find a swap → answer a request → moderate a review → refuse and approve a withdrawal → switch a provider; all audited', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(360_000);
  const email = `ops-${Date.now()}@example.com`;
  const main = page.locator('main');

  // The one-time link sets the password; then sign in and turn on the second factor.
  await page.goto(inviteOperator(email));
  await main.getByLabel(t('account.fields.newPassword'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t('account.reset.submit') }).click();
  await expect(page).toHaveURL(/\/account\/sign-in\?passwordChanged=1$/);
  await main.getByLabel(t('account.fields.email')).fill(email);
  await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t('account.signIn.submit') }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/account/console');
  await expect(page.getByTestId('console-second-factor')).toBeVisible();
  await page.goto('/account');
  const enable = page.getByTestId('form-two-factor-enable');
  await enable.getByLabel(t('account.home.passwordToConfirm')).fill(PASSWORD);
  await enable.getByRole('button', { name: t('account.home.enable') }).click();
  const uri = (await page.getByTestId('totp-secret').locator('a').getAttribute('href')) ?? '';
  const key = new TextDecoder().decode(base32nopad.decode(new URL(uri).searchParams.get('secret') ?? ''));
  const confirm = page.getByTestId('form-two-factor-confirm');
  await confirm.getByLabel(t('account.fields.code')).fill(await createOTP(key).totp());
  await confirm.getByRole('button', { name: t('account.home.confirmCode') }).click();
  await expect(page.getByTestId('two-factor-state')).toHaveAttribute('data-on', 'true');

  await page.goto('/account/console');
  await expect(page.getByTestId('console-actor')).toHaveText(`Signed in as ${email} (operator).`);

  // A swap found by its deposit address.
  const created = await request.post('/api/v1/swaps', {
    data: { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float', payoutAddress: ETH_ADDRESS },
  });
  const swap = (await created.json()) as { id: string; depositAddress: string };
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Swaps and orders' })
    .click();
  await page.getByRole('searchbox').or(page.locator('input[name="q"]')).fill(swap.depositAddress);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('console-hits').getByRole('link', { name: swap.id }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Swap ${swap.id}`);

  // A contact request answered: the reply waits in the outbox, in the request's thread.
  const asked = await request.post('/apiglobal/contact/message', {
    data: {
      name: 'Dee',
      email: `dee-${Date.now()}@example.com`,
      message: 'Where is my swap? It has been an hour.',
      googleReCaptchaToken: E2E_FORM_TOKENS.contact,
    },
  });
  expect(asked.status()).toBe(201);
  const { id: requestId } = (await asked.json()) as { id: number };
  await page.goto('/account/console/support');
  await page
    .getByTestId('support-list')
    .getByRole('link', { name: `#${requestId}` })
    .click();
  await page
    .getByTestId('form-reply')
    .locator('textarea')
    .fill('It is on its way: the network is busy today.');
  await page.getByTestId('form-reply').getByRole('button').click();
  await expect(page.getByTestId('console-notice')).toHaveText(
    `Reply to #${requestId} queued in the mail outbox.`,
  );
  const outbox = await request.get('/apiglobal/mail/outbox', {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  const { mails } = (await outbox.json()) as { mails: { subject: string; text: string }[] };
  expect(mails.some((mail) => mail.subject === `Re: Your message (#${requestId})`)).toBe(true);

  // A review: held until published, then hidden again — gone from the public page at once.
  await request.post(`/api/v1/sandbox/swaps/${swap.id}/deposit`, { data: { amount: '0.1' } });
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/v1/swaps/${swap.id}`)).json()) as { status: string }).status,
      {
        timeout: 60_000,
      },
    )
    .toBe('finished');
  const review = await request.post('/apiglobal/reviews', {
    data: {
      swapId: swap.id,
      name: 'Mallory',
      rating: 1,
      text: 'Buy followers at example dot com',
      googleReCaptchaToken: E2E_FORM_TOKENS.review,
    },
  });
  expect(review.status()).toBe(201);
  await page.goto('/account/console/reviews');
  const row = page
    .getByTestId('review-list')
    .getByRole('row')
    .filter({ hasText: 'Buy followers at example dot com' });
  await row.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('console-notice')).toContainText('published');
  await page.goto('/customer-feedbacks');
  await expect(page.getByText('Buy followers at example dot com')).toBeVisible();
  await page.goto('/account/console/reviews?status=published');
  const published = page
    .getByTestId('review-list')
    .getByRole('row')
    .filter({ hasText: 'Buy followers at example dot com' });
  await published.getByLabel('Reason').fill('spam');
  await published.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByTestId('console-notice')).toContainText('hidden');
  await page.goto('/customer-feedbacks');
  await expect(page.getByText('Buy followers at example dot com')).toHaveCount(0);

  // A partner's withdrawal waits for the operator: refused with a reason (the amount goes back to
  // the balance), asked again, then marked paid with the payout's hash; the partner sees each.
  const partner = await partnerWithBalance(browser);
  const first = await withdraw(partner.page, partner.email);
  await page.goto('/account/console/partners');
  const refuse = page.getByTestId(`refuse-${first}`);
  await refuse.getByLabel('Reason (the partner reads it)').fill('The address is on a sanctions list');
  await refuse.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByTestId('console-notice')).toHaveText(
    `Withdrawal ${first} refused; its amount is back in the partner's balance.`,
  );
  await partner.page.reload();
  await expect(partner.page.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'refused');
  await expect(partner.page.getByTestId('withdrawal-reason')).toHaveText(
    'The address is on a sanctions list',
  );
  const second = await withdraw(partner.page, partner.email);
  const payout = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
  await page.goto('/account/console/partners');
  const paid = page.getByTestId(`paid-${second}`);
  await paid.getByLabel('Payout transaction hash').fill(payout);
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByTestId('console-notice')).toHaveText(`Withdrawal ${second} marked paid.`);
  await expect(page.getByTestId(`paid-${second}`)).toHaveCount(0);
  await partner.page.reload();
  await expect(partner.page.getByRole('heading', { level: 1 })).toHaveText(t('withdrawal.paid.heading'));
  await expect(partner.page.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'paid');
  await expect(partner.page.getByTestId('withdrawal-tx')).toHaveText(payout);
  await partner.close();

  // A provider switched off leaves the quotes at once, and comes back when switched on.
  expect(await quotedProviders(request)).toContain('sandbox-alpha');
  await page.goto('/account/console/providers');
  await page.getByTestId('switch-sandbox-alpha').getByRole('button', { name: 'Switch off' }).click();
  await expect(page.getByTestId('console-notice')).toHaveText('sandbox-alpha switched off.');
  expect(await quotedProviders(request)).not.toContain('sandbox-alpha');
  await page.getByTestId('switch-sandbox-alpha').getByRole('button', { name: 'Switch on' }).click();
  expect(await quotedProviders(request)).toContain('sandbox-alpha');

  // Every action in the audit log, by this operator.
  await page.goto('/account/console/audit');
  const audit = page.getByTestId('audit-list');
  for (const action of [
    'support.reply',
    'review.publish',
    'review.hide',
    'withdrawal.refuse',
    'withdrawal.paid',
    'provider.off',
    'provider.on',
  ]) {
    await expect(
      audit.getByRole('row').filter({ hasText: action }).filter({ hasText: email }).first(),
    ).toBeVisible();
  }

  // Not an operator (a fresh browser, signed out): the console does not exist.
  const stranger = await browser.newContext();
  const response = await (await stranger.newPage()).goto(`${BASE_URL}/account/console/providers`);
  expect(response?.status()).toBe(404);
  await stranger.close();
});
