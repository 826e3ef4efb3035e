import { type FormEvent, useEffect, useId, useReducer, useRef } from 'react';
import { useLocation } from 'react-router';
import { SUBSCRIBE_ACTION } from '../../core/newsletter/email.ts';
import { FORM_PATHS } from '../forms/paths.ts';
import { useClaimForm } from '../forms/replay.ts';
import { NEWSLETTER_RESULT, type NewsletterResult, newsletterResult } from '../forms/results.ts';
import { useTranslation } from '../i18n/react.tsx';
import { trackEvent } from '../lib/analytics.ts';
import { ApiProblem, api } from '../lib/api-client.ts';
import { useNonce } from '../lib/nonce.ts';
import type { RecaptchaConfig } from '../lib/recaptcha.ts';
import { Button } from '../ui/Button.tsx';
import { useTypedBeforeHydration } from '../ui/hooks.ts';
import { Icon } from '../ui/Icon.tsx';
import { RecaptchaNotice } from '../ui/RecaptchaNotice.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import {
  INITIAL_NEWSLETTER_STATE,
  NEWSLETTER_ANCHOR,
  type NewsletterState,
  type NewsletterStatus,
  newsletterReducer,
  submittedEmail,
} from './newsletter-machine.ts';

/** The block as a post/redirect/get left it (its outcome in the page's query, app/forms/results.ts). */
function stateAfterPost(result: NewsletterResult | null): NewsletterState {
  if (result === 'subscribed') return { ...INITIAL_NEWSLETTER_STATE, status: 'success' };
  if (result === 'error') return { ...INITIAL_NEWSLETTER_STATE, status: 'error' };
  if (result === 'invalid') return { ...INITIAL_NEWSLETTER_STATE, invalid: true };
  return INITIAL_NEWSLETTER_STATE;
}

/** The page's address without the outcome of a newsletter post (where the next post comes back to). */
function returnTo(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(NEWSLETTER_RESULT);
  const rest = params.toString();
  const path = `${pathname}${rest ? `?${rest}` : ''}`;
  // No page of the site has an address this long: a made-up one (a 404) is not echoed once more.
  return path.length > RETURN_PATH_MAX ? '/' : path;
}

const RETURN_PATH_MAX = 512;

export const SUBSCRIBE_PATH = '/apiglobal/contact/subscribe';

/**
 * The footer's newsletter block (SPEC §4, §5, §7): checks the address, gets a reCAPTCHA token (the
 * script loads on first focus or on submit, never with the page) and subscribes. Without a site key
 * the server does not check, and the token is sent as null.
 */
/** The human check's loader, fetched with the form's first use rather than with the page. */
const humanCheck = () => import('../lib/recaptcha.ts');

export function Newsletter({ recaptcha }: { recaptcha: RecaptchaConfig | null }) {
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const { pathname, search } = useLocation();
  const posted = newsletterResult(search);
  const [state, dispatch] = useReducer(newsletterReducer, posted, stateAfterPost);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const preloaded = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const inputId = `${id}-email`;
  const headingId = `${id}-title`;

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

  const announcement =
    state.status === 'success'
      ? t('newsletter.success')
      : state.status === 'error'
        ? t('newsletter.error')
        : '';

  return (
    <section
      id={NEWSLETTER_ANCHOR}
      aria-labelledby={headingId}
      className="rounded-2xl bg-surface p-5 text-ink shadow-sm desk:p-6"
      data-testid="newsletter"
      data-status={state.status}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('newsletter.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('newsletter.text')}</p>

      <p className="sr-only" role="status">
        {announcement}
      </p>

      {state.status === 'success' ? (
        <div
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-emerald-50 px-4 py-3"
          data-testid="newsletter-success"
        >
          <p className="flex items-center gap-2 font-semibold text-emerald-800">
            <Icon name="check" />
            {t('newsletter.success')}
          </p>
          <Button
            ref={closeRef}
            color="secondary"
            size="sm"
            onClick={() => dispatch({ type: 'close' })}
            data-testid="newsletter-close"
          >
            {t('newsletter.close')}
          </Button>
        </div>
      ) : state.status === 'error' ? (
        <div
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 px-4 py-3"
          data-testid="newsletter-error"
        >
          <p className="font-semibold text-red-800">{t('newsletter.error')}</p>
          <Button
            ref={retryRef}
            color="secondary"
            size="sm"
            onClick={() => dispatch({ type: 'retry' })}
            data-testid="newsletter-retry"
          >
            {t('newsletter.retry')}
          </Button>
        </div>
      ) : (
        // A plain post too (docs/decisions/015): held until this code runs and replayed, or
        // answered by the route action without JavaScript; no address ever goes into a URL.
        <form
          ref={formRef}
          method="post"
          action={FORM_PATHS.newsletter}
          data-replay=""
          noValidate
          onSubmit={onSubmit}
          className="mt-4"
          data-testid="newsletter-form"
        >
          <input type="hidden" name="returnTo" value={returnTo(pathname, search)} />
          <input type="hidden" name="lang" value={i18n.language} />
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
            {t('newsletter.emailLabel')}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextInput
              ref={inputRef}
              id={inputId}
              name="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('newsletter.placeholder')}
              value={state.email}
              onValueChange={(email) => dispatch({ type: 'edit', email })}
              onFocus={preload}
              readOnly={state.status === 'loading'}
              error={state.invalid ? { status: 'invalid', message: t('newsletter.invalidEmail') } : undefined}
              className="min-w-0 flex-1"
              data-testid="newsletter-email"
            />
            <Button
              type="submit"
              loading={state.status === 'loading'}
              className="sm:shrink-0"
              data-testid="newsletter-submit"
            >
              {t('newsletter.submit')}
            </Button>
          </div>
        </form>
      )}

      {posted === 'needs-js' || (recaptcha && state.status === 'wait') ? (
        // The human check runs in the browser: without JavaScript the page says so instead of failing.
        <noscript>
          <p className="mt-3 text-sm font-semibold text-red-800" data-testid="newsletter-needs-js">
            {t('newsletter.needsJavaScript')}
          </p>
        </noscript>
      ) : null}
      {recaptcha && (
        <RecaptchaNotice className="mt-3 text-xs text-muted" testId="newsletter-recaptcha-notice" />
      )}
    </section>
  );
}
