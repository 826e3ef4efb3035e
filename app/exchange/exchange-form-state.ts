import type { PairKey } from './api-hooks.ts';
import { cleanAmount, isPositiveAmount, shortAmount, typingAmount } from './format.ts';
import type { SwapQuery } from './query.ts';
import type { PairInfo, Quote, QuoteRequest, RateType, Side } from './types.ts';

/** Which amount the visitor typed: what to send, or (a reverse quote) what to receive. */
export type AmountSide = 'send' | 'receive';

/** What the exchange form holds: the two sides, the amount as typed, the rate type chosen. */
export interface ExchangeFormState {
  from: Side | null;
  to: Side | null;
  /** The amount as typed, in `from` units, or in `to` units when `side` is 'receive'. */
  amount: string;
  side: AmountSide;
  /** The provider whose offer the visitor took instead of the best; null for the best. */
  provider: string | null;
  rateType: RateType;
  /** The pair (pairKey) whose quote refused a fixed rate: fixed is off for it. */
  noFixedFor: string | null;
}

export type ExchangeFormAction =
  | { type: 'chooseFrom'; side: Side }
  | { type: 'chooseTo'; side: Side }
  | { type: 'reverse' }
  | { type: 'amount'; value: string }
  /** Typing in "You get": a reverse quote. */
  | { type: 'amountTo'; value: string }
  /** A limit clicked in a min/max message: it becomes the amount to send. */
  | { type: 'fill'; value: string }
  /** An offer taken from the offers table; null goes back to the best. */
  | { type: 'provider'; provider: string | null }
  | { type: 'rateType'; rateType: RateType }
  | { type: 'fixedRateRefused'; pair: string };

export function initialExchangeForm({
  from,
  to,
  amount,
  rateType,
}: {
  from: Side | null;
  to: Side | null;
  amount: string;
  rateType: RateType;
}): ExchangeFormState {
  return { from, to, amount, side: 'send', provider: null, rateType, noFixedFor: null };
}

export function sameAsset(a: Side | null, b: Side | null): boolean {
  return !!a && !!b && a.coin.code === b.coin.code && a.network === b.network;
}

export function exchangeFormReducer(state: ExchangeFormState, action: ExchangeFormAction): ExchangeFormState {
  switch (action.type) {
    // Choosing the other side's asset exchanges the two sides. A new pair starts from the best offer.
    case 'chooseFrom':
      return {
        ...state,
        from: action.side,
        to: sameAsset(action.side, state.to) ? state.from : state.to,
        provider: null,
      };
    case 'chooseTo':
      return {
        ...state,
        to: action.side,
        from: sameAsset(action.side, state.from) ? state.to : state.from,
        provider: null,
      };
    case 'reverse':
      return { ...state, from: state.to, to: state.from, provider: null };
    case 'provider':
      return { ...state, provider: action.provider };
    case 'amount':
    case 'fill':
      return { ...state, amount: typingAmount(action.value), side: 'send' };
    case 'amountTo':
      return { ...state, amount: typingAmount(action.value), side: 'receive' };
    case 'rateType':
      return { ...state, rateType: action.rateType };
    case 'fixedRateRefused':
      return state.noFixedFor === action.pair ? state : { ...state, noFixedFor: action.pair };
  }
}

/** The two sides with their networks, "btc:bitcoin>eth:ethereum"; '' while a side is missing. */
export function pairKeyOf({ from, to }: Pick<ExchangeFormState, 'from' | 'to'>): string {
  return from && to ? `${from.coin.code}:${from.network}>${to.coin.code}:${to.network}` : '';
}

/** The pair to ask about; null while a side is missing or both are the same asset. */
export function pairOf({ from, to }: Pick<ExchangeFormState, 'from' | 'to'>): PairKey | null {
  return from && to && !sameAsset(from, to)
    ? { from: from.coin.code, fromNetwork: from.network, to: to.coin.code, toNetwork: to.network }
    : null;
}

/** Whether the fixed rate can be chosen: not when the pair says no, nor after its quote refused it. */
export function fixedAvailable(state: ExchangeFormState, pairInfo: PairInfo | null): boolean {
  return pairInfo?.fixedRate !== false && state.noFixedFor !== pairKeyOf(state);
}

/** The rate type the quote uses: the chosen one, or float where fixed is not available. */
export function effectiveRate(state: ExchangeFormState, pairInfo: PairInfo | null): RateType {
  return fixedAvailable(state, pairInfo) ? state.rateType : 'float';
}

/** The quote to ask for (with amountTo when the visitor typed what to receive); null without a pair or a valid amount. */
export function quoteRequestOf(state: ExchangeFormState, pairInfo: PairInfo | null): QuoteRequest | null {
  const pair = pairOf(state);
  if (!pair || !isPositiveAmount(state.amount)) return null;
  const amount = cleanAmount(state.amount);
  const rateType = effectiveRate(state, pairInfo);
  const chosen = state.provider ? { provider: state.provider } : {};
  return state.side === 'receive'
    ? { ...pair, amountTo: amount, rateType, ...chosen }
    : { ...pair, amount, rateType, ...chosen };
}

/** True when the amount field shows an error: something typed that is not a positive amount. */
export function amountInvalid(amount: string): boolean {
  return amount.trim() !== '' && !isPositiveAmount(amount);
}

/**
 * What the two amount fields show: the one typed in as typed; the other the quote's side, once
 * the quote answers for that direction ('' until then).
 */
export function shownAmounts(
  { amount, side }: Pick<ExchangeFormState, 'amount' | 'side'>,
  shown: Quote | null,
): { send: string; receive: string } {
  if (side === 'receive')
    return { send: shown?.reverse ? shortAmount(shown.amountFrom) : '', receive: amount };
  return { send: amount, receive: shown && !shown.reverse ? shown.amountTo : '' };
}

/** The swap step a quote leads to; a reverse quote goes on with the amount to send it worked out. */
export function proceedQuery(request: QuoteRequest, side: AmountSide, quote: Quote): SwapQuery {
  const { amountTo: _typed, promoCode: _promo, ...pair } = request;
  const amount = side === 'receive' ? quote.amountFrom : (request.amount ?? '');
  return { ...pair, amount };
}
