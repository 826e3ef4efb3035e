import { isValidEmail } from '../../core/newsletter/email.ts';

/**
 * The newsletter form's states (SPEC §4): wait → loading → success | error; success closes back to
 * wait with an empty field, error retries back to wait keeping it. Pure, so it is tested alone.
 */
export type NewsletterStatus = 'wait' | 'loading' | 'success' | 'error';

export interface NewsletterState {
  status: NewsletterStatus;
  /** What the visitor typed. */
  email: string;
  /** The field failed the SPEC §5 check on the last submit and has not been edited since. */
  invalid: boolean;
}

export type NewsletterEvent =
  | { type: 'edit'; email: string }
  | { type: 'submit' }
  | { type: 'succeeded' }
  | { type: 'failed' }
  | { type: 'close' }
  | { type: 'retry' };

export const INITIAL_NEWSLETTER_STATE: NewsletterState = { status: 'wait', email: '', invalid: false };

/** The address that is checked and sent: the field without surrounding whitespace (a paste often has some). */
export function submittedEmail(state: NewsletterState): string {
  return state.email.trim();
}

export function newsletterReducer(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'edit':
      // SPEC §5: the error mark clears when the visitor edits the field.
      if (state.status !== 'wait') return state;
      return { ...state, email: event.email, invalid: false };
    case 'submit':
      if (state.status !== 'wait') return state;
      if (!isValidEmail(submittedEmail(state))) return { ...state, invalid: true };
      return { ...state, status: 'loading', invalid: false };
    case 'succeeded':
      return state.status === 'loading' ? { ...state, status: 'success' } : state;
    case 'failed':
      return state.status === 'loading' ? { ...state, status: 'error' } : state;
    case 'close':
      return state.status === 'success' ? INITIAL_NEWSLETTER_STATE : state;
    case 'retry':
      return state.status === 'error' ? { ...state, status: 'wait' } : state;
  }
}

/** The block's element id: the footer fetches the form's code when it comes near the viewport. */
export const NEWSLETTER_ANCHOR = 'newsletter';
