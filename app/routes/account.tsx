import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { roleOfUser } from '../../core/console/staff.ts';
import { formatDay } from '../../core/i18n/format.ts';
import { becomePartner, partnerOfUser } from '../../core/partners/accounts.ts';
import { AccountNav } from '../account/AccountNav.tsx';
import { accountRequest, formOf, redirectWithCookies, refused } from '../account/account.server.ts';
import { PartnerToolLinks } from '../account/partner-parts.tsx';
import { AccountForm, AccountPage, Field, Notice } from '../account/parts.tsx';
import { PasskeyAdd } from '../account/passkeys.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { Button } from '../ui/Button.tsx';

/**
 * The account's home: who is signed in, sign out (here or everywhere), the second factor and the
 * passkeys (listed and deleted with plain forms; added with JavaScript, app/account/passkeys.tsx).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { page, account, headers, path } = accountRequest(args);
  const user = await account.user(headers);
  if (!user) throw redirectWithCookies(path('/account/sign-in'));
  const query = new URL(args.request.url).searchParams;
  const changed = query.get('twoFactor');
  const passkeyNews = query.get('passkey');
  const { db } = args.context.get(requestStateContext).services;
  const [partner, role, passkeys] = await Promise.all([
    partnerOfUser(db, user.id),
    roleOfUser(db, user.id),
    account.passkeys(headers),
  ]);
  return {
    ...page,
    user,
    passkeys,
    passkeyNews: passkeyNews === 'added' || passkeyNews === 'deleted' ? passkeyNews : null,
    partnerId: partner?.id ?? null,
    changed: changed === 'on' || changed === 'off' ? changed : null,
    // Staff see the way to the operator console (English only, docs/decisions/027).
    staff: role === 'operator' || role === 'support',
    swapsPage: path('/account/swaps'),
  };
}

const INTENTS = [
  'sign-out',
  'sign-out-all',
  'two-factor-enable',
  'two-factor-confirm',
  'two-factor-disable',
  'become-partner',
  'passkey-delete',
];

export async function action(args: ActionFunctionArgs) {
  const { account, headers, path } = accountRequest(args);
  const { intent = '', password = '', code = '', passkey = '' } = await formOf(args.request);
  if (!INTENTS.includes(intent)) return refused({ error: 'form' }, 400);
  const user = await account.user(headers);
  if (!user) return redirectWithCookies(path('/account/sign-in'));
  switch (intent) {
    case 'passkey-delete': {
      const result = await account.deletePasskey({ id: passkey.slice(0, 100), headers });
      if (!result.ok) return refused({ error: 'passkeyGone' }, 404);
      return redirectWithCookies(`${path('/account')}?passkey=deleted`);
    }
    case 'become-partner':
      await becomePartner(args.context.get(requestStateContext).services.db, user);
      return redirectWithCookies(path('/account/earnings'));
    case 'sign-out':
      return redirectWithCookies(`${path('/account/sign-in')}?signedOut=1`, await account.signOut(headers));
    case 'sign-out-all':
      return redirectWithCookies(
        `${path('/account/sign-in')}?signedOut=1`,
        await account.signOutEverywhere(headers),
      );
    case 'two-factor-enable': {
      const result = await account.enableTwoFactor({ password, headers });
      if (!result.ok) return refused({ error: 'wrongPassword' });
      return {
        ok: true as const,
        step: 'confirm' as const,
        totpURI: result.totpURI,
        backupCodes: result.backupCodes,
      };
    }
    case 'two-factor-confirm': {
      const result = await account.verifySecondFactor({ code: code.slice(0, 32), headers });
      if (!result.ok) return refused({ error: 'code' });
      // Better Auth replaces the session when the factor is switched on: the page loads with the new one.
      return redirectWithCookies(`${path('/account')}?twoFactor=on`, result.setCookies);
    }
    default: {
      const result = await account.disableTwoFactor({ password, headers });
      if (!result.ok) return refused({ error: 'wrongPassword' });
      return redirectWithCookies(`${path('/account')}?twoFactor=off`, result.setCookies);
    }
  }
}

/** The otpauth:// secret in groups of four, for typing into an app by hand. */
function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export default function AccountHome() {
  const { user, changed, partnerId, staff, swapsPage, passkeys, passkeyNews, lang } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const twoFactorOn = user.twoFactorEnabled;
  return (
    <AccountPage name="home" heading={t('account.home.heading', { name: user.name })}>
      <p data-testid="account-email">{t('account.home.signedInAs', { email: user.email })}</p>
      {staff ? (
        <p lang="en">
          <a href="/account/console" className="font-semibold underline" data-testid="console-link">
            Operator console
          </a>
        </p>
      ) : null}
      <AccountForm submit={t('account.signOut')} intent="sign-out" color="secondary" />
      <a href={swapsPage} className="link" data-testid="account-swaps-link">
        {t('account.customer.link')}
      </a>

      <AccountNav partnerId={partnerId} />
      <h2 className="mt-4 text-xl font-semibold">{t('account.partnerTools.heading')}</h2>
      <PartnerToolLinks />

      <h2 className="mt-4 text-xl font-semibold">{t('account.home.security')}</h2>
      {result && !result.ok ? <Notice tone="error">{t(`account.errors.${result.error}`)}</Notice> : null}
      {changed && !result ? (
        <Notice tone="info">{t(changed === 'on' ? 'account.home.enabled' : 'account.home.disabled')}</Notice>
      ) : null}
      {result?.ok && result.step === 'confirm' ? (
        <>
          <p>{t('account.home.scan')}</p>
          <p className="font-mono break-all" data-testid="totp-secret">
            <a href={result.totpURI}>{secretOf(result.totpURI)}</a>
          </p>
          <p>{t('account.home.backupCodes')}</p>
          <ul className="grid grid-cols-2 gap-1 font-mono" data-testid="backup-codes">
            {result.backupCodes.map((backup) => (
              <li key={backup}>{backup}</li>
            ))}
          </ul>
          <AccountForm submit={t('account.home.confirmCode')} intent="two-factor-confirm">
            <Field
              name="code"
              label={t('account.fields.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          </AccountForm>
        </>
      ) : (
        <>
          <p data-testid="two-factor-state" data-on={twoFactorOn}>
            {t(twoFactorOn ? 'account.home.twoFactorOn' : 'account.home.twoFactorOff')}
          </p>
          <AccountForm
            submit={t(twoFactorOn ? 'account.home.disable' : 'account.home.enable')}
            intent={twoFactorOn ? 'two-factor-disable' : 'two-factor-enable'}
            color="secondary"
          >
            <Field
              name="password"
              type="password"
              label={t('account.home.passwordToConfirm')}
              autoComplete="current-password"
            />
          </AccountForm>
        </>
      )}

      <section aria-labelledby="passkeys-heading" className="flex flex-col gap-4" data-testid="passkeys">
        <h3 id="passkeys-heading" className="mt-2 text-lg font-semibold">
          {t('account.passkeys.heading')}
        </h3>
        {passkeyNews && !result ? <Notice tone="info">{t(`account.passkeys.${passkeyNews}`)}</Notice> : null}
        <p className="text-muted">{t('account.passkeys.text')}</p>
        {passkeys.length === 0 ? (
          <p data-testid="passkey-none">{t('account.passkeys.none')}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="passkey-list">
            {passkeys.map((key) => (
              <li
                key={key.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3"
                data-testid="passkey-item"
              >
                <span className="flex flex-col">
                  <span className="font-semibold">{key.name ?? t('account.passkeys.unnamed')}</span>
                  <span className="text-sm text-muted">
                    {key.createdAt
                      ? t('account.passkeys.created', { date: formatDay(key.createdAt, lang) })
                      : null}
                    {key.multiDevice ? ` · ${t('account.passkeys.synced')}` : ''}
                  </span>
                </span>
                <Form method="post" reloadDocument data-testid="form-passkey-delete">
                  <input type="hidden" name="passkey" value={key.id} />
                  <Button type="submit" name="intent" value="passkey-delete" color="secondary" size="sm">
                    {t('account.passkeys.delete')}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <PasskeyAdd />
      </section>

      <p className="mt-4 text-muted">{t('account.home.signOutAllText')}</p>
      <AccountForm submit={t('account.home.signOutAll')} intent="sign-out-all" color="secondary" />
    </AccountPage>
  );
}
