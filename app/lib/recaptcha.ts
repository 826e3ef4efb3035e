/**
 * The human check of the newsletter form (SPEC §5, §7): Google reCAPTCHA v3, loaded lazily from the
 * configured script URL with the site key, in Indonesian, its badge hidden (the form shows the
 * attribution text Google asks for instead).
 */
import { documentNonce } from './nonce.ts';

export interface RecaptchaConfig {
  siteKey: string;
  /** The provider's script, e.g. https://www.google.com/recaptcha/api.js (from runtime config). */
  scriptUrl: string;
}

export interface RecaptchaLoadOptions extends RecaptchaConfig {
  /** The page's CSP nonce; read from the document's own scripts when not given. */
  nonce?: string | undefined;
}

/** SPEC §7: the human check's language is set to Indonesian. */
export const RECAPTCHA_LANGUAGE = 'id';
/** How long loading the script and getting a token may take together (ms). */
export const RECAPTCHA_TIMEOUT_MS = 10_000;
/** SPEC §8 message when a second, different site key is asked for. */
export const DIFFERENT_KEY_MESSAGE = 'Human-check script already loaded with a different key';

export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

export class HumanCheckError extends Error {
  override name = 'HumanCheckError';
}

interface LoadState {
  siteKey: string;
  promise: Promise<Grecaptcha>;
}

type RecaptchaWindow = { grecaptcha?: Grecaptcha; __humanCheck?: LoadState };

function scope(): RecaptchaWindow {
  return window as unknown as RecaptchaWindow;
}

/** The script address: the configured URL with `render={siteKey}` and `hl=id`. */
export function recaptchaScriptSrc({ siteKey, scriptUrl }: RecaptchaConfig): string {
  const url = new URL(scriptUrl);
  url.searchParams.set('render', siteKey);
  url.searchParams.set('hl', RECAPTCHA_LANGUAGE);
  return url.href;
}

/** Hides the provider's badge; app.css hides it too, this covers a page without that rule. */
function hideBadge(): void {
  for (const badge of document.querySelectorAll?.<HTMLElement>('.grecaptcha-badge') ?? []) {
    badge.style.visibility = 'hidden';
  }
}

/**
 * Injects the script once per page and resolves with `grecaptcha` once it is ready. A later call
 * with the same key reuses it; one with another key rejects (SPEC §8). A script that fails to load
 * is removed, so the next call tries again.
 */
export function loadRecaptcha(options: RecaptchaLoadOptions): Promise<Grecaptcha> {
  const w = scope();
  const current = w.__humanCheck;
  if (current) {
    if (current.siteKey !== options.siteKey)
      return Promise.reject(new HumanCheckError(DIFFERENT_KEY_MESSAGE));
    return current.promise;
  }
  const promise = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = recaptchaScriptSrc(options);
    script.async = true;
    script.defer = true;
    const nonce = options.nonce || documentNonce();
    if (nonce) script.nonce = nonce;
    script.setAttribute('data-human-check', options.siteKey);
    script.onload = () => {
      const grecaptcha = w.grecaptcha;
      if (!grecaptcha || typeof grecaptcha.ready !== 'function') {
        fail(new HumanCheckError('Human-check script loaded without grecaptcha'));
        return;
      }
      grecaptcha.ready(() => {
        hideBadge();
        resolve(grecaptcha);
      });
    };
    script.onerror = () => fail(new HumanCheckError('Human-check script failed to load'));
    function fail(error: Error) {
      script.remove();
      if (w.__humanCheck?.promise === promise) delete w.__humanCheck;
      reject(error);
    }
    document.head.appendChild(script);
  });
  w.__humanCheck = { siteKey: options.siteKey, promise };
  return promise;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new HumanCheckError('Human check timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A reCAPTCHA v3 token for `action`: loads the script if needed, waits until it is ready and
 * executes it. Rejects when no token is obtained (load failure, a different key, execute failing or
 * answering nothing, or `timeoutMs`, 10 s by default).
 */
export function getRecaptchaToken(
  options: RecaptchaLoadOptions,
  action: string,
  { timeoutMs = RECAPTCHA_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<string> {
  const token = (async () => {
    const grecaptcha = await loadRecaptcha(options);
    const value = await grecaptcha.execute(options.siteKey, { action });
    if (typeof value !== 'string' || value === '') throw new HumanCheckError('No human-check token');
    return value;
  })();
  return withTimeout(token, timeoutMs);
}
