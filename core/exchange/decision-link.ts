import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed link of the "action needed" mail (issue 25, docs/decisions/020): a token bound to one
 * swap and its choice deadline, signed with the server's secret (HMAC-SHA-256 under a key derived
 * for this purpose only), and expiring with the deadline. The link opens a page that asks; only a
 * POST from that page decides.
 *
 * Token: `{deadline in Unix seconds}.{signature, base64url}`; the signature covers the purpose,
 * the swap id and the deadline, so a token of one swap, or of an earlier deadline, fits no other.
 */

/** What a token says about a swap's link. */
export type DecisionLinkCheck =
  | { ok: true; deadline: Date }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired'; deadline: Date };

const PURPOSE = 'swap-decision-link/v1';
const TOKEN_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export class DecisionLinks {
  readonly #key: Buffer;

  /** `secret`: the server's secret (ACCOUNT_SECRET, or the one kept in the data directory). */
  constructor(secret: string) {
    if (secret.length < 32) throw new Error('The decision link secret needs 32+ characters');
    // A key of its own, so a signature made here means nothing to any other use of the secret.
    this.#key = createHmac('sha256', secret).update(PURPOSE).digest();
  }

  #signature(swapId: string, deadlineSeconds: number): Buffer {
    return createHmac('sha256', this.#key).update(`${swapId}\n${deadlineSeconds}`).digest();
  }

  /** The token of a swap's decision link, valid until `deadline` (whole seconds). */
  sign(swapId: string, deadline: Date): string {
    const seconds = Math.floor(deadline.getTime() / 1000);
    return `${seconds}.${this.#signature(swapId, seconds).toString('base64url')}`;
  }

  /** Checks a token for a swap: its signature first, then its deadline against `now`. */
  verify(swapId: string, token: string | null | undefined, now: Date = new Date()): DecisionLinkCheck {
    const match = TOKEN_PATTERN.exec(token ?? '');
    if (!match) return { ok: false, reason: 'invalid' };
    const seconds = Number(match[1]);
    const written = match[2] ?? '';
    const given = Buffer.from(written, 'base64url');
    const expected = this.#signature(swapId, seconds);
    // One spelling per signature: base64url's unused last bits may not vary either.
    if (
      given.length !== expected.length ||
      given.toString('base64url') !== written ||
      !timingSafeEqual(given, expected)
    ) {
      return { ok: false, reason: 'invalid' };
    }
    const deadline = new Date(seconds * 1000);
    if (now.getTime() >= deadline.getTime()) return { ok: false, reason: 'expired', deadline };
    return { ok: true, deadline };
  }
}

/** True when the deadline a token was signed for is the swap's current one (to the second). */
export function sameDeadline(signed: Date, current: string | Date | null): boolean {
  if (!current) return false;
  const time = typeof current === 'string' ? Date.parse(current) : current.getTime();
  return Math.floor(time / 1000) === Math.floor(signed.getTime() / 1000);
}
