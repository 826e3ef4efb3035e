import { Trans } from '../i18n/react.tsx';

const NOTICE_LINK =
  'underline underline-offset-2 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 rounded-sm';

/**
 * The notice Google asks for when the reCAPTCHA badge is hidden (SPEC §7: badge hidden): its
 * privacy policy and terms apply. Under every form that runs the human check.
 */
export function RecaptchaNotice({ className, testId }: { className: string; testId?: string }) {
  return (
    <p className={className} data-testid={testId}>
      <Trans
        i18nKey="newsletter.recaptchaNotice"
        components={{
          privacy: (
            // biome-ignore lint/a11y/useAnchorContent: Trans fills in the link text.
            <a
              href="https://policies.google.com/privacy"
              target="_blank"
              rel="noopener noreferrer"
              className={NOTICE_LINK}
            />
          ),
          terms: (
            // biome-ignore lint/a11y/useAnchorContent: Trans fills in the link text.
            <a
              href="https://policies.google.com/terms"
              target="_blank"
              rel="noopener noreferrer"
              className={NOTICE_LINK}
            />
          ),
        }}
      />
    </p>
  );
}
