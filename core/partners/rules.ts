/**
 * The partner tools' limits and names the account pages show, without any server code (the
 * browser bundle imports this file).
 */

/** A key's name (the partner's own label): 1 to 60 characters of plain text. */
export const MAX_KEY_NAME = 60;
/** Active keys one partner may hold at once (a partner rotates by creating, then revoking). */
export const MAX_ACTIVE_KEYS = 10;
/** The longest webhook URL taken. */
export const MAX_WEBHOOK_URL = 2_000;
/** The header carrying a webhook delivery's signature. */
export const SIGNATURE_HEADER = 'SwapGate-Signature';
/** The smallest balance a partner may withdraw, in USD. */
export const MIN_WITHDRAWAL_USD = 10;
