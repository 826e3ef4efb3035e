import { electronicFormatIBAN, isValidIBAN, ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import type { FiatOrderStatus, PaymentMethod } from './types.ts';

/**
 * A sale's two legs: the coins the seller sends to the ramp's deposit address (crypto in), then
 * the money the ramp pays out to the seller's bank account or card (fiat out). The ramp says where
 * the coins go; the seller says where the money goes, in the form the payment method takes.
 */

/** Whether a card number passes the Luhn check. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** How the money of a sale reaches the seller: a bank transfer to an IBAN, or a card payout. */
export const PAYOUT_KINDS = ['iban', 'card'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

/** The payout a sale's payment method takes: a bank transfer pays to an IBAN, the others to a card. */
export function payoutKindFor(method: PaymentMethod): PayoutKind {
  return method === 'bank_transfer' ? 'iban' : 'card';
}

export type PayoutCheck =
  | { valid: true; kind: PayoutKind; value: string; masked: string }
  | { valid: false; kind: PayoutKind; reason: 'format' | 'country' | 'checksum' };

/**
 * An IBAN checked the way a bank checks it: the country's length and structure (ibantools' table
 * of the SWIFT IBAN registry) and the ISO 7064 mod-97 check digits. Spaces and case are forgiven.
 */
export function checkIban(raw: string): PayoutCheck {
  const value = electronicFormatIBAN(raw.trim()) ?? '';
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(value)) return { valid: false, kind: 'iban', reason: 'format' };
  if (isValidIBAN(value)) return { valid: true, kind: 'iban', value, masked: maskIban(value) };
  const { errorCodes } = validateIBAN(value);
  const checksum =
    errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum) ||
    errorCodes.includes(ValidationErrorsIBAN.ChecksumNotNumber) ||
    errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum);
  const country = errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry);
  // A wrong length or structure for the country is told before the check digits it also breaks.
  const shape =
    errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength) ||
    errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat);
  const reason = country ? 'country' : shape ? 'format' : checksum ? 'checksum' : 'format';
  return { valid: false, kind: 'iban', reason };
}

/** A card number for a payout: 12–19 digits (spaces and dashes forgiven) passing the Luhn check. */
export function checkCard(raw: string): PayoutCheck {
  const value = raw.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(value)) return { valid: false, kind: 'card', reason: 'format' };
  if (!luhnValid(value)) return { valid: false, kind: 'card', reason: 'checksum' };
  return { valid: true, kind: 'card', value, masked: maskCard(value) };
}

export function checkPayout(kind: PayoutKind, raw: string): PayoutCheck {
  return kind === 'iban' ? checkIban(raw) : checkCard(raw);
}

/** An IBAN as pages and the API show it once given: country and check digits, the last four. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** A card as pages and the API show it: the last four digits only. */
export function maskCard(card: string): string {
  return `•••• ${card.slice(-4)}`;
}

/** Confirmations the sandbox ramps wait for before they take a sale's deposit as received. */
export const SANDBOX_DEPOSIT_CONFIRMATIONS = 2;

/**
 * Where a sale stands, leg by leg, from its status and what it holds: first the seller says where
 * the money goes, then sends the coins, which are seen and confirmed, then the money is paid out.
 */
export const SELL_STAGES = [
  'payout_details',
  'awaiting_deposit',
  'confirming',
  'deposit_received',
  'paying_out',
  'paid_out',
  'failed',
  'refunded',
  'expired',
] as const;
export type SellStage = (typeof SELL_STAGES)[number];

export interface SellFacts {
  status: FiatOrderStatus;
  /** Whether the seller has said where the money goes. */
  payoutGiven: boolean;
  /** Whether the ramp has seen the deposit transaction. */
  depositSeen: boolean;
}

export function sellStage({ status, payoutGiven, depositSeen }: SellFacts): SellStage {
  switch (status) {
    case 'created':
    case 'pending_payment':
      if (!payoutGiven) return 'payout_details';
      return depositSeen ? 'confirming' : 'awaiting_deposit';
    case 'paid':
      return 'deposit_received';
    case 'sending':
      return 'paying_out';
    case 'completed':
      return 'paid_out';
    default:
      return status;
  }
}

/** The fiat leg's own status, as the API shows it. */
export type PayoutStatus = 'waiting' | 'sending' | 'sent' | 'failed' | 'cancelled';

export function payoutStatus(status: FiatOrderStatus): PayoutStatus {
  if (status === 'sending') return 'sending';
  if (status === 'completed') return 'sent';
  if (status === 'failed') return 'failed';
  if (status === 'refunded' || status === 'expired') return 'cancelled';
  return 'waiting';
}
