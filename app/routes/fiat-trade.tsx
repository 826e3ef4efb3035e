import { type ActionFunctionArgs, type LoaderFunctionArgs, useActionData, useLoaderData } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import '../fiat/english.ts';
import { type FiatProblem, fiatOrderAction } from '../fiat/compare.server.ts';
import { FiatWidget } from '../fiat/FiatWidget.tsx';
import { type FiatTradeData, loadFiatTrade } from '../fiat/fiat-page.server.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { PageHead } from '../shell/PageHead.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { JsonLd } from '../ui/JsonLd.tsx';

/**
 * The buy, sell and fiat pages (`/buy/{coin}/{country}/{region}` and its shorter forms, `/sell/…`,
 * `/buy-coin/{fiat}-{coin}`, `/sell-coin/{coin}-{fiat}`, `/fiat`, `/fiat/exchange/{fiat}-to-{coin}`):
 * the widget preset by the path, who serves the place and how one pays there; where nobody does,
 * the page says so and offers the crypto swap.
 */
export function loader(args: LoaderFunctionArgs): Promise<FiatTradeData> {
  return loadFiatTrade(args);
}

/** The widget's order form posted without JavaScript (app/fiat/compare.server.ts). */
export async function action(args: ActionFunctionArgs) {
  const { country, region } = await loadFiatTrade(args);
  return fiatOrderAction(args, { country: country.code, region: region?.code ?? null });
}

export default function FiatTradePage() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<{ fiatProblem: FiatProblem }>();
  const { page, side, coin, country, region, providers, methods, regions } = data;
  const { t } = useTranslation();
  const lang = useLang();
  const buy = side === 'buy';
  const values = {
    coin: coin.name,
    country: country.name,
    region: region?.name ?? '',
    from: page === 'sell-pair' ? coin.code.toUpperCase() : data.currency.toUpperCase(),
    to: page === 'sell-pair' ? data.currency.toUpperCase() : coin.code.toUpperCase(),
  };
  const title = t(`pages.${page}.title`, values);
  const description = t(`pages.${page}.description`, values);
  const where = region ? `${region.name}, ${country.name}` : country.name;
  const served = providers.length > 0;
  const base = buy ? '/buy' : '/sell';
  const trail = [
    ...(page === 'fiat' || page === 'fiat-exchange-pair'
      ? [{ name: t('pages.fiat.title'), path: '/fiat' }]
      : [{ name: t(`pages.${side}.title`), path: base }]),
    ...(data.placed ? [{ name: t(`pages.${side}-coin.title`, values), path: `${base}/${coin.code}` }] : []),
    ...(region
      ? [
          {
            name: t(`pages.${side}-coin-country.title`, values),
            path: `${base}/${coin.code}/${country.code}`,
          },
        ]
      : []),
  ];
  return (
    <article data-page={page} data-side={side}>
      <PageHead title={`${title} | ${t('site.name')}`} description={description} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Service',
          name: title,
          description,
          serviceType: buy ? 'Cryptocurrency purchase' : 'Cryptocurrency sale',
          areaServed: data.placed ? where : undefined,
          provider: providers.map((p) => ({ '@type': 'Organization', name: p.name })),
        }}
      />
      {page !== 'fiat' && page !== 'buy' && page !== 'sell' && <Breadcrumbs trail={trail} />}
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{description}</p>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,36rem)_minmax(0,1fr)] lg:items-start">
        {served ? (
          <FiatWidget
            side={side}
            coin={coin.code}
            coins={data.coins}
            country={country.code}
            region={region?.code ?? null}
            currency={data.currency}
            currencies={data.currencies}
            methods={methods}
            amount={data.amount}
            compared={data.compared}
            posted={posted?.fiatProblem ?? null}
            {...(page === 'fiat' || page === 'fiat-exchange-pair'
              ? { switchable: { sellAmount: data.sellAmount } }
              : {})}
          />
        ) : (
          <section className="rounded-2xl bg-surface p-5 shadow-md md:p-6" data-testid="fiat-unavailable">
            <h2 className="text-xl font-semibold">{t('fiat.unavailable.title', { where })}</h2>
            <p className="mt-2 text-muted">
              {t(buy ? 'fiat.unavailable.buyText' : 'fiat.unavailable.sellText', { coin: coin.name, where })}
            </p>
            <a
              href={localizePath(lang, buy ? `/swap?to=${coin.code}` : `/swap?from=${coin.code}`)}
              className="btn btn-primary btn-md mt-4 h-auto min-h-10 max-w-full py-2 text-center whitespace-normal"
              data-testid="fiat-swap-fallback"
            >
              {t('fiat.unavailable.swap', { coin: coin.code.toUpperCase() })}
            </a>
          </section>
        )}

        <aside className="grid content-start gap-6">
          {served && (
            <section data-testid="fiat-providers">
              <h2 className="text-xl font-semibold">{t('fiat.place.providersTitle', { where })}</h2>
              <p className="mt-1 text-sm text-muted">
                {t('fiat.place.providersIntro', { count: providers.length, where })}
              </p>
              <ul className="mt-3 grid gap-2">
                {providers.map((p) => (
                  <li key={p.id} className="rounded-xl border border-slate-200 p-3" data-provider={p.id}>
                    <span className="font-semibold">{p.name}</span>
                    <span className="block text-sm text-muted">
                      {p.methods.map((m) => t(`fiat.methods.${m}`)).join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section>
            <h2 className="text-xl font-semibold">{t('fiat.place.howTitle')}</h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted">
              <li>
                {t(buy ? 'fiat.place.buyStep1' : 'fiat.place.sellStep1', { coin: coin.code.toUpperCase() })}
              </li>
              <li>{t('fiat.place.step2')}</li>
              <li>
                {t(buy ? 'fiat.place.buyStep3' : 'fiat.place.sellStep3', { coin: coin.code.toUpperCase() })}
              </li>
            </ol>
            <p className="mt-3 text-sm text-muted">{t('fiat.place.kyc')}</p>
          </section>
        </aside>
      </div>

      {data.placed && !region && regions.length > 0 && (
        <section className="mt-10" data-testid="fiat-regions">
          <h2 className="text-xl font-semibold">{t('fiat.place.regionsTitle', { country: country.name })}</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-4">
            {regions.map((r) => (
              <li key={r.code}>
                <a
                  className="text-brand-700 underline underline-offset-2"
                  href={localizePath(lang, `${base}/${coin.code}/${country.code}/${r.code}`)}
                >
                  {r.name}
                </a>
                {!r.served && <span className="ml-1 text-muted">· {t('fiat.place.noProvider')}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
