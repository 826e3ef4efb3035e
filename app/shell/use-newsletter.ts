import { type FormEvent, useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'react-router';
import { SUBSCRIBE_ACTION } from '../../core/newsletter/email.ts';
import { useClaimForm } from '../forms/replay.ts';
import { newsletterResult } from '../forms/results.ts';
import { useTranslation } from '../i18n/react.tsx';
import { trackEvent } from '../lib/analytics.ts';
import { ApiProblem, api } from '../lib/api-client.ts';
import { useNonce } from '../lib/nonce.ts';
import type { RecaptchaConfig } from '../lib/recaptcha.ts';
import { useTypedBeforeHydration } from '../ui/hooks.ts';
import { type NewsletterStatus, newsletterReducer, submittedEmail } from './newsletter-machine.ts';
import { SUBSCRIBE_PATH, stateAfterPost } from './newsletter-post.ts';

/** The human check's loader, fetched with the form's first use rather than with the page. */
const humanCheck = () => import('../lib/recaptcha.ts');

/**
 * The newsletter block's state (newsletter-machine.ts, starting from a post/redirect/get's outcome)
 * and submit flow: the address checked, a reCAPTCHA token (the script loads on first focus or on
 * submit), the subscription, and focus following the block. A submit held before hydration is
 * replayed with what was typed.
 */
export function useNewsletter(recaptcha: RecaptchaConfig | null) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const { search } = useLocation();
  const posted = newsletterResult(search);
  const [state, dispatch] = useReducer(newsletterReducer, posted, stateAfterPost);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const preloaded = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);

  // Focus follows the block: to the close or retry button when they replace the form, and back to
  // the field when the form returns.
  const previous = useRef<NewsletterStatus>(state.status);
  useEffect(() => {
    const was = previous.current;
    previous.current = state.status;
    if (was === state.status) return;
    if (state.status === 'success') closeRef.current?.focus();
    else if (state.status === 'error') retryRef.current?.focus();
    else if (state.status === 'wait' && was !== 'loading') inputRef.current?.focus();
  }, [state.status]);

  const preload = () => {
    if (!recaptcha || preloaded.current) return;
    preloaded.current = true;
    // A failure here is reported by the submit that needs the token.
    humanCheck()
      .then(({ loadRecaptcha }) => loadRecaptcha({ ...recaptcha, nonce }))
      .catch(() => {});
  };

  const subscribe = async (email: string) => {
    let status: number | string = 'human_check';
    try {
      const googleReCaptchaToken = recaptcha
        ? await (await humanCheck()).getRecaptchaToken({ ...recaptcha, nonce }, SUBSCRIBE_ACTION)
        : null;
      status = 'network';
      await api(SUBSCRIBE_PATH, {
        lang: i18n.language,
        method: 'POST',
        body: { email, googleReCaptchaToken },
      });
      dispatch({ type: 'succeeded' });
      trackEvent('newsletter_submit_success');
    } catch (error) {
      dispatch({ type: 'failed' });
      trackEvent('newsletter_submit_error', {
        status: error instanceof ApiProblem && error.status > 0 ? error.status : status,
      });
    } finally {
      busy.current = false;
    }
  };

  /** Submits the address in the field (`typed`: as the DOM holds it, for a submit made before hydration). */
  const submit = (typed?: string) => {
    if (state.status !== 'wait' || busy.current) return;
    const current = typed === undefined ? state : newsletterReducer(state, { type: 'edit', email: typed });
    if (typed !== undefined) dispatch({ type: 'edit', email: typed });
    const next = newsletterReducer(current, { type: 'submit' });
    dispatch({ type: 'submit' });
    if (next.status !== 'loading') {
      inputRef.current?.focus();
      return;
    }
    busy.current = true;
    void subscribe(submittedEmail(current));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  // What was typed, and a submit made, while this code was loading (app/forms/replay.ts).
  useTypedBeforeHydration(inputRef, state.email, (email) => dispatch({ type: 'edit', email }));
  useClaimForm(formRef, (form) => {
    const email = form.elements.namedItem('email');
    submit(email instanceof HTMLInputElement ? email.value : undefined);
  });

  return { state, dispatch, posted, preload, onSubmit, refs: { formRef, inputRef, closeRef, retryRef } };
}
