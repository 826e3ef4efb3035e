import { Link } from 'react-router';
import { formatAmount } from '../../core/i18n/format.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { memoLabel } from '../exchange/messages.ts';
import type { TFunction } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ExternalLink } from '../shell/ExternalLink.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';
import { ServerHtml } from '../ui/ServerHtml.tsx';
import { rangeLabels, seriesByRange, summaryLabels } from './charts.ts';
import type { coinPage } from './directory.server.ts';
import { PriceChartWhenNeeded } from './PriceChartWhenNeeded.tsx';
import { Block, Change } from './parts.tsx';
import type { CoinMarket, CoinSummary, NetworkFacts } from './types.ts';

/** The coin page's data (`/coin/{coin}`), as its loader returns it. */
export type CoinPageData = Awaited<ReturnType<typeof coinPage>>;

/** The coin's name and upper-case code: the values of the page's texts. */
export type CoinNames = {
  coin: string;
  code: string;
};

export interface FaqItem {
  q: string;
  a: string;
}

/** The coin page's questions: how to swap, the minimum, the networks, fixed rates. */
export function coinFaq(
  t: TFunction,
  names: CoinNames,
  networks: readonly NetworkFacts[],
  lang: Lang,
): FaqItem[] {
  return [
    { q: t('directory.coin.faq.howQ', names), a: t('directory.coin.faq.howA', names) },
    {
      q: t('directory.coin.faq.minQ', names),
      a: t('directory.coin.faq.minA', {
        ...names,
        min: formatAmount(networks[0]?.min ?? '0', lang),
        network: networks[0]?.name ?? '',
      }),
    },
    {
      q: t('directory.coin.faq.networksQ', names),
      a: t('directory.coin.faq.networksA', {
        ...names,
        count: networks.length,
        networks: networks.map((network) => network.name).join(', '),
      }),
    },
    { q: t('directory.coin.faq.fixedQ', names), a: t('directory.coin.faq.fixedA', names) },
  ];
}

/** The questions as FAQPage JSON-LD. */
export function FaqJsonLd({ faq }: { faq: readonly FaqItem[] }) {
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faq.map((item) => ({
          '@type': 'Question',
          name: item.q,
          acceptedAnswer: { '@type': 'Answer', text: item.a },
        })),
      }}
    />
  );
}

/** The changes over a day, a week and a month: server HTML the browser keeps. */
export function CoinChanges({ market }: { market: CoinMarket }) {
  const { t } = useTranslation();
  return (
    <ServerHtml>
      <dl className="mt-4 grid max-w-md grid-cols-3 gap-3 text-sm">
        {(
          [
            ['change24h', market.change24h],
            ['change7d', market.change7d],
            ['change30d', market.change30d],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-lg bg-canvas p-3">
            <dt className="text-muted">{t(`directory.columns.${key}`)}</dt>
            <dd className="mt-1 font-semibold">
              <Change value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </ServerHtml>
  );
}

/** The coin's price chart in US dollars, hydrated when needed. */
export function CoinChart({
  names,
  charts,
  lang,
}: {
  names: CoinNames;
  charts: CoinPageData['charts'];
  lang: Lang;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-6">
      <PriceChartWhenNeeded
        ranges={seriesByRange([{ label: t('directory.chart.priceSeries', names), ranges: charts }])}
        rangeLabels={rangeLabels(t)}
        initialRange="7d"
        mode="usd"
        locale={lang}
        title={(range) =>
          t('directory.chart.title', { ...names, range: t(`directory.chart.range.${range}`) })
        }
        rangeGroupLabel={t('directory.chart.rangeGroup')}
        emptyText={t('directory.chart.empty')}
        summaryLabels={summaryLabels(t)}
      />
    </div>
  );
}

/** A paragraph about the coin: its rank and networks. Server HTML the browser keeps. */
export function CoinAbout({
  names,
  rank,
  networks,
}: {
  names: CoinNames;
  rank: number;
  networks: readonly NetworkFacts[];
}) {
  const { t } = useTranslation();
  return (
    <ServerHtml>
      <p className="mt-6 max-w-3xl leading-relaxed" data-testid="coin-about">
        {t('directory.coin.about', {
          ...names,
          rank,
          count: networks.length,
          networks: networks.map((network) => network.name).join(', '),
        })}
      </p>
    </ServerHtml>
  );
}

/**
 * Tables, links and questions below the fold: server HTML the browser keeps (docs/decisions/032).
 */
export function CoinDetails({
  data,
  names,
  faq,
}: {
  data: Pick<CoinPageData, 'coin' | 'networks' | 'partners' | 'comparisons'> & { lang: Lang };
  names: CoinNames;
  faq: readonly FaqItem[];
}) {
  const { t } = useTranslation();
  const { lang, coin, networks, partners, comparisons } = data;
  return (
    <ServerHtml>
      <Block title={t('directory.coin.networksTitle', names)} id="networks">
        <NetworkTable networks={networks} code={names.code} lang={lang} />
      </Block>

      <Block title={t('directory.coin.pairsTitle', names)} id="pairs">
        <CoinPairs coin={coin} partners={partners} lang={lang} />
      </Block>

      <Block title={t('directory.coin.compareTitle', names)} id="compare">
        <ul className="flex flex-wrap gap-2">
          {comparisons.map((other) => (
            <li key={other.code}>
              <Link to={localizePath(lang, other.path)} className="btn btn-secondary btn-md">
                {t('directory.compareLink', { a: coin.code.toUpperCase(), b: other.code.toUpperCase() })}
              </Link>
            </li>
          ))}
        </ul>
      </Block>

      <Block title={t('directory.faqTitle')} id="faq">
        <div className="space-y-3">
          {faq.map((item) => (
            <details key={item.q} className="card">
              <summary className="cursor-pointer font-semibold">{item.q}</summary>
              <p className="mt-2 text-muted">{item.a}</p>
            </details>
          ))}
        </div>
      </Block>
    </ServerHtml>
  );
}

/** The networks the coin is sent on: confirmations, memo, minimum and contract. */
function NetworkTable({
  networks,
  code,
  lang,
}: {
  networks: readonly NetworkFacts[];
  code: string;
  lang: Lang;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-surface">
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid="network-table">
        <thead className="border-b border-slate-200 text-xs uppercase text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t('directory.columns.network')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('directory.columns.confirmations')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('directory.columns.memo')}
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              {t('directory.columns.min')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('directory.columns.contract')}
            </th>
          </tr>
        </thead>
        <tbody>
          {networks.map((network) => (
            <tr key={network.id} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-4 py-3 font-semibold">
                {network.name}
              </th>
              <td className="px-4 py-3 tabular-nums">{network.confirmations}</td>
              <td className="px-4 py-3">
                {network.memo
                  ? t(network.memo.required ? 'directory.memo.required' : 'directory.memo.optional', {
                      memo: memoLabel(t, network.memo.kind),
                    })
                  : t('directory.memo.none')}
              </td>
              <td className="px-4 py-3 text-right tabular-nums" data-testid="network-min">
                {formatAmount(network.min, lang)} {code}
              </td>
              <td
                className="max-w-48 truncate px-4 py-3 font-mono text-xs"
                title={network.contract ?? undefined}
              >
                {network.contract && network.explorer ? (
                  <ExternalLink href={network.explorer} className="text-link">
                    {network.contract}
                  </ExternalLink>
                ) : (
                  (network.contract ?? t('directory.nativeCoin'))
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Links to the pair pages of the coin with each partner coin, both ways. */
function CoinPairs({
  coin,
  partners,
  lang,
}: {
  coin: CoinSummary;
  partners: readonly CoinSummary[];
  lang: Lang;
}) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="coin-pairs">
      {partners.flatMap((other) => [
        <li key={`${coin.code}-${other.code}`}>
          <Link
            to={localizePath(lang, `/exchange/${coin.code}-to-${other.code}`)}
            className="card block hover:border-brand-500"
          >
            {t('directory.exchangeLink', { from: coin.name, to: other.name })}
          </Link>
        </li>,
        <li key={`${other.code}-${coin.code}`}>
          <Link
            to={localizePath(lang, `/exchange/${other.code}-to-${coin.code}`)}
            className="card block hover:border-brand-500"
          >
            {t('directory.exchangeLink', { from: other.name, to: coin.name })}
          </Link>
        </li>,
      ])}
    </ul>
  );
}
