import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import { accountRequest, formOf, redirectWithCookies, refused } from '../account/account.server.ts';
import { AccountForm, AccountPage, Notice } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';

/** A claim link's token: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A claim link from a mail (core/account/customers.ts): the page asks before it claims (mail
 * scanners open links), and only the account that asked for the link may follow it.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { page, account, customers, headers, path } = accountRequest(args);
  const token = new URL(args.request.url).searchParams.get('token') ?? '';
  const user = await account.user(headers);
  const signIn = path('/account/sign-in');
  if (!user) return { ...page, state: 'signIn' as const, signIn, token: '', count: 0, email: '' };
  const check = TOKEN.test(token) ? await customers.checkClaim(user.id, token) : null;
  if (!check?.ok) {
    const state = check?.code === 'wrong_user' ? ('wrongUser' as const) : ('invalid' as const);
    return { ...page, state, signIn, token: '', count: 0, email: '' };
  }
  return { ...page, state: 'ready' as const, signIn, token, count: check.count, email: check.email };
}

export async function action(args: ActionFunctionArgs) {
  const { account, customers, headers, path } = accountRequest(args);
  const { token = '' } = await formOf(args.request);
  const user = await account.user(headers);
  if (!user) return redirectWithCookies(path('/account/sign-in'));
  const result = TOKEN.test(token) ? await customers.claim(user.id, token) : null;
  if (result?.ok) return redirectWithCookies(`${path('/account/swaps')}?claimed=${result.count}`);
  return refused({ error: result?.code === 'wrong_user' ? 'wrongUser' : 'invalid' });
}

export default function AccountClaim() {
  const { state, signIn, token, count, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const refusal =
    result && !result.ok ? result.error : state === 'ready' || state === 'signIn' ? null : state;
  return (
    <AccountPage name="claim" texts="account.customer.pages.claim">
      {refusal ? <Notice tone="error">{t(`account.customer.claimPage.${refusal}`)}</Notice> : null}
      {state === 'signIn' ? (
        <p>
          {t('account.customer.claimPage.signIn')}{' '}
          <a href={signIn} className="link">
            {t('account.pages.signIn.title')}
          </a>
        </p>
      ) : null}
      {state === 'ready' && !refusal ? (
        <>
          <p data-testid="claim-count">{t('account.customer.claimPage.text', { count, email })}</p>
          <AccountForm submit={t('account.customer.claimPage.submit')}>
            <input type="hidden" name="token" value={token} />
          </AccountForm>
        </>
      ) : null}
    </AccountPage>
  );
}
