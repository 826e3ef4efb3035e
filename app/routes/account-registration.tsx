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

export async function loader(args: LoaderFunctionArgs) {
  const { page, account, headers, path } = accountRequest(args);
  if (await account.user(headers)) throw redirectWithCookies(path('/account'));
  return { ...page, signIn: path('/account/sign-in') };
}

/** Sign-up: the same answer whether the address had an account (its owner is mailed instead). */
export async function action(args: ActionFunctionArgs) {
  const { account, path } = accountRequest(args);
  const values = await formOf(args.request);
  const { fields, email, name } = checkFields(values, ['name', 'email', 'password']);
  if (Object.keys(fields).length > 0) {
    return refused({ error: 'form', fields, values: { name, email: values.email ?? '' } });
  }
  await account.signUp({
    name,
    email,
    password: values.password ?? '',
    callbackPath: `${path('/account/sign-in')}?verified=1`,
  });
  return { ok: true as const, sent: email };
}

export default function AccountRegistration() {
  const { signIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  if (result?.ok) {
    return (
      <AccountPage name="registration" heading={t('account.registration.sentHeading')}>
        <Notice tone="info">{t('account.registration.sentText', { email: result.sent })}</Notice>
        <a href={signIn} className="link">
          {t('account.signIn.submit')}
        </a>
      </AccountPage>
    );
  }
  const failed = result && !result.ok ? result : null;
  return (
    <AccountPage name="registration">
      <p className="text-muted">{t('account.registration.intro')}</p>
      <AccountForm submit={t('account.registration.submit')}>
        <Field
          name="name"
          label={t('account.fields.name')}
          autoComplete="name"
          error={failed?.fields?.name}
          defaultValue={failed?.values?.name}
        />
        <Field
          name="email"
          type="email"
          label={t('account.fields.email')}
          autoComplete="email"
          error={failed?.fields?.email}
          defaultValue={failed?.values?.email}
        />
        <Field
          name="password"
          type="password"
          label={t('account.fields.password')}
          autoComplete="new-password"
          description={t('account.fields.passwordHint', { min: PASSWORD_RULES.min })}
          error={failed?.fields?.password}
        />
      </AccountForm>
      <a href={signIn} className="link">
        {t('account.registration.haveAccount')}
      </a>
    </AccountPage>
  );
}
