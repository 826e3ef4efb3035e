import type { DexQuotesView, DexRouteView } from '../../core/dex/contract.ts';
import { NATIVE_TOKEN, parseUnits } from '../../core/dex/networks.ts';
import type { DexServerQuote } from './dex.server.ts';

const NATIVE = NATIVE_TOKEN.toLowerCase();

/** Stablecoins a first visit buys with the network's gas token, in order of preference. */
const DEFAULT_BUY = ['USDC', 'USDT', 'DAI'];

export const SLIPPAGE_PRESETS = ['0.1', '0.5', '1'];
const DEFAULT_SLIPPAGE = '0.5';

interface Token {
  address: string;
  symbol: string;
  decimals: number;
}

/** The DEX quote form as the visitor left it. */
export interface DexForm {
  sell: string;
  buy: string;
  amount: string;
  slippage: string;
}

export type DexFormAction =
  | { type: 'sell' | 'buy'; address: string }
  | { type: 'amount' | 'slippage'; value: string }
  /** Another network's token list: its default pair, amount and slippage kept. */
  | { type: 'tokens'; tokens: readonly Token[] };

/** The pair the form starts with: the network's gas token for a stablecoin, as DEX front ends open. */
export function defaultPair(tokens: readonly { address: string; symbol: string }[]): {
  sell: string;
  buy: string;
} {
  const sell = tokens.find((token) => token.address === NATIVE) ?? tokens[0];
  const buy =
    DEFAULT_BUY.map((symbol) => tokens.find((token) => token.symbol === symbol)).find(
      (token) => token && token !== sell,
    ) ?? tokens.find((token) => token !== sell);
  return { sell: sell?.address ?? '', buy: buy?.address ?? '' };
}

/** The form of a first render: the GET the server answered (no JavaScript yet), else the default pair. */
export function initialDexForm(server: DexServerQuote | null, tokens: readonly Token[]): DexForm {
  const pair = defaultPair(tokens);
  return {
    sell: server?.sell ?? pair.sell,
    buy: server?.buy ?? pair.buy,
    amount: server?.amount ?? '',
    slippage: server?.slippage ?? DEFAULT_SLIPPAGE,
  };
}

/** A decimal typed with a comma is read with a point. */
const decimal = (value: string) => value.replace(',', '.');

export function dexFormReducer(form: DexForm, action: DexFormAction): DexForm {
  switch (action.type) {
    case 'sell':
      return { ...form, sell: action.address };
    case 'buy':
      return { ...form, buy: action.address };
    case 'amount':
      return { ...form, amount: decimal(action.value) };
    case 'slippage':
      return { ...form, slippage: decimal(action.value) };
    case 'tokens':
      return { ...form, ...defaultPair(action.tokens) };
  }
}

/** Slippage in basis points: a percentage with at most two decimals, 0–50 %; null otherwise. */
export function slippageBps(slippage: string): number | null {
  const text = slippage.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const bps = Math.round(Number(text) * 100);
  return bps <= 5_000 ? bps : null;
}

/** What the form asks for: its tokens, the amount in base units (null: unreadable), its quote path. */
export interface DexQuoteRequest<T extends Token> {
  sellToken: T | undefined;
  buyToken: T | undefined;
  sellAmount: bigint | null;
  slippageValid: boolean;
  /** GET /api/v1/dex/quotes for the form (for `taker`'s wallet), or null when it asks for nothing. */
  path: string | null;
}

export function dexQuoteRequest<T extends Token>(
  form: DexForm,
  tokens: readonly T[],
  network: { id: string; available: boolean },
  taker: string | null,
): DexQuoteRequest<T> {
  const sellToken = tokens.find((token) => token.address === form.sell);
  const buyToken = tokens.find((token) => token.address === form.buy);
  const sellAmount = sellToken && form.amount ? parseUnits(form.amount, sellToken.decimals) : null;
  const bps = slippageBps(form.slippage);
  const path =
    network.available && sellToken && buyToken && sellAmount && sellAmount > 0n && bps !== null
      ? `/api/v1/dex/quotes?${new URLSearchParams({
          network: network.id,
          sellToken: sellToken.address,
          buyToken: buyToken.address,
          sellAmount: sellAmount.toString(),
          slippageBps: String(bps),
          ...(taker ? { taker } : {}),
        })}`
      : null;
  return { sellToken, buyToken, sellAmount, slippageValid: bps !== null, path };
}

/**
 * The routes on show: the live answer, else the server's for the form exactly as it was sent
 * (until a live answer or problem comes), with the problem of whichever stands.
 */
export function shownQuotes(
  form: DexForm,
  server: DexServerQuote | null,
  live: { quotes: DexQuotesView | null; loading: boolean; problem: string | null },
): { quotes: DexQuotesView | null; problem: string | null } {
  const asSent =
    !!server && server.sell === form.sell && server.buy === form.buy && server.amount === form.amount;
  return {
    quotes: live.quotes ?? (asSent && !live.problem ? server.quotes : null),
    problem: live.problem ?? (asSent && !live.quotes && !live.loading ? server.problem : null),
  };
}

/** The transaction the wallet sends next for the best route: an approval first when it needs one. */
export function dexNextAction(best: DexRouteView | null, ready: boolean): 'approve' | 'send' | null {
  if (!ready || !best) return null;
  if (best.approvalRequired) return 'approve';
  return best.transaction ? 'send' : null;
}
