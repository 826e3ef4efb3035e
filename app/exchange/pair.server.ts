import { publicCoin } from '../../core/catalogue/catalogue.ts';
import type { Services } from '../../core/services.ts';
import { isPositiveAmount } from './format.ts';
import { readSwapSearch, type SwapQuery } from './query.ts';
import type { Coin, Side } from './types.ts';

export const DEFAULT_FROM = 'btc';
export const DEFAULT_TO = 'eth';

/** One side of a pair for the exchange form: the coin on the given network (its main one by default). */
export async function side(services: Services, code: string, network?: string): Promise<Side | null> {
  const coin = await services.catalogue.coin(code);
  if (!coin) return null;
  const view: Coin = publicCoin(coin);
  const chosen = network
    ? view.networks.find((candidate) => candidate.network === network)
    : view.networks[0];
  // The page needs the chosen network only; the picker's list brings every coin whole.
  return chosen ? { coin: { ...view, networks: [chosen] }, network: chosen.network } : null;
}

export interface PairData {
  from: Side | null;
  to: Side | null;
}

/** The default pair BTC → ETH that the exchange form renders on the server. */
export async function defaultPair(services: Services): Promise<PairData> {
  const [from, to] = await Promise.all([side(services, DEFAULT_FROM), side(services, DEFAULT_TO)]);
  return { from, to };
}

export interface SwapStepData extends PairData {
  /** The swap step's pair, amount and rate type when the query names a complete, known one. */
  step: SwapQuery | null;
}

/**
 * Reads /swap's query: a complete, known pair with a positive amount opens the swap step; anything
 * less shows the form, prefilled with whatever side is known (the default pair otherwise).
 */
export async function swapStep(services: Services, url: URL): Promise<SwapStepData> {
  const query = readSwapSearch(url.searchParams);
  const [from, to, defaults] = await Promise.all([
    query.from ? side(services, query.from, query.fromNetwork) : null,
    query.to ? side(services, query.to, query.toNetwork) : null,
    defaultPair(services),
  ]);
  const pair = { from: from ?? defaults.from, to: to ?? defaults.to };
  const complete =
    from &&
    to &&
    query.amount &&
    isPositiveAmount(query.amount) &&
    !(from.coin.code === to.coin.code && from.network === to.network);
  return {
    ...pair,
    step:
      complete && from && to
        ? {
            from: from.coin.code,
            fromNetwork: from.network,
            to: to.coin.code,
            toNetwork: to.network,
            amount: query.amount as string,
            rateType: query.rateType ?? 'float',
            ...(query.provider ? { provider: query.provider } : {}),
          }
        : null,
  };
}
