/** SPEC §7: the shared client sends the current locale, never retries and gives up after 15 s. */
export const API_TIMEOUT_MS = 15_000;

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export async function apiFetch(
  path: string,
  options: { lang: string; init?: RequestInit },
): Promise<Response> {
  const headers = new Headers(options.init?.headers);
  headers.set('Accept-Language', options.lang);
  const response = await fetch(path, {
    ...options.init,
    headers,
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  if (!response.ok) throw new ApiError(response.status, `${path} answered ${response.status}`);
  return response;
}
