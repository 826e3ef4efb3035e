import { expect, test } from '@playwright/test';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { signUpAndIn } from './account-helpers.ts';
import { translate, waitForHydration } from './helpers.ts';

const LANGS: readonly Lang[] = ['en', 'de'];

for (const lang of LANGS) {
  test(`passkeys (${lang}): add one with the device's authenticator → sign out → sign in with it alone → delete it`, async ({
    page,
    request,
    context,
  }) => {
    const t = (key: string) => translate(lang, key);
    const main = page.locator('main');
    const name = `Ada ${lang}`;

    // Chromium's virtual authenticator: a platform authenticator with resident keys and user
    // verification, which answers without a person touching it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signUpAndIn(page, request, lang, `passkey-${lang}-${Date.now()}@example.com`, name);
    await waitForHydration(page);
    const passkeys = main.getByTestId('passkeys');
    await expect(passkeys.getByTestId('passkey-none')).toHaveText(t('account.passkeys.none'));
    await passkeys.getByLabel(t('account.passkeys.name')).fill('Laptop');
    await passkeys.getByRole('button', { name: t('account.passkeys.add') }).click();
    await expect(passkeys.getByTestId('account-notice')).toHaveText(t('account.passkeys.added'));
    await expect(passkeys.getByTestId('passkey-item')).toHaveCount(1);
    await expect(passkeys.getByTestId('passkey-item')).toContainText('Laptop');
    const stored = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(stored.credentials).toHaveLength(1);
    expect(stored.credentials[0]?.isResidentCredential).toBe(true);
    expect(stored.credentials[0]?.rpId).toBe('localhost');

    // Signed out, the passkey alone signs in: no email address, no password.
    await waitForHydration(page);
    await main.getByRole('button', { name: t('account.signOut'), exact: true }).click();
    await expect(page.getByTestId('account-notice')).toHaveText(t('account.signIn.signedOut'));
    await waitForHydration(page);
    await main.getByRole('button', { name: t('account.passkeys.signIn') }).click();
    await expect(page).toHaveURL(localizePath(lang, '/account'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('account.home.heading').replace('{{name}}', name),
    );
    const session = (await context.cookies()).find((cookie) => cookie.name.endsWith('session_token'));
    expect([session?.path, session?.httpOnly, session?.sameSite]).toEqual(['/account', true, 'Lax']);
    const used = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(used.credentials[0]?.signCount).toBeGreaterThan(stored.credentials[0]?.signCount ?? 0);

    // Deleted, it signs in no more: the page says so and points to the password.
    await passkeys.getByRole('button', { name: t('account.passkeys.delete') }).click();
    await expect(passkeys.getByTestId('account-notice')).toHaveText(t('account.passkeys.deleted'));
    await expect(passkeys.getByTestId('passkey-none')).toBeVisible();
    await waitForHydration(page);
    await main.getByRole('button', { name: t('account.signOut'), exact: true }).click();
    await expect(page.getByTestId('account-notice')).toHaveText(t('account.signIn.signedOut'));
    await waitForHydration(page);
    await main.getByRole('button', { name: t('account.passkeys.signIn') }).click();
    await expect(page.getByTestId('account-error')).toHaveText(t('account.errors.passkeyUnknown'));
    await expect(page).toHaveURL(/\/sign-in/);
  });
}

test('passkeys: without JavaScript the sign-in page shows the email and password form alone', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/account/sign-in');
  await expect(page.getByRole('button', { name: translate('en', 'account.signIn.submit') })).toBeVisible();
  await expect(page.getByTestId('passkey-sign-in')).toHaveCount(0);
  await expect(page.getByRole('button', { name: translate('en', 'account.passkeys.signIn') })).toHaveCount(0);
  await context.close();
});
