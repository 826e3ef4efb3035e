import { data, redirect } from 'react-router';
import { DEFAULT_LANG, isLang, type Lang } from '../../core/i18n/languages.ts';
import type { Services } from '../../core/services.ts';
import { type RequestState, requestStateContext } from '../lib/request-context.ts';

/**
 * What every route action does before its write (docs/decisions/015-forms-without-javascript.md):
 * a post from another site is refused (CSRF: the browser's Origin, else its Sec-Fetch-Site), and
 * the client's public writes are counted against the same limits as the JSON API's.
 */

/** A refused post: 403 for another site's form, 413 for a huge body, 429 past the limit. */
function refuse(status: 403 | 413 | 429, code: string, retryAfterSeconds?: number): never {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (retryAfterSeconds) headers['Retry-After'] = String(retryAfterSeconds);
  throw data(code, { status, headers });
}

/** The origins a form of ours is posted from: the request's own and the configured public one. */
function ownOrigins(request: Request, services: Services): Set<string> {
  const origins = new Set([new URL(request.url).origin]);
  try {
    origins.add(new URL(services.config.BASE_URL).origin);
  } catch {
    // A BASE_URL that is not a URL is refused by the config check; nothing to add.
  }
  return origins;
}

/**
 * True when the post comes from one of our own pages. Browsers send Origin with every POST; an
 * old one without it still sends Sec-Fetch-Site. A request with neither (a script, curl) is no
 * cross-site browser request and is let through to the rate limit.
 */
export function sameSitePost(request: Request, services: Services): boolean {
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') return ownOrigins(request, services).has(origin);
  if (origin === 'null') return false;
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'same-site' || site === 'none';
}

/** The largest form body an action reads (a support form's 5,000-character message and the rest). */
export const MAX_FORM_BYTES = 64 * 1024;

export interface GuardOptions {
  /** The limit's name (`subscribe`, `forms`, `w`): shared with the JSON API's counter of the same name. */
  scope: string;
  limit: number;
  windowMs: number;
}

/** Every form action's request: `limit` for those that write (a choice kept in a cookie writes nothing). */
export interface GuardedRequest {
  request: Request;
  state: RequestState;
  limit?: GuardOptions;
}

/**
 * Checks a route action's request and reads its form: cross-site posts and bodies over
 * MAX_FORM_BYTES are refused, then one write is counted for the client.
 */
export async function guardedForm({ request, state, limit }: GuardedRequest): Promise<FormData> {
  const { services } = state;
  if (!sameSitePost(request, services)) refuse(403, 'cross_site');
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_FORM_BYTES) refuse(413, 'payload_too_large');
  if (limit) {
    const key = `${limit.scope}:ip:${state.ip ?? 'unknown'}`;
    const verdict = await services.rateLimiter.hit(key, limit.limit, limit.windowMs);
    if (!verdict.allowed) refuse(429, 'rate_limited', verdict.retryAfterSeconds);
  }
  try {
    return await request.formData();
  } catch {
    throw data('invalid_request', { status: 400, headers: { 'Cache-Control': 'no-store' } });
  }
}

/** The request state of an action's context. */
export function stateOf(context: { get: (key: typeof requestStateContext) => RequestState }): RequestState {
  return context.get(requestStateContext);
}

/** A form field as a string ('' when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Where a form posted from a page sends the visitor back: the `returnTo` field when it is a path
 * of this site (never another host: `//evil` and `/\evil` are refused), else the home page.
 */
export function returnPath(form: FormData, fallback = '/'): string {
  const value = field(form, 'returnTo');
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\s\0]/.test(value) || value.length > 1024) return fallback;
  return value;
}

/** `path` with `name=value` set in its query and `hash` as its fragment (a result page of PRG). */
export function withResult(path: string, name: string, value: string, hash?: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set(name, value);
  url.hash = hash ?? '';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The 303 of post/redirect/get: the browser GETs the result page, a reload does not post again. */
export function seeOther(location: string, headers?: HeadersInit): Response {
  return redirect(location, { status: 303, ...(headers ? { headers } : {}) });
}

/** The language a form's post names (its `lang` field), English otherwise. */
export function formLang(form: FormData): Lang {
  const lang = field(form, 'lang');
  return isLang(lang) ? lang : DEFAULT_LANG;
}
