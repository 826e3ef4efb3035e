import { NEWSLETTER_RESULT, type NewsletterResult } from '../forms/results.ts';
import { INITIAL_NEWSLETTER_STATE, type NewsletterState } from './newsletter-machine.ts';

/** Where the block subscribes from the browser. */
export const SUBSCRIBE_PATH = '/apiglobal/contact/subscribe';

/** No page of the site has an address longer than this. */
const RETURN_PATH_MAX = 512;

/** The block as a post/redirect/get left it (its outcome in the page's query, app/forms/results.ts). */
export function stateAfterPost(result: NewsletterResult | null): NewsletterState {
  if (result === 'subscribed') return { ...INITIAL_NEWSLETTER_STATE, status: 'success' };
  if (result === 'error') return { ...INITIAL_NEWSLETTER_STATE, status: 'error' };
  if (result === 'invalid') return { ...INITIAL_NEWSLETTER_STATE, invalid: true };
  return INITIAL_NEWSLETTER_STATE;
}

/** The page's address without the outcome of a newsletter post (where the next post comes back to). */
export function returnTo(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(NEWSLETTER_RESULT);
  const rest = params.toString();
  const path = `${pathname}${rest ? `?${rest}` : ''}`;
  // No page of the site has an address this long: a made-up one (a 404) is not echoed once more.
  return path.length > RETURN_PATH_MAX ? '/' : path;
}
