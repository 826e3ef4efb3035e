import { describe, expect, it } from 'vitest';
import type { TFunction } from '../i18n/i18n.ts';
import { ApiProblem } from '../lib/api-client.ts';
import type { AddressState } from './api-hooks.ts';
import {
  AUTO_REFRESH_MS,
  fieldErrors,
  firstInvalid,
  INITIAL_SWAP_CREATE,
  isPromoProblem,
  memoInvalid,
  notifyEmail,
  promoOutcome,
  type SwapCreateAction,
  type SwapCreateRules,
  type SwapCreateState,
  submitFailure,
  swapAddresses,
  swapCreateReducer,
} from './swap-create-state.ts';
import type { Quote } from './types.ts';

/** A translation that shows the key and its values, so the tests see which text was chosen. */
const t: TFunction = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

function run(...actions: SwapCreateAction[]): SwapCreateState {
  return actions.reduce(swapCreateReducer, INITIAL_SWAP_CREATE);
}

const RULES: SwapCreateRules = {
  payoutNetwork: 'Ethereum',
  refundNetwork: 'Bitcoin',
  payoutMemoRequired: false,
  payoutMemoLabel: 'Memo',
  refundMemoLabel: 'Memo',
};
const IDLE: AddressState = { status: 'idle' };
const VALID: AddressState = { status: 'valid' };

function quote(serviceFee: string): Quote {
  return {
    rateType: 'float',
    from: 'btc',
    fromNetwork: 'bitcoin',
    to: 'eth',
    toNetwork: 'ethereum',
    amountFrom: '0.1',
    amountTo: '3.2',
    rate: '32',
    min: '0.001',
    max: '10',
    provider: 'p',
    providerName: 'P',
    networkFee: '0.001',
    serviceFee,
    reverse: false,
    offers: [],
    eta: null,
    usd: { from: null, to: null },
  };
}

describe('field edits', () => {
  it('keep what is typed', () => {
    const state = run(
      { type: 'edit', field: 'payoutAddress', value: '0xabc' },
      { type: 'edit', field: 'payoutMemo', value: '12' },
      { type: 'edit', field: 'refundAddress', value: 'bc1q' },
      { type: 'edit', field: 'refundMemo', value: '34' },
      { type: 'edit', field: 'promoCode', value: 'zerofee' },
      { type: 'terms', checked: true },
    );
    expect(state).toMatchObject({
      payoutAddress: '0xabc',
      payoutMemo: '12',
      refundAddress: 'bc1q',
      refundMemo: '34',
      promoCode: 'zerofee',
      promo: undefined,
      terms: true,
    });
  });

  it('clear the edited field’s error and only that one', () => {
    const invalid = run({
      type: 'validated',
      errors: { payoutAddress: 'required', terms: 'tick', promoCode: 'bad code' },
    });
    const edited = swapCreateReducer(invalid, { type: 'edit', field: 'payoutAddress', value: '0x' });
    expect(edited.errors).toEqual({ terms: 'tick', promoCode: 'bad code' });
    const ticked = swapCreateReducer(edited, { type: 'terms', checked: true });
    expect(ticked.errors).toEqual({ promoCode: 'bad code' });
    const promo = swapCreateReducer(ticked, { type: 'edit', field: 'promoCode', value: 'X' });
    expect(promo.errors).toEqual({});
    // Without an error to clear, the errors stay as they are.
    expect(swapCreateReducer(promo, { type: 'edit', field: 'refundMemo', value: '1' }).errors).toBe(
      promo.errors,
    );
  });
});

describe('promo code', () => {
  it('applies the trimmed code and clears its error', () => {
    const state = run(
      { type: 'validated', errors: { promoCode: 'refused' } },
      { type: 'edit', field: 'promoCode', value: '  ZEROFEE ' },
      { type: 'applyPromo' },
    );
    expect(state.promo).toBe('ZEROFEE');
    expect(state.errors.promoCode).toBeUndefined();
  });

  it('removes the code when the field is emptied and applied', () => {
    const state = run(
      { type: 'edit', field: 'promoCode', value: 'ZEROFEE' },
      { type: 'applyPromo' },
      { type: 'edit', field: 'promoCode', value: '   ' },
      { type: 'applyPromo' },
    );
    expect(state.promo).toBeUndefined();
  });

  it('drops a code the quote refuses, with the reason next to the field', () => {
    const applied = run({ type: 'edit', field: 'promoCode', value: 'NOPE' }, { type: 'applyPromo' });
    const refused = swapCreateReducer(applied, { type: 'quoteFailed', promoRefusal: 'Unknown promo code' });
    expect(refused.promo).toBeUndefined();
    expect(refused.promoCode).toBe('NOPE');
    expect(refused.errors.promoCode).toBe('Unknown promo code');
  });

  it('keeps the code when the quote fails for another reason, and ignores a refusal without a code', () => {
    const applied = run({ type: 'edit', field: 'promoCode', value: 'ZEROFEE' }, { type: 'applyPromo' });
    expect(swapCreateReducer(applied, { type: 'quoteFailed', promoRefusal: null })).toBe(applied);
    expect(swapCreateReducer(INITIAL_SWAP_CREATE, { type: 'quoteFailed', promoRefusal: 'x' })).toBe(
      INITIAL_SWAP_CREATE,
    );
  });

  it('knows a promo problem by its field or code', () => {
    expect(isPromoProblem(new ApiProblem(422, 'invalid_input', '', 'promoCode'))).toBe(true);
    expect(isPromoProblem(new ApiProblem(422, 'promo_expired', ''))).toBe(true);
    expect(isPromoProblem(new ApiProblem(422, 'amount_below_min', '', 'amount'))).toBe(false);
  });

  it('shows as applied without a service fee, ignored with one, nothing otherwise', () => {
    const ready = (fee: string) => ({ status: 'ready', data: quote(fee) });
    expect(promoOutcome('ZEROFEE', ready('0'))).toBe('applied');
    expect(promoOutcome('ZEROFEE', ready('0.000'))).toBe('applied');
    expect(promoOutcome('ZEROFEE', ready('0.01'))).toBe('ignored');
    expect(promoOutcome(undefined, ready('0'))).toBeNull();
    expect(promoOutcome('ZEROFEE', { status: 'loading', data: quote('0') })).toBeNull();
    expect(promoOutcome('ZEROFEE', { status: 'idle', data: null })).toBeNull();
  });
});

describe('quote life', () => {
  it('clears the summary error once a quote is ready', () => {
    const failed = run({ type: 'submitFailed', failure: { target: 'summary', message: 'Quote expired' } });
    expect(failed.summaryError).toBe('Quote expired');
    expect(swapCreateReducer(failed, { type: 'quoteReady' }).summaryError).toBeNull();
    expect(swapCreateReducer(INITIAL_SWAP_CREATE, { type: 'quoteReady' })).toBe(INITIAL_SWAP_CREATE);
  });

  it('refreshes an expired quote by itself at most once in 10 s, then waits for the visitor', () => {
    const at = 1_700_000_000_000;
    const first = run({ type: 'quoteExpired', at });
    expect(first).toMatchObject({ refresh: 1, lastAutoRefresh: at, stale: false });
    const soon = swapCreateReducer(first, { type: 'quoteExpired', at: at + AUTO_REFRESH_MS });
    expect(soon).toMatchObject({ refresh: 1, stale: true });
    const asked = swapCreateReducer(soon, { type: 'newRate' });
    expect(asked.refresh).toBe(2);
    // The new quote loading takes the "expired" note away.
    expect(swapCreateReducer(asked, { type: 'quoteLoading' }).stale).toBe(false);
    const later = swapCreateReducer(first, { type: 'quoteExpired', at: at + AUTO_REFRESH_MS + 1 });
    expect(later).toMatchObject({ refresh: 2, lastAutoRefresh: at + AUTO_REFRESH_MS + 1, stale: false });
  });

  it('leaves the state alone when a quote loads and nothing is stale', () => {
    expect(swapCreateReducer(INITIAL_SWAP_CREATE, { type: 'quoteLoading' })).toBe(INITIAL_SWAP_CREATE);
  });
});

describe('fieldErrors', () => {
  const filled = run(
    { type: 'edit', field: 'payoutAddress', value: ' 0xabc ' },
    { type: 'terms', checked: true },
  );

  it('finds nothing in a complete form', () => {
    expect(fieldErrors(filled, { payout: VALID, refund: IDLE }, RULES, t)).toEqual({});
    // An address still being checked (or not checkable) does not hold the form back.
    expect(fieldErrors(filled, { payout: { status: 'checking' }, refund: IDLE }, RULES, t)).toEqual({});
    expect(fieldErrors(filled, { payout: { status: 'unknown' }, refund: IDLE }, RULES, t)).toEqual({});
  });

  it('asks for the payout address and the terms', () => {
    const errors = fieldErrors(INITIAL_SWAP_CREATE, { payout: IDLE, refund: IDLE }, RULES, t);
    expect(errors).toEqual({
      payoutAddress: 'exchange.create.errors.addressRequired',
      terms: 'exchange.create.errors.terms',
    });
    expect(firstInvalid(errors)).toBe('payoutAddress');
  });

  it('says why an address is invalid, with its network', () => {
    const refund = swapCreateReducer(filled, { type: 'edit', field: 'refundAddress', value: 'bc1' });
    const errors = fieldErrors(
      refund,
      { payout: { status: 'invalid', reason: 'checksum' }, refund: { status: 'invalid' } },
      RULES,
      t,
    );
    expect(errors).toEqual({
      payoutAddress: 'exchange.address.reasons.checksum {"network":"Ethereum"}',
      refundAddress: 'exchange.address.invalid {"network":"Bitcoin"}',
    });
  });

  it('ignores the refund address check while the field is empty', () => {
    expect(fieldErrors(filled, { payout: VALID, refund: { status: 'invalid' } }, RULES, t)).toEqual({});
  });

  it('asks for a required memo and refuses an invalid one', () => {
    const rules = { ...RULES, payoutMemoRequired: true, payoutMemoLabel: 'Destination tag' };
    expect(fieldErrors(filled, { payout: VALID, refund: IDLE }, rules, t)).toEqual({
      payoutMemo: 'exchange.create.errors.memoRequired {"memo":"Destination tag"}',
    });
    const memo = swapCreateReducer(filled, { type: 'edit', field: 'payoutMemo', value: 'abc' });
    expect(
      fieldErrors(memo, { payout: { status: 'valid', memoValid: false }, refund: IDLE }, rules, t),
    ).toEqual({
      payoutMemo: 'exchange.create.errors.memoInvalid {"memo":"Destination tag"}',
    });
    expect(
      fieldErrors(memo, { payout: { status: 'valid', memoValid: true }, refund: IDLE }, rules, t),
    ).toEqual({});
  });

  it('refuses an invalid refund memo', () => {
    const memo = run(
      { type: 'edit', field: 'payoutAddress', value: '0xabc' },
      { type: 'edit', field: 'refundAddress', value: 'r1' },
      { type: 'edit', field: 'refundMemo', value: 'x' },
      { type: 'terms', checked: true },
    );
    expect(
      fieldErrors(memo, { payout: VALID, refund: { status: 'invalid', memoValid: false } }, RULES, t),
    ).toEqual({
      refundAddress: 'exchange.address.invalid {"network":"Bitcoin"}',
      refundMemo: 'exchange.create.errors.memoInvalid {"memo":"Memo"}',
    });
  });

  it('orders the fields as the form does', () => {
    expect(firstInvalid({ terms: 'x', refundMemo: 'y' })).toBe('refundMemo');
    expect(firstInvalid({})).toBeUndefined();
  });
});

describe('memoInvalid', () => {
  it('is true only when a finished check says the memo is not valid', () => {
    expect(memoInvalid({ status: 'valid', memoValid: false })).toBe(true);
    expect(memoInvalid({ status: 'invalid', memoValid: false })).toBe(true);
    expect(memoInvalid({ status: 'valid', memoValid: true })).toBe(false);
    expect(memoInvalid({ status: 'valid' })).toBe(false);
    expect(memoInvalid({ status: 'checking' })).toBe(false);
  });
});

describe('submit', () => {
  it('shows the errors found and clears the form alert', () => {
    const alerted = run({ type: 'noQuote', message: 'No quote' });
    expect(alerted.formError).toBe('No quote');
    const checked = swapCreateReducer(alerted, { type: 'validated', errors: { terms: 'tick' } });
    expect(checked).toMatchObject({ errors: { terms: 'tick' }, formError: null });
    expect(swapCreateReducer(checked, { type: 'validated', errors: {} }).errors).toEqual({});
  });

  it('is under way until the server answers', () => {
    const sending = run({ type: 'submit' });
    expect(sending.submitting).toBe(true);
    const failed = swapCreateReducer(sending, {
      type: 'submitFailed',
      failure: { target: 'form', message: 'Oops' },
    });
    expect(failed).toMatchObject({ submitting: false, formError: 'Oops' });
  });

  it('puts a field problem next to its field alone', () => {
    const state = run(
      { type: 'validated', errors: { terms: 'tick' } },
      { type: 'submit' },
      { type: 'submitFailed', failure: { target: 'field', field: 'payoutAddress', message: 'Bad address' } },
    );
    expect(state).toMatchObject({ submitting: false, errors: { payoutAddress: 'Bad address' } });
    expect(state.errors.terms).toBeUndefined();
  });

  it('puts a quote problem in the summary and asks for a new quote', () => {
    const state = run(
      { type: 'submit' },
      { type: 'submitFailed', failure: { target: 'summary', message: 'Rate expired' } },
    );
    expect(state).toMatchObject({ submitting: false, summaryError: 'Rate expired', refresh: 1 });
  });

  it('sorts the server’s problems by field and code', () => {
    expect(submitFailure(new ApiProblem(422, 'invalid_address', '', 'payoutAddress'), 'm')).toEqual({
      target: 'field',
      field: 'payoutAddress',
      message: 'm',
    });
    expect(submitFailure(new ApiProblem(422, 'promo_unknown', '', 'promoCode'), 'm').target).toBe('field');
    expect(submitFailure(new ApiProblem(409, 'expired', '', 'quoteId'), 'm').target).toBe('summary');
    expect(submitFailure(new ApiProblem(422, 'amount_above_max', '', 'amount'), 'm').target).toBe('summary');
    expect(submitFailure(new ApiProblem(409, 'quote_expired', ''), 'm').target).toBe('summary');
    expect(submitFailure(new ApiProblem(503, 'provider_unavailable', ''), 'm')).toEqual({
      target: 'form',
      message: 'm',
    });
    expect(submitFailure(new ApiProblem(400, 'invalid_input', '', 'rateType'), 'm').target).toBe('form');
  });

  it('sends trimmed addresses, leaving out empty ones and a refund memo without a refund address', () => {
    const state = run(
      { type: 'edit', field: 'payoutAddress', value: ' 0xabc ' },
      { type: 'edit', field: 'payoutMemo', value: '  ' },
      { type: 'edit', field: 'refundMemo', value: '99' },
    );
    expect(swapAddresses(state)).toEqual({ payoutAddress: '0xabc' });
    const refund = swapCreateReducer(state, { type: 'edit', field: 'refundAddress', value: ' r1 ' });
    expect(swapAddresses(refund)).toEqual({ payoutAddress: '0xabc', refundAddress: 'r1', refundMemo: '99' });
    const memo = swapCreateReducer(refund, { type: 'edit', field: 'payoutMemo', value: ' 7 ' });
    expect(swapAddresses(memo)).toMatchObject({ payoutMemo: '7' });
  });
});

describe('the optional email', () => {
  const filled = run(
    { type: 'edit', field: 'payoutAddress', value: '0xabc' },
    { type: 'terms', checked: true },
  );

  it('is never required, and sent trimmed and lowercased only when given', () => {
    expect(fieldErrors(filled, { payout: VALID, refund: IDLE }, RULES, t)).toEqual({});
    expect(notifyEmail(filled)).toEqual({});
    const given = swapCreateReducer(filled, { type: 'edit', field: 'email', value: ' Me@Example.COM ' });
    expect(fieldErrors(given, { payout: VALID, refund: IDLE }, RULES, t)).toEqual({});
    expect(notifyEmail(given)).toEqual({ email: 'me@example.com' });
  });

  it('is refused beside the field when it is not an address, and a server refusal lands there too', () => {
    const bad = swapCreateReducer(filled, { type: 'edit', field: 'email', value: 'me@example' });
    const errors = fieldErrors(bad, { payout: VALID, refund: IDLE }, RULES, t);
    expect(errors).toEqual({ email: 'swapNotify.field.invalid' });
    expect(firstInvalid(errors)).toBe('email');
    const problem = new ApiProblem(422, 'invalid_email', 'Please use a valid email address.', 'email');
    expect(submitFailure(problem, problem.message)).toEqual({
      target: 'field',
      field: 'email',
      message: 'Please use a valid email address.',
    });
  });
});
