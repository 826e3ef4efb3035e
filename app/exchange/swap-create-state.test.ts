import { describe, expect, it } from 'vitest';
import type { TFunction } from '../i18n/i18n.ts';
import { ApiProblem } from '../lib/api-client.ts';
import type { AddressState } from './api-hooks.ts';
import type { StepQuote } from './swap-create.server.ts';
import {
  AUTO_REFRESH_MS,
  afterPost,
  createSwapBody,
  fieldErrors,
  firstInvalid,
  INITIAL_SWAP_CREATE,
  isPromoProblem,
  memoInvalid,
  notifyEmail,
  promoOutcome,
  quoteExpiry,
  quoteReadyToCreate,
  type SwapCreateAction,
  type SwapCreateRules,
  type SwapCreateState,
  shownQuote,
  stepQuoteRequest,
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

const STEP = {
  from: 'btc',
  fromNetwork: 'bitcoin',
  to: 'eth',
  toNetwork: 'ethereum',
  amount: '0,5',
  rateType: 'fixed',
} as const;

describe('stepQuoteRequest', () => {
  it('asks for the step’s pair and cleaned amount, with the offer taken and the applied promo code', () => {
    expect(stepQuoteRequest(STEP, undefined)).toEqual({
      from: 'btc',
      fromNetwork: 'bitcoin',
      to: 'eth',
      toNetwork: 'ethereum',
      amount: '0.5',
      rateType: 'fixed',
    });
    expect(stepQuoteRequest({ ...STEP, provider: 'alpha' }, 'ZERO')).toMatchObject({
      provider: 'alpha',
      promoCode: 'ZERO',
    });
  });
});

describe('shownQuote', () => {
  const server: StepQuote = { quote: quote('0.01'), quoteProblem: null, formKey: 'k' };
  const refused: StepQuote = {
    quote: null,
    quoteProblem: { status: 422, code: 'amount_below_min', message: 'Too little', details: { min: '1' } },
    formKey: 'k',
  };

  it('shows the server’s quote until the live one answers, then the live one', () => {
    expect(shownQuote({ status: 'idle', data: null }, server, undefined).shown).toBe(server.quote);
    expect(shownQuote({ status: 'loading', data: null }, server, undefined).shown).toBe(server.quote);
    const live = quote('0');
    expect(shownQuote({ status: 'ready', data: live }, server, undefined).shown).toBe(live);
    expect(shownQuote({ status: 'error', data: null }, server, undefined).shown).toBeNull();
  });

  it('does not show the server’s quote for a promo code it was not asked with', () => {
    expect(shownQuote({ status: 'loading', data: null }, server, 'ZERO').shown).toBeNull();
  });

  it('shows the server’s problem as the API’s until the live quote answers', () => {
    const { shown, earlyProblem } = shownQuote({ status: 'idle', data: null }, refused, undefined);
    expect(shown).toBeNull();
    expect(earlyProblem).toBeInstanceOf(ApiProblem);
    expect(earlyProblem).toMatchObject({ status: 422, code: 'amount_below_min', message: 'Too little' });
    expect(earlyProblem?.details).toEqual({ min: '1' });
    expect(shownQuote({ status: 'ready', data: quote('0') }, refused, undefined).earlyProblem).toBeNull();
  });
});

describe('quoteExpiry and quoteReadyToCreate', () => {
  const fixedQuote = {
    ...quote('0'),
    rateType: 'fixed' as const,
    quoteId: 'q1',
    expiresAt: '2026-01-01T00:01:00Z',
  };

  it('counts down only a live fixed quote with an end', () => {
    const ready = { status: 'ready' as const, data: fixedQuote };
    expect(quoteExpiry(true, ready, fixedQuote)).toBe(Date.parse('2026-01-01T00:01:00Z'));
    expect(quoteExpiry(false, ready, fixedQuote)).toBeNull();
    expect(quoteExpiry(true, { status: 'loading', data: fixedQuote }, fixedQuote)).toBeNull();
    expect(quoteExpiry(true, { status: 'idle', data: null }, fixedQuote)).toBeNull();
  });

  it('creates with a live quote, and for a fixed rate only with its id', () => {
    expect(quoteReadyToCreate(true, { status: 'ready', data: fixedQuote }, fixedQuote)).toBe(true);
    const noId = quote('0');
    expect(quoteReadyToCreate(true, { status: 'ready', data: noId }, noId)).toBe(false);
    expect(quoteReadyToCreate(false, { status: 'ready', data: noId }, noId)).toBe(true);
    expect(quoteReadyToCreate(false, { status: 'idle', data: null }, noId)).toBe(false);
  });
});

describe('createSwapBody', () => {
  it('sends the quote request, the fixed quote’s id, the trimmed addresses, the email and the partner', () => {
    const state = run(
      { type: 'edit', field: 'payoutAddress', value: ' 0xabc ' },
      { type: 'edit', field: 'email', value: ' Me@Example.com ' },
    );
    expect(
      createSwapBody(stepQuoteRequest(STEP, 'ZERO'), state, { quoteId: 'q1', affiliateId: 'partner-1' }),
    ).toEqual({
      from: 'btc',
      fromNetwork: 'bitcoin',
      to: 'eth',
      toNetwork: 'ethereum',
      amount: '0.5',
      rateType: 'fixed',
      promoCode: 'ZERO',
      quoteId: 'q1',
      payoutAddress: '0xabc',
      email: 'me@example.com',
      affiliateId: 'partner-1',
    });
  });

  it('leaves out what is not there', () => {
    const body = createSwapBody(
      stepQuoteRequest({ ...STEP, rateType: 'float' }, undefined),
      INITIAL_SWAP_CREATE,
      {},
    );
    expect(Object.keys(body).sort()).toEqual(
      ['amount', 'from', 'fromNetwork', 'payoutAddress', 'rateType', 'to', 'toNetwork'].sort(),
    );
  });
});

describe('afterPost', () => {
  it('starts empty without a refused post', () => {
    expect(afterPost(null)).toBe(INITIAL_SWAP_CREATE);
  });

  it('puts the server’s refusal of the plain post next to its field, or in the form’s alert', () => {
    expect(
      afterPost({ status: 422, code: 'invalid_address', message: 'Not an address', field: 'payoutAddress' })
        .errors,
    ).toEqual({ payoutAddress: 'Not an address' });
    expect(afterPost({ status: 503, code: 'provider_unavailable', message: 'Try later' }).formError).toBe(
      'Try later',
    );
  });
});
