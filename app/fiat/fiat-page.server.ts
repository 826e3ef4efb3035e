import { data, type LoaderFunctionArgs } from 'react-router';
import type { FiatOrderView } from '../../core/fiat/orders.ts';
import type { FiatSide, PaymentMethod } from '../../core/fiat/types.ts';
import { countryName, currencyName, regionName } from '../../core/i18n/display-names.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, pageNotFound, resolvePage } from '../routing/page-loader.server.ts';
import { compareFromQuery, type FiatCompared } from './compare.server.ts';

/** The country a page without one starts from, by its language. */
const LANGUAGE_COUNTRY: Record<Lang, string> = {
  en: 'us',
  nl: 'nl',
  fr: 'fr',
  de: 'de',
  it: 'it',
  ko: 'kr',
  pl: 'pl',
  pt: 'br',
  ru: 'kz',
  es: 'es',
  vi: 'vn',
  tr: 'tr',
  uk: 'ua',
  ja: 'jp',
};

export interface FiatPlaceProvider {
  id: string;
  name: string;
  methods: PaymentMethod[];
}

export interface FiatTradeData extends PageData {
  side: FiatSide;
  coin: { code: string; name: string; network: string; networkName: string };
  /** Every coin some provider trades on this side, for the widget's picker. */
  coins: { code: string; name: string }[];
  country: { code: string; name: string; currency: string };
  region: { code: string; name: string } | null;
  /** The country's regions, each with whether someone serves it (links on the country page). */
  regions: { code: string; name: string; served: boolean }[];
  countries: { code: string; name: string }[];
  currencies: { code: string; name: string }[];
  /** Preselected: the country's currency when a provider takes it, or the page's pair. */
  currency: string;
  providers: FiatPlaceProvider[];
  methods: PaymentMethod[];
  /** An amount to start the widget with, in the currency (buy) or coin (sell). */
  amount: string;
  /** Whether the page was asked for a country (country and region pages). */
  placed: boolean;
  /** The landing pages' sell tab starts from this amount of the coin. */
  sellAmount: string;
  /** The offers for the widget's GET (`?amount=…`), rendered by the server (app/fiat/compare.server.ts). */
  compared: FiatCompared | null;
}

function fiatNotFound(args: LoaderFunctionArgs): never {
  return pageNotFound(new URL(args.request.url));
}

/**
 * The buy, sell and fiat pages: the side, coin, country, region and currency from the path (an
 * unknown coin, country, region or currency is the route check's 404), who serves that place and
 * how one pays there.
 */
export async function loadFiatTrade(args: LoaderFunctionArgs): Promise<FiatTradeData> {
  const page = resolvePage(args);
  const state = args.context.get(requestStateContext);
  const { services } = state;
  const { fiat, catalogue } = services;
  const params = page.params;
  const side: FiatSide = page.page.startsWith('sell') ? 'sell' : 'buy';
  const fiatCurrencies = await fiat.currencies();
  const isFiat = (code: string | undefined) => !!code && fiatCurrencies.some((c) => c.code === code);

  // The pair pages name a currency and a coin: /buy-coin/{fiat}-{coin}, /sell-coin/{coin}-{fiat},
  // /fiat/exchange/{fiat}-to-{coin} (its middleware keeps that order).
  let coinCode = params.coin ?? 'btc';
  let pairCurrency: string | null = null;
  if (page.page === 'buy-pair' || page.page === 'fiat-exchange-pair') {
    if (!isFiat(params.from)) fiatNotFound(args);
    pairCurrency = params.from ?? null;
    coinCode = params.to ?? '';
  } else if (page.page === 'sell-pair') {
    if (!isFiat(params.to)) fiatNotFound(args);
    pairCurrency = params.to ?? null;
    coinCode = params.from ?? '';
  }
  const coin = await catalogue.coin(coinCode);
  if (!coin) fiatNotFound(args);

  const countryCode = params.country ?? LANGUAGE_COUNTRY[page.lang];
  const country = await fiat.country(countryCode);
  if (!country) fiatNotFound(args);
  const regionCode = params.region;
  const region = regionCode ? (country.regions.find((r) => r.code === regionCode) ?? null) : null;
  if (regionCode && !region) fiatNotFound(args);

  const availability = await fiat.availability(
    side,
    { country: country.code, region: region?.code },
    coin.code,
  );
  const traded = fiat.coins(side);
  const networks = traded.get(coin.code) ?? [];
  const asset = coin.assets.find((a) => networks.includes(a.network.id)) ?? coin.assets[0];
  // Countries, regions and currencies are named in the page's language (Intl, else the data).
  const lang = page.lang;
  const named = <T extends { code: string; name: string }>(r: T): T => ({
    ...r,
    name: regionName(lang, country.code, r.code, r.name),
  });
  const regions = (
    await Promise.all(
      country.regions.map(async (r) => ({
        ...named(r),
        served:
          (
            await fiat.availability(side, { country: country.code, region: r.code }, coin.code)
          ).providers.length > 0,
      })),
    )
  ).sort((a, b) => a.name.localeCompare(b.name, lang));
  const allCoins = await catalogue.coins();
  const currency = pairCurrency ?? availability.currency;
  const currencyInfo = fiatCurrencies.find((c) => c.code === currency);
  const compared =
    availability.providers.length > 0
      ? await compareFromQuery(services, lang, new URL(args.request.url), {
          country: country.code,
          region: region?.code ?? null,
        })
      : null;
  // Live offers and the order form's own key: this response is never stored.
  if (compared && state.page) state.page.private = true;
  return {
    ...page,
    side,
    coin: {
      code: coin.code,
      name: coin.name,
      network: asset?.network.id ?? '',
      networkName: asset?.network.name ?? '',
    },
    coins: allCoins.filter((c) => traded.has(c.code)).map((c) => ({ code: c.code, name: c.name })),
    country: {
      code: country.code,
      name: countryName(lang, country.code, country.name),
      currency: country.currency,
    },
    region: region && named(region),
    regions,
    countries: (await fiat.countries())
      .map((c) => ({ code: c.code, name: countryName(lang, c.code, c.name) }))
      .sort((a, b) => a.name.localeCompare(b.name, page.lang)),
    currencies: fiatCurrencies.map((c) => ({ code: c.code, name: currencyName(lang, c.code, c.name) })),
    currency,
    providers: availability.providers,
    methods: availability.methods,
    // Three times the usual least order: above every provider's minimum.
    amount:
      side === 'buy' ? String(Number(currencyInfo?.min ?? '50') * 3) : coin.code === 'btc' ? '0.01' : '1',
    placed: Boolean(params.country),
    sellAmount: coin.code === 'btc' ? '0.01' : '1',
    compared,
  };
}

export interface FiatOrderPageData extends PageData {
  order: FiatOrderView;
  coinName: string;
  networkName: string;
  explorerTx: string | null;
  /** sell: the deposit transaction in the explorer. */
  depositTx: string | null;
  /** The network's name for a memo (`memo`, `destinationTag`, `comment`). */
  memoKind: string;
  sandbox: boolean;
}

/**
 * The order and checkout pages: the order (404 'Order not found'), its coin and explorer link. The
 * checkout page is the sandbox providers' own: another provider's order has none here (404).
 */
export async function loadFiatOrder(
  args: LoaderFunctionArgs,
  options: { sandboxCheckout?: boolean; side?: 'buy' | 'sell' } = {},
): Promise<FiatOrderPageData> {
  const page = resolvePage(args);
  const { services } = args.context.get(requestStateContext);
  const order = await services.fiatOrders.get(page.params.orderId ?? '');
  if (!order) throw data('Order not found', { status: 404 });
  if (options.sandboxCheckout && !services.fiat.provider(order.provider)?.sandbox) {
    throw data('Order not found', { status: 404 });
  }
  // A sale is not paid by card: it has its own checkout, and the card form has none of it.
  if (options.side && order.side !== options.side) throw data('Order not found', { status: 404 });
  const asset = await services.catalogue.asset(order.coin, order.network);
  const explorer = asset?.network.explorerTx;
  return {
    ...page,
    order,
    coinName: asset?.coinName ?? order.coin.toUpperCase(),
    networkName: asset?.network.name ?? order.network,
    explorerTx:
      explorer && order.txHash ? explorer.replaceAll('{hash}', encodeURIComponent(order.txHash)) : null,
    depositTx:
      explorer && order.deposit?.txHash
        ? explorer.replaceAll('{hash}', encodeURIComponent(order.deposit.txHash))
        : null,
    memoKind: asset?.network.memo?.kind ?? 'memo',
    sandbox: services.sandbox,
  };
}
