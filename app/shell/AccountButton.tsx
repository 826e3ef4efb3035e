import { useTranslation } from '../i18n/react.tsx';
import { trackEvent } from '../lib/analytics.ts';
import { usePageLocation } from '../routing/page-location.ts';
import { buttonClass } from '../ui/Button.tsx';
import { accountRegistrationUrl } from './site-links.ts';

/** A link (to another site) that looks like a button: the way to the account site's registration page (SPEC §2, §6), counted as an event (§7). */
export function AccountButton({ accountUrl }: { accountUrl: string }) {
  const { t } = useTranslation();
  const { lang } = usePageLocation();
  return (
    <a
      href={accountRegistrationUrl(accountUrl, lang)}
      onClick={() => trackEvent('account_button_click')}
      data-testid="account-button"
      className={buttonClass({ size: 'sm' })}
    >
      {t('nav.account')}
    </a>
  );
}
