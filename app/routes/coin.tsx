import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { formatUsd } from '../../core/i18n/format.ts';
import {
  CoinAbout,
  CoinChanges,
  CoinChart,
  CoinDetails,
  coinFaq,
  FaqJsonLd,
} from '../directory/CoinSections.tsx';
import { coinPage, loadCoinList } from '../directory/directory.server.ts';
import { Change, CoinName } from '../directory/parts.tsx';
import { ExchangeFormWhenNeeded } from '../exchange/ExchangeFormWhenNeeded.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';
import { resolvePage } from '../routing/page-loader.server.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { CoinsView } from './coins.tsx';

async function pageData(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  return { ...page, ...(await coinPage(services, new URL(args.request.url), page.params.coin ?? '')) };
}

/**
 * /coin/{coin}: price and changes, a chart, networks, an exchange form preset to the coin, FAQ. The
 * list's pages share this route's shape (`coins-page`): the page middleware tells them apart.
 */
export async function loader(args: LoaderFunctionArgs) {
  // The page fields stay at the top: the shell reads the page's name and layout there.
  const page = resolvePage(args);
  if (page.page === 'coins-page') return { ...page, kind: 'list' as const, data: await loadCoinList(args) };
  return { ...page, kind: 'page' as const, data: await pageData(args) };
}

export default function CoinPageRoute() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.kind === 'list' ? <CoinsView data={loaded.data} /> : <CoinPage data={loaded.data} />;
}

function CoinPage({ data }: { data: Awaited<ReturnType<typeof pageData>> }) {
  const { lang, coin, rank, market, charts, networks, form } = data;
  const { t } = useTranslation();
  const code = coin.code.toUpperCase();
  const names = { coin: coin.name, code };
  const title = t('directory.coin.title', names);
  const faq = coinFaq(t, names, networks, lang);
  return (
    <article data-page="coin" data-coin={coin.code}>
      <PageHead
        title={`${title} | ${t('site.name')}`}
        description={t('directory.coin.description', { ...names, price: formatUsd(market.usd, lang) })}
      />
      <FaqJsonLd faq={faq} />
      <Breadcrumbs
        trail={[
          { name: t('pages.coins.title'), path: '/coin' },
          { name: coin.name, path: `/coin/${coin.code}` },
        ]}
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <div className="flex items-center gap-3">
            <CoinName coin={coin} size={40} />
          </div>
          <h1 className="mt-4 text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <span className="text-3xl font-bold tabular-nums" data-testid="coin-price">
              {formatUsd(market.usd, lang)}
            </span>
            <Change value={market.change24h} />
          </p>
          <CoinChanges market={market} />
          <CoinChart names={names} charts={charts} lang={lang} />
          <CoinAbout names={names} rank={rank} networks={networks} />
        </div>
        <aside className="min-w-0">
          <h2 className="sr-only">{t('directory.coin.swapTitle', names)}</h2>
          <ExchangeFormWhenNeeded from={form.from} to={form.to} />
        </aside>
      </div>

      {/* Tables, links and questions: server HTML the browser keeps (docs/decisions/032). */}
      <CoinDetails data={data} names={names} faq={faq} />
    </article>
  );
}
