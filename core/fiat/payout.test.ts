import { describe, expect, it } from 'vitest';
import { checkCard, checkIban, maskCard, payoutKindFor, payoutStatus, sellStage } from './payout.ts';

describe('IBAN check', () => {
  it('takes a valid IBAN with spaces and lower case, and keeps it masked', () => {
    expect(checkIban('de89 3704 0044 0532 0130 00')).toEqual({
      valid: true,
      kind: 'iban',
      value: 'DE89370400440532013000',
      masked: 'DE89 •••• 3000',
    });
    expect(checkIban('GB82 WEST 1234 5698 7654 32')).toMatchObject({ valid: true });
  });

  it('refuses wrong check digits (mod-97)', () => {
    expect(checkIban('DE89370400440532013001')).toMatchObject({ valid: false, reason: 'checksum' });
  });

  it("refuses an IBAN whose length is not its country's", () => {
    expect(checkIban('DE8937040044053201300')).toMatchObject({ valid: false, reason: 'format' });
  });

  it('refuses an unknown country and what is no IBAN at all', () => {
    expect(checkIban('XX89370400440532013000')).toMatchObject({ valid: false, reason: 'country' });
    expect(checkIban('hello')).toMatchObject({ valid: false, reason: 'format' });
  });
});

describe('card check', () => {
  it('takes a Luhn-valid number and shows its last four only', () => {
    expect(checkCard('4242 4242 4242 4242')).toEqual({
      valid: true,
      kind: 'card',
      value: '4242424242424242',
      masked: '•••• 4242',
    });
  });

  it('refuses a failing Luhn digit and non-numbers', () => {
    expect(checkCard('4242424242424241')).toMatchObject({ valid: false, reason: 'checksum' });
    expect(checkCard('4242-abcd')).toMatchObject({ valid: false, reason: 'format' });
  });

  it('masks', () => {
    expect(maskCard('5555555555554444')).toBe('•••• 4444');
  });
});

describe('sale stages', () => {
  it('takes a bank transfer payout to an IBAN and the others to a card', () => {
    expect(payoutKindFor('bank_transfer')).toBe('iban');
    expect(payoutKindFor('card')).toBe('card');
    expect(payoutKindFor('apple_pay')).toBe('card');
  });

  it('asks for the payout first, then the deposit, then confirms it and pays out', () => {
    const open = { status: 'pending_payment' as const };
    expect(sellStage({ ...open, payoutGiven: false, depositSeen: false })).toBe('payout_details');
    expect(sellStage({ ...open, payoutGiven: true, depositSeen: false })).toBe('awaiting_deposit');
    expect(sellStage({ ...open, payoutGiven: true, depositSeen: true })).toBe('confirming');
    expect(sellStage({ status: 'paid', payoutGiven: true, depositSeen: true })).toBe('deposit_received');
    expect(sellStage({ status: 'sending', payoutGiven: true, depositSeen: true })).toBe('paying_out');
    expect(sellStage({ status: 'completed', payoutGiven: true, depositSeen: true })).toBe('paid_out');
    expect(sellStage({ status: 'expired', payoutGiven: true, depositSeen: false })).toBe('expired');
  });

  it('gives the money leg its own status', () => {
    expect(payoutStatus('pending_payment')).toBe('waiting');
    expect(payoutStatus('paid')).toBe('waiting');
    expect(payoutStatus('sending')).toBe('sending');
    expect(payoutStatus('completed')).toBe('sent');
    expect(payoutStatus('failed')).toBe('failed');
    expect(payoutStatus('expired')).toBe('cancelled');
  });
});
