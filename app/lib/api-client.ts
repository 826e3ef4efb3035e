/**
 * The browser's one API client (SPEC §7), for /api/v1 and /apiglobal: sends the page language, passes JSON, gives up after 15 s and
 * turns every `{ error: { code, message, field?, details? } }` answer into an ApiProblem whose
 * message is already translated by the server.
 */
export const API_TIMEOUT_MS = 15_000;
// No retries: a failed call is reported to the visitor, who decides whether to try again.

export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly details?: Record<string, unknown>;
  constructor(
    status: number,
    code: string,
    message: string,
    field?: string,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiProblem';
    this.status = status;
    this.code = code;
    if (field) this.field = field;
    if (details) this.details = details;
  }
}

/** Code of a request that never got an answer (offline, timeout, unreadable body). */
export const NETWORK_ERROR = 'network_error';

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export async function api<T>(
  path: string,
  options: {
    lang: string;
    method?: 'GET' | 'POST';
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  },
): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept-Language', options.lang);
  headers.set('Accept', 'application/json');
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw new ApiProblem(0, NETWORK_ERROR, '');
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    if (options.signal?.aborted) throw options.signal.reason;
  }
  if (!response.ok) {
    const error = (payload as { error?: Partial<ApiProblem> & { details?: Record<string, unknown> } } | null)
      ?.error;
    throw new ApiProblem(
      response.status,
      typeof error?.code === 'string' ? error.code : NETWORK_ERROR,
      typeof error?.message === 'string' ? error.message : '',
      typeof error?.field === 'string' ? error.field : undefined,
      error?.details,
    );
  }
  if (payload === null) throw new ApiProblem(response.status, NETWORK_ERROR, '');
  return payload as T;
}

/** A fresh Idempotency-Key for one submit attempt. */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
