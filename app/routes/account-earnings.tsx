import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatDateTime, formatDecimal, formatPercent, formatUsd } from '../../core/i18n/format.ts';
import { REFERRAL_WINDOW_DAYS } from '../../core/partners/tiers.ts';
import { EarningsChart } from '../account/EarningsChart.tsx';
import { requirePartner } from '../account/partner.server.ts';
import { AccountPage } from '../account/parts.tsx';
import { RESOURCE_PATHS } from '../forms/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';

/** The partner's earnings: link and code, totals, charts by day and month, latest rows, CSV. */
export async function loader(args: LoaderFunctionArgs) {
  const { page, partner, services, path } = await requirePartner(args);
  const ledger = services.partnerLedger;
  const [totals, series, rows] = await Promise.all([
    ledger.totals(partner.id),
    ledger.series(partner.id),
    ledger.rows(partner.id, 20),
  ]);
  const points = (list: typeof series.days) =>
    list.map((point) => ({ start: point.start.toISOString(), usd: point.usd }));
  return {
    ...page,
    code: partner.id,
    affiliateShare: partner.affiliateFeeBps / 10_000,
    link: `${services.config.BASE_URL}/?ref=${partner.id}`,
    totals,
    days: points(series.days),
    months: points(series.months),
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      coin: row.coin,
      amount: row.amount,
      usd: row.usd,
    })),
    csv: RESOURCE_PATHS.earningsCsv,
    withdrawals: path('/account/withdrawals'),
  };
}

export default function AccountEarnings() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const { totals } = data;
  const figures = [
    ['balance', formatUsd(totals.balanceUsd, lang)],
    ['earned', formatUsd(totals.earnedUsd, lang)],
    ['month', formatUsd(totals.monthUsd, lang)],
    ['withdrawn', formatUsd(totals.withdrawnUsd, lang)],
  ] as const;
  return (
    <AccountPage name="earnings">
      <section aria-labelledby="partner-link" className="flex flex-col gap-2">
        <h2 id="partner-link" className="text-xl font-semibold">
          {t('account.partner.link')}
        </h2>
        <p
          className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm"
          data-testid="affiliate-link"
        >
          {data.link}
        </p>
        <p>
          {t('account.partner.code')}:{' '}
          <strong className="font-mono" data-testid="affiliate-code">
            {data.code}
          </strong>
        </p>
        <p className="text-sm text-muted">
          {t('account.partner.linkText', {
            days: REFERRAL_WINDOW_DAYS,
            share: formatPercent(data.affiliateShare, lang),
            code: data.code,
          })}
        </p>
        <p className="text-sm text-muted">
          {t('account.partner.tier', {
            share: formatPercent(totals.tierShareBps / 10_000, lang),
            volume: formatUsd(totals.volume30dUsd, lang),
          })}
        </p>
      </section>

      <dl className="grid grid-cols-2 gap-3" data-testid="earnings-totals">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-xl border border-slate-200 p-3">
            <dt className="text-sm text-muted">{t(`account.partner.totals.${key}`)}</dt>
            <dd
              className="text-lg font-semibold"
              data-testid={`total-${key}`}
              data-value={totals[`${key}Usd`]}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <a href={data.withdrawals} className="text-link">
        {t('account.partner.nav.withdrawals')}
      </a>

      <h2 className="text-xl font-semibold">{t('account.partner.byDay')}</h2>
      <EarningsChart points={data.days} unit="day" lang={lang} label={t('account.partner.byDay')} />
      <h2 className="text-xl font-semibold">{t('account.partner.byMonth')}</h2>
      <EarningsChart points={data.months} unit="month" lang={lang} label={t('account.partner.byMonth')} />

      <h2 className="text-xl font-semibold">{t('account.partner.rows')}</h2>
      {data.rows.length === 0 ? (
        <p className="text-muted">{t('account.partner.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="earnings-rows">
            <thead>
              <tr className="text-muted">
                <th className="py-1 pr-2 font-medium">{t('account.partner.columns.date')}</th>
                <th className="py-1 pr-2 font-medium">{t('account.partner.columns.kind')}</th>
                <th className="py-1 pr-2 text-right font-medium">{t('account.partner.columns.amount')}</th>
                <th className="py-1 text-right font-medium">{t('account.partner.columns.usd')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-200" data-kind={row.kind}>
                  <td className="py-1 pr-2">{formatDateTime(row.at, lang)}</td>
                  <td className="py-1 pr-2">{t(`account.partner.kinds.${row.kind}`)}</td>
                  <td
                    className="py-1 pr-2 text-right font-mono"
                    data-testid="row-amount"
                    data-amount={row.amount}
                  >
                    {formatDecimal(row.amount, lang)} {row.coin.toUpperCase()}
                  </td>
                  <td className="py-1 text-right" data-usd={row.usd}>
                    {formatUsd(row.usd, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <a href={data.csv} className="text-link" download data-testid="earnings-csv">
        {t('account.partner.csv')}
      </a>
    </AccountPage>
  );
}
