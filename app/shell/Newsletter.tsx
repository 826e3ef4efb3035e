import { type FormEvent, type RefObject, useId } from 'react';
import { useLocation } from 'react-router';
import { FORM_PATHS } from '../forms/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import type { RecaptchaConfig } from '../lib/recaptcha.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { RecaptchaNotice } from '../ui/RecaptchaNotice.tsx';
import { TextInput } from '../ui/TextInput.tsx';
import { NEWSLETTER_ANCHOR, type NewsletterEvent, type NewsletterState } from './newsletter-machine.ts';
import { returnTo } from './newsletter-post.ts';
import { useNewsletter } from './use-newsletter.ts';

export { SUBSCRIBE_PATH } from './newsletter-post.ts';

/**
 * The footer's newsletter block (SPEC §4, §5, §7): checks the address, gets a reCAPTCHA token (the
 * script loads on first focus or on submit, never with the page) and subscribes. Without a site key
 * the server does not check, and the token is sent as null.
 */
export function Newsletter({ recaptcha }: { recaptcha: RecaptchaConfig | null }) {
  const { t } = useTranslation();
  const { state, dispatch, posted, preload, onSubmit, refs } = useNewsletter(recaptcha);
  const headingId = `${useId()}-title`;

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
            ref={refs.closeRef}
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
            ref={refs.retryRef}
            color="secondary"
            size="sm"
            onClick={() => dispatch({ type: 'retry' })}
            data-testid="newsletter-retry"
          >
            {t('newsletter.retry')}
          </Button>
        </div>
      ) : (
        <NewsletterForm
          state={state}
          dispatch={dispatch}
          formRef={refs.formRef}
          inputRef={refs.inputRef}
          onSubmit={onSubmit}
          onFocus={preload}
        />
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

/**
 * The address field and its submit button. A plain post too (docs/decisions/015): held until this
 * code runs and replayed, or answered by the route action without JavaScript; no address ever goes
 * into a URL.
 */
function NewsletterForm({
  state,
  dispatch,
  formRef,
  inputRef,
  onSubmit,
  onFocus,
}: {
  state: NewsletterState;
  dispatch: (event: NewsletterEvent) => void;
  formRef: RefObject<HTMLFormElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onFocus: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const inputId = `${useId()}-email`;
  return (
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
          onFocus={onFocus}
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
  );
}
