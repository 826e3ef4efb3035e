import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { AccountForm } from './parts.tsx';

/**
 * The account home's list of its sections. A partner's pages are listed once the user is a
 * partner; before that, "Become a partner" (the home's `become-partner` action).
 */
export function AccountNav({ partnerId }: { partnerId: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <nav aria-labelledby="account-partner-heading" data-testid="account-nav">
      <h2 id="account-partner-heading" className="text-xl font-semibold">
        {t('account.partner.heading')}
      </h2>
      {partnerId ? (
        <ul className="mt-3 flex flex-col gap-2">
          {(['earnings', 'withdrawals'] as const).map((section) => (
            <li key={section}>
              <a
                href={localizePath(lang, `/account/${section}`)}
                className="text-link"
                data-testid={`account-link-${section}`}
              >
                {t(`account.partner.nav.${section}`)}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-muted">{t('account.partner.becomeText')}</p>
          <AccountForm submit={t('account.partner.become')} intent="become-partner" />
        </div>
      )}
    </nav>
  );
}
