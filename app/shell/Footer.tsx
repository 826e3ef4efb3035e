import { useTranslation } from 'react-i18next';
import { openCookieSettings } from '../consent/store.ts';
import { Button } from '../ui/Button.tsx';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto bg-ink px-4 py-8 text-sm text-white/80">
      <p className="mx-auto max-w-6xl">
        {t('site.copyright', { year: new Date().getUTCFullYear(), name: t('site.name') })}
      </p>
      <p className="mx-auto mt-4 max-w-6xl">
        <Button color="secondary" size="sm" onClick={openCookieSettings} data-testid="footer-cookie-settings">
          {t('consent.footerButton')}
        </Button>
      </p>
    </footer>
  );
}
