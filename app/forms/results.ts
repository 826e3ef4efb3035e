/**
 * What a form's post/redirect/get leaves in the result page's query: an outcome, never a value
 * the visitor typed (no address, email or name ever goes into a URL).
 */
export const NEWSLETTER_RESULT = 'newsletter';
export const NEWSLETTER_RESULTS = ['subscribed', 'invalid', 'needs-js', 'error'] as const;
export type NewsletterResult = (typeof NEWSLETTER_RESULTS)[number];

/** The newsletter outcome a result page's query names, or null. */
export function newsletterResult(search: string): NewsletterResult | null {
  const value = new URLSearchParams(search).get(NEWSLETTER_RESULT);
  return (NEWSLETTER_RESULTS as readonly string[]).includes(value ?? '') ? (value as NewsletterResult) : null;
}
