import { FiatProviderError } from './types.ts';

/**
 * One JSON call to a real ramp (moonpay.ts, banxa.ts, transak.ts): a call that does not reach the
 * ramp and an answer that is not JSON are the ramp's `upstream_error` (its breaker counts them);
 * the status and the parsed body (null when empty) are the adapter's to read.
 */
export async function rampJson(
  ramp: { id: string; label: string },
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch (error) {
    throw new FiatProviderError(
      ramp.id,
      'upstream_error',
      `${ramp.label} unreachable: ${(error as Error).message}`,
    );
  }
  const raw = await response.text();
  try {
    return { status: response.status, body: raw ? JSON.parse(raw) : null };
  } catch {
    throw new FiatProviderError(
      ramp.id,
      'upstream_error',
      `${ramp.label} answered ${response.status} with no JSON`,
    );
  }
}
