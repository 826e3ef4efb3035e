import { describe, expect, it } from 'vitest';
import {
  INITIAL_NEWSLETTER_STATE,
  type NewsletterEvent,
  type NewsletterState,
  newsletterReducer,
  submittedEmail,
} from './newsletter-machine.ts';

function run(events: NewsletterEvent[], from: NewsletterState = INITIAL_NEWSLETTER_STATE): NewsletterState {
  return events.reduce(newsletterReducer, from);
}

const typed = (email: string): NewsletterEvent => ({ type: 'edit', email });

describe('newsletter form states (SPEC §4, §5)', () => {
  it('starts waiting with an empty, unmarked field', () => {
    expect(INITIAL_NEWSLETTER_STATE).toEqual({ status: 'wait', email: '', invalid: false });
  });

  it('marks an empty field invalid and stays waiting (required)', () => {
    expect(run([{ type: 'submit' }])).toEqual({ status: 'wait', email: '', invalid: true });
  });

  it.each(['user@localhost', 'a@b@example.com', 'us er@example.com', 'user.example.com'])(
    'marks %s invalid and sends nothing',
    (email) => {
      const state = run([typed(email), { type: 'submit' }]);
      expect(state.status).toBe('wait');
      expect(state.invalid).toBe(true);
    },
  );

  it('clears the mark when the field is edited', () => {
    const state = run([typed('bad'), { type: 'submit' }, typed('bad@')]);
    expect(state).toEqual({ status: 'wait', email: 'bad@', invalid: false });
  });

  it('goes to loading for a valid address, ignoring surrounding spaces', () => {
    const state = run([typed('  reader@example.com '), { type: 'submit' }]);
    expect(state.status).toBe('loading');
    expect(submittedEmail(state)).toBe('reader@example.com');
  });

  it('ignores edits and a second submit while loading', () => {
    const loading = run([typed('reader@example.com'), { type: 'submit' }]);
    expect(run([typed('other@example.com'), { type: 'submit' }], loading)).toBe(loading);
  });

  it('shows success, and closing resets to wait with an empty field', () => {
    const success = run([typed('reader@example.com'), { type: 'submit' }, { type: 'succeeded' }]);
    expect(success.status).toBe('success');
    expect(run([{ type: 'close' }], success)).toEqual(INITIAL_NEWSLETTER_STATE);
  });

  it('shows the error, and retrying goes back to wait keeping the field', () => {
    const error = run([typed('reader@example.com'), { type: 'submit' }, { type: 'failed' }]);
    expect(error.status).toBe('error');
    expect(run([{ type: 'retry' }], error)).toEqual({
      status: 'wait',
      email: 'reader@example.com',
      invalid: false,
    });
  });

  it('ignores results, close and retry outside their states', () => {
    const waiting = run([typed('reader@example.com')]);
    for (const type of ['succeeded', 'failed', 'close', 'retry'] as const) {
      expect(newsletterReducer(waiting, { type })).toBe(waiting);
    }
    const success = run([{ type: 'submit' }, { type: 'succeeded' }], waiting);
    expect(newsletterReducer(success, { type: 'retry' })).toBe(success);
    expect(newsletterReducer(success, { type: 'failed' })).toBe(success);
  });
});
