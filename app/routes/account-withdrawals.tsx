import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import { formatDateTime, formatDecimal, formatUsd } from '../../core/i18n/format.ts';
import { MIN_WITHDRAWAL_USD } from '../../core/partners/rules.ts';
import { formOf, redirectWithCookies, refused } from '../account/account.server.ts';
import { requirePartner } from '../account/partner.server.ts';
import { AccountForm, AccountPage, Notice } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { TextInput } from '../ui/TextInput.tsx';

/** How many of the catalogue's coins (by rank) a partner may be paid in. */
const PAYOUT_COINS = 30;
/** Withdrawal requests (each mails a link) per partner and hour. */
const REQUESTS_PER_HOUR = 5;

/** The partner's withdrawals: the balance, the form asking for it, and the ones asked before. */
export async function loader(args: LoaderFunctionArgs) {
  const { page, partner, services, user } = await requirePartner(args);
  const [balance, list, coins] = await Promise.all([
    services.partnerLedger.balanceUsd(partner.id),
    services.partnerWithdrawals.list(partner.id),
    services.catalogue.coins(),
  ]);
  const assets = [...coins]
    .sort((a, b) => a.rank - b.rank)
    .slice(0, PAYOUT_COINS)
    .flatMap((coin) =>
      coin.assets.map((asset) => ({
        value: `${asset.coin}:${asset.network.id}`,
        label: `${asset.coin.toUpperCase()} · ${asset.network.name}`,
      })),
    );
  const sent = new URL(args.request.url).searchParams.get('sent') === '1';
  return {
    ...page,
    balanceUsd: balance.toFixed(2),
    enough: balance.gte(MIN_WITHDRAWAL_USD),
    assets,
    withdrawals: list,
    email: sent ? user.email : null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { page, partner, services, user, path } = await requirePartner(args);
  const { asset = '', address = '', memo = '' } = await formOf(args.request);
  // Each request mails a link: a few an hour per partner.
  const verdict = await services.rateLimiter.hit(`withdraw:${partner.id}`, REQUESTS_PER_HOUR, 60 * 60_000);
  if (!verdict.allowed) return refused({ error: 'rate_limited', values: { asset, address, memo } }, 429);
  const [coin = '', network = ''] = asset.split(':');
  const result = await services.partnerWithdrawals.request({
    partnerId: partner.id,
    coin: coin.slice(0, 20),
    network: network.slice(0, 40),
    address: address.slice(0, 200),
    ...(memo.trim() ? { memo: memo.slice(0, 200) } : {}),
    email: user.email,
    lang: page.lang,
  });
  if (!result.ok) return refused({ error: result.error, values: { asset, address, memo } });
  return redirectWithCookies(`${path('/account/withdrawals')}?sent=1`);
}

export default function AccountWithdrawals() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { t } = useTranslation();
  const lang = useLang();
  const min = formatUsd(MIN_WITHDRAWAL_USD, lang);
  const error = failure && !failure.ok ? failure.error : null;
  const values = failure && !failure.ok ? (failure.values ?? {}) : {};
  return (
    <AccountPage name="withdrawals">
      <p data-testid="withdraw-balance" data-value={data.balanceUsd}>
        {t('account.partner.totals.balance')}: <strong>{formatUsd(data.balanceUsd, lang)}</strong>
      </p>
      {data.email ? (
        <Notice tone="info">{t('account.partner.withdraw.sent', { email: data.email })}</Notice>
      ) : null}
      {error ? <Notice tone="error">{t(`account.partner.errors.${error}`, { min })}</Notice> : null}
      {data.enough ? (
        <>
          <p>{t('account.partner.withdraw.text', { amount: formatUsd(data.balanceUsd, lang), min })}</p>
          <AccountForm submit={t('account.partner.withdraw.submit')}>
            <div className="flex flex-col gap-1">
              <label htmlFor="withdraw-asset" className="text-sm font-medium text-muted">
                {t('account.partner.withdraw.coin')}
              </label>
              <select
                id="withdraw-asset"
                name="asset"
                required
                defaultValue={values.asset ?? 'btc:bitcoin'}
                className="w-full min-w-0 rounded-lg border border-slate-200 bg-surface px-3 py-2 text-base focus:border-brand-500 focus:outline-none"
              >
                {data.assets.map((asset) => (
                  <option key={asset.value} value={asset.value}>
                    {asset.label}
                  </option>
                ))}
              </select>
            </div>
            <TextInput
              name="address"
              label={t('account.partner.withdraw.address')}
              autoComplete="off"
              spellCheck={false}
              required
              clearable={false}
              defaultValue={values.address ?? ''}
              {...(error === 'invalid_address'
                ? { error: { status: 'error', message: t('account.partner.errors.invalid_address') } }
                : {})}
            />
            <TextInput
              name="memo"
              label={t('account.partner.withdraw.memo')}
              optional
              autoComplete="off"
              clearable={false}
              defaultValue={values.memo ?? ''}
            />
          </AccountForm>
        </>
      ) : (
        <p className="text-muted" data-testid="withdraw-below">
          {t('account.partner.withdraw.below', { min })}
        </p>
      )}

      <h2 className="text-xl font-semibold">{t('account.partner.withdraw.history')}</h2>
      {data.withdrawals.length === 0 ? (
        <p className="text-muted">{t('account.partner.withdraw.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="withdrawals">
          {data.withdrawals.map((withdrawal) => (
            <li
              key={withdrawal.id}
              className="rounded-xl border border-slate-200 p-3 text-sm"
              data-status={withdrawal.status}
            >
              <p className="font-semibold">
                {formatUsd(withdrawal.amountUsd, lang)}
                {withdrawal.amount
                  ? ` · ${formatDecimal(withdrawal.amount, lang)} ${withdrawal.coin.toUpperCase()}`
                  : ''}
              </p>
              <p className="text-muted">
                {formatDateTime(withdrawal.createdAt, lang)} ·{' '}
                {t(`account.partner.status.${withdrawal.refusedReason ? 'declined' : withdrawal.status}`)}
              </p>
              {withdrawal.refusedReason ? (
                <p data-testid="withdrawal-reason">
                  {t('account.partner.withdraw.reason', { reason: withdrawal.refusedReason })}
                </p>
              ) : null}
              <p className="break-all font-mono">{withdrawal.address}</p>
              {withdrawal.txHash ? <p className="break-all font-mono">{withdrawal.txHash}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
