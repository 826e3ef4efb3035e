import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import {
  accountRequest,
  checkFields,
  formOf,
  redirectWithCookies,
  refused,
} from '../account/account.server.ts';
import { AccountForm, AccountPage, Field, Notice, PASSWORD_RULES } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

const TOKEN = /^[A-Za-z0-9_-]{8,128}$/;

export function loader(args: LoaderFunctionArgs) {
  const token = new URL(args.request.url).searchParams.get('token');
  const error = new URL(args.request.url).searchParams.get('error');
  return { ...accountRequest(args).page, token: token && TOKEN.test(token) ? token : null, expired: !!error };
}

/** A new password with the mailed token: single use, an hour; every session of the account ends. */
export async function action(args: ActionFunctionArgs) {
  const { account, path } = accountRequest(args);
  const values = await formOf(args.request);
  const { fields } = checkFields(values, ['password']);
  if (fields.password) return refused({ error: 'password', fields });
  const token = values.token ?? '';
  if (!TOKEN.test(token)) return refused({ error: 'token' });
  const result = await account.resetPassword({ token, password: values.password ?? '' });
  if (!result.ok) return refused({ error: 'token' });
  return redirectWithCookies(`${path('/account/sign-in')}?passwordChanged=1`);
}

export default function AccountResetPassword() {
  const { token, expired } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AccountPage name="resetPassword">
      {expired || (result && result.error === 'token') ? (
        <Notice tone="error">{t('account.errors.token')}</Notice>
      ) : null}
      {token ? (
        <AccountForm submit={t('account.reset.submit')}>
          <input type="hidden" name="token" value={token} />
          <Field
            name="password"
            type="password"
            label={t('account.fields.newPassword')}
            autoComplete="new-password"
            description={t('account.fields.passwordHint', { min: PASSWORD_RULES.min })}
            error={result?.fields?.password}
          />
        </AccountForm>
      ) : (
        <p className="text-muted">{t('account.reset.missing')}</p>
      )}
    </AccountPage>
  );
}
