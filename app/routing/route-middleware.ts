import { createContext, redirect } from 'react-router';
import { BLOG_SECTIONS } from '../../core/blog/sections.ts';
import { findNetworkToken } from '../../core/crosschain/network-token.ts';
import { isLang, type Lang } from '../../core/i18n/languages.ts';
import type { RouteMiddlewareName } from '../../core/routing/middleware-names.ts';
import type { MiddlewareSwitches } from '../../core/routing/path-rules.ts';
import { localizePath } from '../../core/routing/paths.ts';
import type { Services } from '../../core/services.ts';

/** Per-path middleware switches from the path rules, set by the root middleware. */
export const middlewareSwitchesContext = createContext<MiddlewareSwitches>({});

export interface RouteMiddlewareArgs {
  url: URL;
  lang: Lang;
  /** The page name from core/routing/pages.ts. */
  page: string;
  params: Record<string, string>;
  services: Services;
  /** Raises the route-check 404 ('Page Not Found: {path}'). */
  notFound(): never;
}

export type RouteMiddleware = (args: RouteMiddlewareArgs) => void | Promise<void>;

/** The named route middlewares of SPEC §8; the type makes every registered name implemented. */
export const ROUTE_MIDDLEWARES: Record<RouteMiddlewareName, RouteMiddleware> = {
  // A published article: a section name (`/blog/page` without a number), a draft or an unknown
  // slug is not found.
  'blog-article': async ({ params, services, notFound }) => {
    const slug = params.slug ?? '';
    if (BLOG_SECTIONS.has(slug) || !(await services.blog.isPublished(slug))) notFound();
  },
  // Two different coins of the catalogue, in their canonical order (the better-ranked coin first):
  // /compare/eth-vs-btc is the same page as /compare/btc-vs-eth.
  'compare-pair': async ({ url, lang, params, services, notFound }) => {
    if (params.from === params.to) notFound();
    const order = await services.directory.comparisonOrder(params.from ?? '', params.to ?? '');
    if (!order) return notFound();
    const [first, second] = order;
    if (first.code !== params.from) {
      throw redirect(`${localizePath(lang, `/compare/${first.code}-vs-${second.code}`)}${url.search}`, 301);
    }
  },
  // A coin is never exchanged for itself, and both must be in the catalogue. (Codes are lowercase
  // by then: path normalisation answers capitals with a 301.)
  'exchange-pair': async ({ params, services, notFound }) => {
    if (params.from === params.to) notFound();
    const [from, to] = await Promise.all([
      services.directory.coin(params.from ?? ''),
      services.directory.coin(params.to ?? ''),
    ]);
    if (!from || !to) notFound();
  },
  // A token of each network's list (the symbol, lowercase, then the network), two networks apart.
  'cross-chain-pair': async ({ params, services, notFound }) => {
    const [from, to] = await Promise.all([
      findNetworkToken(services, params.fromToken ?? ''),
      findNetworkToken(services, params.toToken ?? ''),
    ]);
    if (!from || !to || from.network.id === to.network.id) notFound();
  },
  // A fiat currency a provider takes and a coin of the catalogue, currency first:
  // /fiat/exchange/btc-to-usd is the same page as /fiat/exchange/usd-to-btc.
  'fiat-exchange-pair': async ({ url, lang, params, services, notFound }) => {
    const from = params.from ?? '';
    const to = params.to ?? '';
    if (from === to) notFound();
    const [fromFiat, toFiat, fromCoin, toCoin] = await Promise.all([
      services.fiat.currency(from),
      services.fiat.currency(to),
      services.catalogue.coin(from),
      services.catalogue.coin(to),
    ]);
    if (fromFiat && toCoin) return;
    if (fromCoin && toFiat) {
      throw redirect(`${localizePath(lang, `/fiat/exchange/${to}-to-${from}`)}${url.search}`, 301);
    }
    notFound();
  },
  // The first widget is retired: /widget sends its embeds, with their query, to /v2/widget. A
  // `lang` in the query (one of the 14) becomes the address's language prefix.
  'widget-v2-redirect': ({ url, lang, page }) => {
    const asked = url.searchParams.get('lang')?.toLowerCase();
    const target = isLang(asked) ? asked : lang;
    if (page !== 'widget' && !url.searchParams.has('lang')) return;
    const search = new URLSearchParams(url.search);
    search.delete('lang');
    const query = search.toString();
    throw redirect(`${localizePath(target, '/v2/widget')}${query ? `?${query}` : ''}`, 302);
  },
};
