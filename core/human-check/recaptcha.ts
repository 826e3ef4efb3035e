import type { Logger } from 'pino';
import { z } from 'zod';

/** Why a human check did not simply pass. */
export type HumanCheckReason =
  | 'missing-token'
  | 'invalid-token'
  | 'low-score'
  | 'wrong-action'
  | 'unavailable'
  | 'disabled';

export interface HumanCheckResult {
  ok: boolean;
  reason?: HumanCheckReason;
  /** reCAPTCHA v3 score (0 bot … 1 human) when the provider sent one. */
  score?: number;
}

/** SPEC §7: the human check public forms pass before anything is stored or sent. */
export interface HumanCheck {
  /** False when no secret is configured: every check passes with reason 'disabled'. */
  readonly enabled: boolean;
  verify(token: string, remoteIp?: string, expectedAction?: string): Promise<HumanCheckResult>;
}

export interface RecaptchaVerifierOptions {
  /** RECAPTCHA_SECRET; without it the check is off. */
  secret?: string | undefined;
  /** Google's siteverify endpoint (RECAPTCHA_VERIFY_URL), or a fake's in tests. */
  verifyUrl: string;
  /** Scores below this fail with 'low-score' (RECAPTCHA_MIN_SCORE). */
  minScore: number;
  timeoutMs?: number;
  log: Logger;
  fetch?: typeof fetch;
}

/** Tokens are a few hundred to a few thousand characters; anything longer is not one. */
const MAX_TOKEN_LENGTH = 8_192;

/** https://developers.google.com/recaptcha/docs/verify#api-response */
const siteverifySchema = z.object({
  success: z.boolean(),
  score: z.number().min(0).max(1).optional(),
  action: z.string().optional(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** Error codes that say our own request or configuration is wrong, not the visitor's token. */
const OUR_FAULT = new Set(['missing-input-secret', 'invalid-input-secret']);

/**
 * reCAPTCHA v3 verification against Google's siteverify API: the token must be valid and
 * unused, from the expected action, and score at least `minScore`. Anything that keeps us
 * from getting an answer (network, timeout, HTTP error, unexpected body, our secret refused)
 * is 'unavailable', so callers can tell "not a human" (400) from "cannot check now" (503).
 */
export class RecaptchaVerifier implements HumanCheck {
  readonly enabled: boolean;
  readonly #secret: string;
  readonly #verifyUrl: string;
  readonly #minScore: number;
  readonly #timeoutMs: number;
  readonly #log: Logger;
  readonly #fetch: typeof fetch;

  constructor(options: RecaptchaVerifierOptions) {
    this.#secret = options.secret ?? '';
    this.enabled = this.#secret !== '';
    this.#verifyUrl = options.verifyUrl;
    this.#minScore = options.minScore;
    this.#timeoutMs = options.timeoutMs ?? 5_000;
    this.#log = options.log;
    this.#fetch = options.fetch ?? fetch;
    if (!this.enabled) {
      this.#log.warn('The human check (reCAPTCHA) is disabled because RECAPTCHA_SECRET is not set');
    }
  }

  /**
   * POSTs to siteverify, once more when the first connection broke before any answer came back.
   * A kept-alive connection that the other side closed while idle (its keep-alive timeout racing
   * ours) fails that way: the request never reached siteverify, so a second try on a fresh
   * connection is safe. Should it have reached it after all, the token is then spent and the
   * answer is 'timeout-or-duplicate', a failed check the visitor can retry, never a double pass.
   * Timeouts and HTTP answers are never retried.
   */
  async #post(body: string, signal: AbortSignal): Promise<Response> {
    const init: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal,
    };
    try {
      return await this.#fetch(this.#verifyUrl, init);
    } catch (error) {
      if (signal.aborted || !brokenConnection(error)) throw error;
      this.#log.debug(
        { err: error },
        'reCAPTCHA siteverify connection broke before an answer; trying once more',
      );
      return await this.#fetch(this.#verifyUrl, init);
    }
  }

  async verify(token: string, remoteIp?: string, expectedAction?: string): Promise<HumanCheckResult> {
    if (!this.enabled) return { ok: true, reason: 'disabled' };
    const response = token.trim();
    if (response === '') return { ok: false, reason: 'missing-token' };
    if (response.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'invalid-token' };

    const form = new URLSearchParams({ secret: this.#secret, response });
    if (remoteIp) form.set('remoteip', remoteIp);

    let body: unknown;
    try {
      const answer = await this.#post(form.toString(), AbortSignal.timeout(this.#timeoutMs));
      if (!answer.ok) {
        // Drain the body so the connection can be reused.
        await answer.body?.cancel().catch(() => {});
        this.#log.warn({ status: answer.status }, 'reCAPTCHA siteverify answered with an HTTP error');
        return { ok: false, reason: 'unavailable' };
      }
      body = await answer.json();
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      this.#log.warn(
        { err: timedOut ? undefined : error },
        timedOut
          ? `reCAPTCHA siteverify did not answer within ${this.#timeoutMs} ms`
          : 'reCAPTCHA siteverify could not be reached',
      );
      return { ok: false, reason: 'unavailable' };
    }

    const parsed = siteverifySchema.safeParse(body);
    if (!parsed.success) {
      this.#log.warn({ issues: parsed.error.issues }, 'reCAPTCHA siteverify sent an unexpected answer');
      return { ok: false, reason: 'unavailable' };
    }
    const result = parsed.data;
    if (!result.success) {
      const codes = result['error-codes'] ?? [];
      if (codes.some((code) => OUR_FAULT.has(code))) {
        this.#log.error({ codes }, 'reCAPTCHA siteverify refused our secret: check RECAPTCHA_SECRET');
        return { ok: false, reason: 'unavailable' };
      }
      return { ok: false, reason: 'invalid-token' };
    }
    const score = result.score === undefined ? {} : { score: result.score };
    if (expectedAction !== undefined && result.action !== expectedAction) {
      return { ok: false, reason: 'wrong-action', ...score };
    }
    // v3 always sends a score; a v2 (checkbox) token has none and passes on success alone.
    if (result.score !== undefined && result.score < this.#minScore) {
      return { ok: false, reason: 'low-score', ...score };
    }
    return { ok: true, ...score };
  }
}

/** Socket failures that mean no answer was read (fetch wraps them in a TypeError's cause). */
const BROKEN_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function brokenConnection(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' && BROKEN_CONNECTION_CODES.has(cause.code);
}
