import { DECIMAL_PATTERN, type RateType } from '../exchange/types.ts';

/**
 * The swap conversation's steps as a reducer: where a chat stands (`ChatState`, kept in
 * telegram_chats.state) and what each answer of the visitor makes of it. Pure: the handlers
 * (core/bot/conversation.ts) look things up, call the services and send the replies; what the next
 * step is, is decided here alone.
 */

/** A coin on one network, as the conversation keeps it. */
export interface ChosenAsset {
  coin: string;
  network: string;
}

type Order = {
  from: ChosenAsset;
  to: ChosenAsset;
  amount: string;
  rateType: RateType;
  quoteId?: string;
};

/** Where a chat's swap conversation stands. */
export type ChatState =
  | { step: 'idle' }
  | { step: 'from' }
  | { step: 'to'; from: ChosenAsset }
  | { step: 'amount'; from: ChosenAsset; to: ChosenAsset }
  | { step: 'rate'; from: ChosenAsset; to: ChosenAsset; amount: string; fixedQuoteId?: string }
  | ({ step: 'address' } & Order)
  | ({ step: 'memo'; address: string } & Order)
  | ({ step: 'refund'; address: string; memo?: string } & Order);

export type StepOf<S extends ChatState['step']> = Extract<ChatState, { step: S }>;

export const IDLE: ChatState = { step: 'idle' };

/** The first question of a swap: which coin to send. */
export function startSwap(): ChatState {
  return { step: 'from' };
}

/** A coin picked at the `from` or `to` step; null when it is the coin being sent (asked again). */
export function pickAsset(state: StepOf<'from' | 'to'>, pick: ChosenAsset): ChatState | null {
  if (state.step === 'from') return { step: 'to', from: pick };
  if (pick.coin === state.from.coin && pick.network === state.from.network) return null;
  return { step: 'amount', from: state.from, to: pick };
}

/** A typed amount as the API takes it (`0,5` and `1 000` read as 0.5 and 1000), or null. */
export function parseAmount(text: string): string | null {
  const value = text.replace(',', '.').replace(/\s/g, '');
  return DECIMAL_PATTERN.test(value) && Number(value) > 0 ? value : null;
}

/** The amount quoted: the rate to choose next, with the fixed quote when there is one. */
export function quoted(state: StepOf<'amount'>, amount: string, fixedQuoteId?: string): ChatState {
  return { step: 'rate', from: state.from, to: state.to, amount, ...(fixedQuoteId ? { fixedQuoteId } : {}) };
}

/** The rate chosen; null for a fixed rate without a fixed quote (the button was never offered). */
export function chooseRate(state: StepOf<'rate'>, rateType: RateType): ChatState | null {
  if (rateType === 'fixed' && !state.fixedQuoteId) return null;
  return {
    step: 'address',
    from: state.from,
    to: state.to,
    amount: state.amount,
    rateType,
    ...(rateType === 'fixed' && state.fixedQuoteId ? { quoteId: state.fixedQuoteId } : {}),
  };
}

/** A valid payout address: the memo next on a network that has one, else the refund address. */
export function withPayoutAddress(
  state: StepOf<'address'>,
  address: string,
  networkHasMemo: boolean,
): ChatState {
  return networkHasMemo ? { ...state, step: 'memo', address } : { ...state, step: 'refund', address };
}

/** The memo given (or skipped): the refund address is the last question. */
export function withMemo(state: StepOf<'memo'>, memo?: string): ChatState {
  return { ...state, step: 'refund', ...(memo ? { memo } : {}) };
}

/**
 * Where a refused swap creation leaves the chat: an expired fixed rate or a provider's failure starts
 * over from the amount (`retry` true: the chat is asked for it again); a refused payout address or
 * memo asks for them again; a refused refund address stays at the refund question.
 */
export function afterRefusal(
  state: StepOf<'refund'>,
  refused: { field?: string | undefined } | 'quote',
): { state: ChatState; retryAmount: boolean } {
  const field = refused === 'quote' ? undefined : refused.field;
  if (field?.startsWith('refund')) return { state, retryAmount: false };
  if (field?.startsWith('payout')) {
    const { address: _address, memo: _memo, ...order } = state;
    return { state: { ...order, step: 'address' }, retryAmount: false };
  }
  return { state: { step: 'amount', from: state.from, to: state.to }, retryAmount: true };
}
