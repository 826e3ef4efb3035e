import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { currencyName } from '../../core/i18n/display-names.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { type PageData, resolvePage } from '../routing/page-loader.server.ts';

/** SPEC §2 custom pages: one page for custom exchange pairs (fiat to coin) and custom comparisons. */
export type CustomKind = 'exchange-pairs' | 'compare';

export interface CustomOption {
  code: string;
  label: string;
}

export interface CustomLink {
  path: string;
  from: string;
  to: string;
}

export interface CustomListData extends PageData {
  kind: CustomKind;
  from: CustomOption[];
  to: CustomOption[];
  /** The two values picked (the form's values after a refused pick), else the first of each list. */
  picked: { from: string; to: string };
  /** Set when a pick was refused: the two are no pair (or the same coin). */
  refused: boolean;
  popular: CustomLink[];
}

/** Links under the form. */
const POPULAR = 12;

const param = (url: URL, name: string) => (url.searchParams.get(name) ?? '').trim().toLowerCase();

/**
 * `/custom/exchange-pairs` and `/custom/compare`: pick two and go. The form is a plain GET form,
 * so the pick works without JavaScript: a pair that exists answers 302 to its page (the fiat
 * exchange page, or the comparison in its canonical order); anything else the page again with 422
 * and a message. Below the form, the popular pairs of the kind as links.
 */
export async function loadCustomList(args: LoaderFunctionArgs) {
  const page = resolvePage(args);
  const kind: CustomKind = page.page === 'custom-compare' ? 'compare' : 'exchange-pairs';
  const { services } = args.context.get(requestStateContext);
  const url = new URL(args.request.url);
  const asked = { from: param(url, 'from'), to: param(url, 'to') };
  const picking = url.searchParams.has('from') || url.searchParams.has('to');

  let body: Omit<CustomListData, keyof PageData | 'kind' | 'picked' | 'refused'>;
  let target: string | null = null;
  if (kind === 'compare') {
    const { directory } = services;
    const [coins, list] = await Promise.all([directory.coins(), directory.comparisons()]);
    const option = (coin: { code: string; name: string }) => ({
      code: coin.code,
      label: `${coin.code.toUpperCase()} · ${coin.name}`,
    });
    const popular: CustomLink[] = [];
    for (let k = 0; k < Math.min(POPULAR, list.count); k++) {
      const { from, to } = list.at(k);
      popular.push({ path: `/compare/${from.code}-vs-${to.code}`, from: from.name, to: to.name });
    }
    body = { from: coins.map(option), to: coins.map(option), popular };
    if (picking) {
      const order = await directory.comparisonOrder(asked.from, asked.to);
      if (order) target = `/compare/${order[0].code}-vs-${order[1].code}`;
    }
  } else {
    const [pairs, coins] = await Promise.all([services.fiat.pairs(), services.catalogue.coins()]);
    const offered = pairs.filter((pair) => pair.providers.length > 0);
    const coinName = new Map(coins.map((coin) => [coin.code, coin.name]));
    const fiat = new Map<string, CustomOption>();
    const coin = new Map<string, CustomOption>();
    for (const pair of offered) {
      if (!fiat.has(pair.fiat.code))
        fiat.set(pair.fiat.code, {
          code: pair.fiat.code,
          label: `${pair.fiat.code.toUpperCase()} · ${currencyName(page.lang, pair.fiat.code, pair.fiat.name)}`,
        });
      if (!coin.has(pair.coin))
        coin.set(pair.coin, {
          code: pair.coin,
          label: `${pair.coin.toUpperCase()} · ${coinName.get(pair.coin) ?? pair.coin.toUpperCase()}`,
        });
    }
    // The leading currencies' best-known coins: three coins for each of the first four currencies.
    const popular = [...fiat.keys()].slice(0, 4).flatMap((code) =>
      offered
        .filter((pair) => pair.fiat.code === code)
        .slice(0, 3)
        .map((pair) => ({
          path: `/fiat/exchange/${pair.fiat.code}-to-${pair.coin}`,
          from: pair.fiat.code.toUpperCase(),
          to: coinName.get(pair.coin) ?? pair.coin.toUpperCase(),
        })),
    );
    body = { from: [...fiat.values()], to: [...coin.values()], popular };
    if (picking && offered.some((pair) => pair.fiat.code === asked.from && pair.coin === asked.to))
      target = `/fiat/exchange/${asked.from}-to-${asked.to}`;
  }
  if (target) throw redirect(localizePath(page.lang, target), 302);

  const known = (options: CustomOption[], code: string, fallback: number) =>
    options.some((option) => option.code === code) ? code : (options[fallback]?.code ?? '');
  const result: CustomListData = {
    ...page,
    kind,
    ...body,
    picked: {
      from: known(body.from, asked.from, 0),
      to: known(body.to, asked.to, kind === 'compare' ? 1 : 0),
    },
    refused: picking,
  };
  return picking ? data(result, { status: 422 }) : result;
}
