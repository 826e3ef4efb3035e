import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto bg-ink px-4 py-8 text-sm text-white/80">
      <p className="mx-auto max-w-6xl">
        {t('site.copyright', { year: new Date().getUTCFullYear(), name: t('site.name') })}
      </p>
    </footer>
  );
}
