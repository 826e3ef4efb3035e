import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import {
  accountRequest,
  checkFields,
  formOf,
  redirectWithCookies,
  refused,
} from '../account/account.server.ts';
import { AccountForm, AccountPage, Field, Notice } from '../account/parts.tsx';
import { PasskeySignIn } from '../account/passkeys.tsx';
import { useTranslation } from '../i18n/react.tsx';

const NEWS = ['verified', 'passwordChanged', 'signedOut'] as const;

export async function loader(args: LoaderFunctionArgs) {
  const { page, account, headers, path } = accountRequest(args);
  if (await account.user(headers)) throw redirectWithCookies(path('/account'));
  const query = new URL(args.request.url).searchParams;
  return {
    ...page,
    news: NEWS.find((key) => query.has(key)) ?? null,
    registration: path('/account/registration'),
    forgot: path('/account/forgot-password'),
  };
}

/**
 * Sign-in: a new session cookie (or the second factor's step), limited per client address and
 * per email address; one message for a wrong address or password.
 */
export async function action(args: ActionFunctionArgs) {
  const { account, path, ip, headers } = accountRequest(args);
  const values = await formOf(args.request);
  const { fields, email } = checkFields(values, ['email']);
  if (Object.keys(fields).length > 0 || !values.password) {
    return refused({ error: 'invalid', values: { email: values.email ?? '' } });
  }
  const result = await account.signIn({ email, password: values.password, ip, headers });
  if (result.ok) {
    return redirectWithCookies(
      path(result.twoFactor ? '/account/two-factor' : '/account'),
      result.setCookies,
    );
  }
  if (result.code === 'locked') {
    return refused({ error: 'locked', values: { email } }, 429);
  }
  return refused({ error: result.code, values: { email } }, result.code === 'unverified' ? 403 : 422);
}

export default function AccountSignIn() {
  const { news, registration, forgot } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AccountPage name="signIn">
      {news && !result ? <Notice tone="info">{t(`account.signIn.${news}`)}</Notice> : null}
      {result ? <Notice tone="error">{t(`account.errors.${result.error}`)}</Notice> : null}
      <AccountForm submit={t('account.signIn.submit')}>
        <Field
          name="email"
          type="email"
          label={t('account.fields.email')}
          autoComplete="username"
          defaultValue={result?.values?.email}
        />
        <Field
          name="password"
          type="password"
          label={t('account.fields.password')}
          autoComplete="current-password"
        />
      </AccountForm>
      {/* Only with JavaScript and WebAuthn; the form above works without either. */}
      <PasskeySignIn />
      <div className="flex flex-col gap-2">
        <a href={forgot} className="link">
          {t('account.signIn.forgot')}
        </a>
        <a href={registration} className="link">
          {t('account.signIn.noAccount')}
        </a>
      </div>
    </AccountPage>
  );
}
