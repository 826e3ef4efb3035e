import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';

/** playwright.config.ts gives the server this token for the operator's lists. */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const LANGS: readonly Lang[] = ['en', 'de'];
const PASSWORD = 'correct horse battery staple';

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

for (const lang of LANGS) {
  test(`account (${lang}): Sign up from the header → verification mail → sign in → sign out`, async ({
    page,
    request,
    context,
  }) => {
    const t = (key: string) => translate(lang, key);
    const email = `ada-${lang}-${Date.now()}@example.com`;
    // The footer's newsletter form has an email field too.
    const main = page.locator('main');

    await page.goto(localizePath(lang, '/faq'));
    await waitForHydration(page);
    await page.getByTestId('site-header').getByTestId('account-button').first().click();
    await expect(page).toHaveURL(localizePath(lang, '/account/registration'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.pages.registration.title'));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await waitForHydration(page);

    await main.getByLabel(t('account.fields.name')).fill('Ada');
    await main.getByLabel(t('account.fields.email')).fill(email);
    await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: t('account.registration.submit') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.registration.sentHeading'));

    const mail = await mailTo(request, email);
    expect(mail.subject).toBe(t('account.mail.verify.subject'));
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    await page.goto(link);
    await expect(page).toHaveURL(`${localizePath(lang, '/account/sign-in')}?verified=1`);
    await expect(page.getByTestId('account-notice')).toHaveText(t('account.signIn.verified'));
    await waitForHydration(page);

    // A wrong password is refused with the one message that does not tell whether the address exists.
    await main.getByLabel(t('account.fields.email')).fill(email);
    await main.getByLabel(t('account.fields.password'), { exact: true }).fill('not the password');
    await main.getByRole('button', { name: t('account.signIn.submit') }).click();
    await expect(page.getByTestId('account-error')).toHaveText(t('account.errors.invalid'));
    await waitForHydration(page);

    await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: t('account.signIn.submit') }).click();
    await expect(page).toHaveURL(localizePath(lang, '/account'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('account.home.heading').replace('{{name}}', 'Ada'),
    );
    const session = (await context.cookies()).find((cookie) => cookie.name.endsWith('session_token'));
    expect([session?.path, session?.httpOnly, session?.sameSite]).toEqual(['/account', true, 'Lax']);

    // The public pages stay logged out: the header still offers to sign up.
    await page.goto(localizePath(lang, '/'));
    await expect(page.getByTestId('site-header').getByTestId('account-button').first()).toHaveText(
      t('nav.account'),
    );

    await page.goto(localizePath(lang, '/account'));
    await waitForHydration(page);
    await main.getByRole('button', { name: t('account.signOut'), exact: true }).click();
    await expect(page.getByTestId('account-notice')).toHaveText(t('account.signIn.signedOut'));
    await page.goto(localizePath(lang, '/account'));
    await expect(page).toHaveURL(localizePath(lang, '/account/sign-in'));
  });
}
