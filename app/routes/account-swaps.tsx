import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import { formatAmount, formatDateTime } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { accountRequest, formOf, redirectWithCookies, refused } from '../account/account.server.ts';
import { AccountForm, AccountPage, Field, Notice } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { Button } from '../ui/Button.tsx';

/** The outcomes a write comes back with (post/redirect/get), shown once as a notice. */
const NEWS = ['saved', 'already', 'claimSent', 'claimed', 'preferences'] as const;
const INTENTS = ['save', 'claim', 'preferences'] as const;

/** Your swaps and fiat orders with their status now, adding one by id, claim links, mail switches. */
export async function loader(args: LoaderFunctionArgs) {
  const { page, account, customers, headers, path, text } = accountRequest(args);
  const user = await account.user(headers);
  if (!user) throw redirectWithCookies(path('/account/sign-in'));
  const [items, preferences] = await Promise.all([customers.list(user.id), customers.preferences(user.id)]);
  const query = new URL(args.request.url).searchParams;
  const news = NEWS.find((key) => query.has(key)) ?? null;
  const claimed = Number.parseInt(query.get('claimed') ?? '', 10);
  return {
    ...page,
    news,
    claimed: Number.isFinite(claimed) ? claimed : 0,
    preferences,
    swaps: items.swaps.map((swap) => ({
      ...swap,
      href: localizePath(page.lang, `/swap/${swap.id}`),
      statusLabel: text(`swapStatus.statuses.${swap.status}.label`),
    })),
    orders: items.orders.map((order) => ({
      ...order,
      href: localizePath(page.lang, `/fiat/order/${order.id}`),
      statusLabel: text(`fiat.statuses.${order.status}.label`),
    })),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { page, account, customers, headers, path } = accountRequest(args);
  const values = await formOf(args.request);
  const intent = INTENTS.find((name) => name === values.intent);
  if (!intent) return refused({ error: 'form' }, 400);
  const user = await account.user(headers);
  if (!user) return redirectWithCookies(path('/account/sign-in'));
  const here = path('/account/swaps');
  switch (intent) {
    case 'save': {
      const outcome = await customers.save(user.id, (values.id ?? '').slice(0, 200));
      if (outcome === 'saved' || outcome === 'already') return redirectWithCookies(`${here}?${outcome}=1`);
      return refused({ error: outcome === 'taken' ? 'taken' : 'notFound', values: { id: values.id ?? '' } });
    }
    case 'claim': {
      const query = (values.query ?? '').trim().slice(0, 254);
      if (!query) return refused({ error: 'query' });
      const allowed = await customers.requestClaim({ userId: user.id, query, lang: page.lang });
      if (!allowed) return refused({ error: 'claimLimited', values: { query } }, 429);
      return redirectWithCookies(`${here}?claimSent=1`);
    }
    default: {
      await customers.setPreferences(
        user,
        { swapMails: values.swapMails === 'on', newsletter: values.newsletter === 'on' },
        page.lang,
      );
      return redirectWithCookies(`${here}?preferences=1`);
    }
  }
}

export default function AccountSwaps() {
  const { news, claimed, swaps, orders, preferences, lang } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const error = result && !result.ok ? result : null;
  return (
    <AccountPage name="swaps" texts="account.customer.pages.swaps">
      {news === 'claimed' ? (
        <Notice tone="info">{t('account.customer.news.claimed', { count: claimed })}</Notice>
      ) : news ? (
        <Notice tone="info">{t(`account.customer.news.${news}`)}</Notice>
      ) : null}
      {error ? <Notice tone="error">{t(`account.customer.errors.${error.error}`)}</Notice> : null}

      <h2 className="text-xl font-semibold">{t('account.customer.swaps.heading')}</h2>
      {swaps.length === 0 ? (
        <p className="text-muted">{t('account.customer.swaps.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" data-testid="account-swaps">
          {swaps.map((swap) => (
            <li key={swap.id} className="flex flex-col gap-1 py-3" data-swap-id={swap.id}>
              <a href={swap.href} className="link font-semibold break-all">
                {formatAmount(swap.amountFrom, lang)} {swap.from.toUpperCase()} →{' '}
                {formatAmount(swap.amountTo, lang)} {swap.to.toUpperCase()}
              </a>
              <span className="text-sm">
                <span data-testid="swap-status" data-status={swap.status} className="font-medium">
                  {swap.statusLabel}
                </span>{' '}
                · <span className="text-muted">{formatDateTime(swap.createdAt, lang)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}

      <h2 className="text-xl font-semibold">{t('account.customer.orders.heading')}</h2>
      {orders.length === 0 ? (
        <p className="text-muted">{t('account.customer.orders.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" data-testid="account-orders">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-col gap-1 py-3">
              <a href={order.href} className="link font-semibold break-all">
                {formatAmount(order.fiatAmount, lang)} {order.fiat.toUpperCase()} ↔{' '}
                {formatAmount(order.cryptoAmount, lang)} {order.coin.toUpperCase()}
              </a>
              <span className="text-sm">
                <span data-status={order.status} className="font-medium">
                  {order.statusLabel}
                </span>{' '}
                · <span className="text-muted">{formatDateTime(order.createdAt, lang)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-4 text-xl font-semibold">{t('account.customer.add.heading')}</h2>
      <p className="text-muted">{t('account.customer.add.text')}</p>
      <AccountForm submit={t('account.customer.add.submit')} intent="save" color="secondary">
        <Field
          name="id"
          label={t('account.customer.add.field')}
          autoComplete="off"
          defaultValue={error?.values?.id ?? ''}
        />
      </AccountForm>

      <h2 className="mt-4 text-xl font-semibold">{t('account.customer.claim.heading')}</h2>
      <p className="text-muted">{t('account.customer.claim.text')}</p>
      <AccountForm submit={t('account.customer.claim.submit')} intent="claim" color="secondary">
        <Field
          name="query"
          label={t('account.customer.claim.field')}
          autoComplete="off"
          defaultValue={error?.values?.query ?? ''}
        />
      </AccountForm>

      <h2 className="mt-4 text-xl font-semibold">{t('account.customer.preferences.heading')}</h2>
      <form method="post" className="flex flex-col gap-3" data-testid="form-preferences">
        <label className="flex items-center gap-3">
          <input type="checkbox" name="swapMails" defaultChecked={preferences.swapMails} className="size-5" />
          {t('account.customer.preferences.swapMails')}
        </label>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            name="newsletter"
            defaultChecked={preferences.newsletter}
            className="size-5"
          />
          {t('account.customer.preferences.newsletter')}
        </label>
        <Button type="submit" name="intent" value="preferences" color="secondary" block>
          {t('account.customer.preferences.submit')}
        </Button>
      </form>
    </AccountPage>
  );
}
