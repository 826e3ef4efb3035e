import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed webhook may be; an older (or future) timestamp is refused as a possible replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Hex HMAC-SHA256 of `<t>.<raw body>`: the scheme of MoonPay's `Moonpay-Signature-V2` (and of our sandbox). */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The header value `t=<unix seconds>,s=<hex signature>`. */
export function webhookSignatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},s=${signWebhook(secret, timestamp, rawBody)}`;
}

/**
 * Whether `header` (`t=…,s=…`) signs `rawBody` with `secret` and is fresh; compared in constant
 * time. Answers the timestamp when it does, null otherwise.
 */
export function verifyWebhookSignature(
  header: string | null,
  rawBody: string,
  secret: string,
  nowMs: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): number | null {
  if (!header || !secret) return null;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t');
  const s = parts.get('s');
  if (!t || !s || !/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/i.test(s)) return null;
  const timestamp = Number(t);
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return null;
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(s, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? timestamp : null;
}

/** A digest of a signed payload: the event id of providers that send none. */
export function payloadDigest(timestamp: number, rawBody: string): string {
  return createHash('sha256').update(`${timestamp}.${rawBody}`).digest('hex');
}
