import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';

/** playwright.config.ts gives the server this token for the operator's lists. */
export const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
export const PASSWORD = 'correct horse battery staple';

/** The newest mail queued for an address, read through the operator's outbox endpoint. */
export async function mailTo(request: APIRequestContext, to: string) {
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

/** Signs up as `name`, opens the verification link and signs in: the account's home. */
export async function signUpAndIn(
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  email: string,
  name = 'Grace',
) {
  const t = (key: string) => translate(lang, key);
  const main = page.locator('main');
  await page.goto(localizePath(lang, '/account/registration'));
  await waitForHydration(page);
  await main.getByLabel(t('account.fields.name')).fill(name);
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
