import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData } from 'react-router';
import { accountRequest, formOf, redirectWithCookies, refused } from '../account/account.server.ts';
import { AccountForm, AccountPage, Field, Notice } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

export function loader(args: LoaderFunctionArgs) {
  return accountRequest(args).page;
}

/** The second step of a sign-in: the TOTP code (or a backup code) for the pending sign-in cookie. */
export async function action(args: ActionFunctionArgs) {
  const { account, path, headers } = accountRequest(args);
  const { code = '' } = await formOf(args.request);
  const result = await account.verifySecondFactor({ code: code.slice(0, 32), headers });
  if (result.ok) return redirectWithCookies(path('/account'), result.setCookies);
  return refused({ error: 'code' });
}

export default function AccountTwoFactor() {
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AccountPage name="twoFactor">
      <p className="text-muted">{t('account.twoFactor.text')}</p>
      {result ? <Notice tone="error">{t(`account.errors.${result.error}`)}</Notice> : null}
      <AccountForm submit={t('account.twoFactor.submit')}>
        <Field
          name="code"
          label={t('account.fields.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
      </AccountForm>
    </AccountPage>
  );
}
