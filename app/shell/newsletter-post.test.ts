import { describe, expect, it } from 'vitest';
import { INITIAL_NEWSLETTER_STATE } from './newsletter-machine.ts';
import { returnTo, stateAfterPost } from './newsletter-post.ts';

describe('stateAfterPost', () => {
  it('shows the outcome a plain post came back with', () => {
    expect(stateAfterPost('subscribed')).toEqual({ ...INITIAL_NEWSLETTER_STATE, status: 'success' });
    expect(stateAfterPost('error')).toEqual({ ...INITIAL_NEWSLETTER_STATE, status: 'error' });
    expect(stateAfterPost('invalid')).toEqual({ status: 'wait', email: '', invalid: true });
  });

  it('is the empty form otherwise', () => {
    expect(stateAfterPost(null)).toEqual(INITIAL_NEWSLETTER_STATE);
    expect(stateAfterPost('needs-js')).toEqual(INITIAL_NEWSLETTER_STATE);
  });
});

describe('returnTo', () => {
  it('is the page’s address without the last post’s outcome, its other parameters kept', () => {
    expect(returnTo('/faq', '?newsletter=subscribed')).toBe('/faq');
    expect(returnTo('/fr/coin/btc', '?page=2&newsletter=error')).toBe('/fr/coin/btc?page=2');
    expect(returnTo('/', '')).toBe('/');
  });

  it('falls back to the home page for an address no page has', () => {
    expect(returnTo(`/${'a'.repeat(600)}`, '')).toBe('/');
    expect(returnTo('/faq', `?q=${'b'.repeat(600)}`)).toBe('/');
  });
});
