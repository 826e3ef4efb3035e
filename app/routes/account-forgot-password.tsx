import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData } from 'react-router';
import { accountRequest, checkFields, formOf, refused } from '../account/account.server.ts';
import { AccountForm, AccountPage, Field, Notice } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

export function loader(args: LoaderFunctionArgs) {
  return accountRequest(args).page;
}

/** Asks for a reset link: the same answer whether the address has an account. */
export async function action(args: ActionFunctionArgs) {
  const { account, path } = accountRequest(args);
  const values = await formOf(args.request);
  const { fields, email } = checkFields(values, ['email']);
  if (fields.email) return refused({ error: 'email', fields, values: { email: values.email ?? '' } });
  await account.requestPasswordReset({ email, redirectPath: path('/account/reset-password') });
  return { ok: true as const, sent: email };
}

export default function AccountForgotPassword() {
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <AccountPage name="forgotPassword">
      {result?.ok ? (
        <Notice tone="info">{t('account.forgot.sent', { email: result.sent })}</Notice>
      ) : (
        <>
          <p className="text-muted">{t('account.forgot.text')}</p>
          <AccountForm submit={t('account.forgot.submit')}>
            <Field
              name="email"
              type="email"
              label={t('account.fields.email')}
              autoComplete="email"
              error={result && !result.ok ? result.fields?.email : null}
              defaultValue={result && !result.ok ? result.values?.email : undefined}
            />
          </AccountForm>
        </>
      )}
    </AccountPage>
  );
}
