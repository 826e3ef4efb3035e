import './english-swap-step.ts';
import { Link } from 'react-router';
import { localizePath } from '../../core/routing/paths.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';

const QUESTIONS = ['1', '2', '3'] as const;
const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/**
 * The right column of the swap step and the swap page on wide screens (and their foot on narrow
 * ones): what happens next, a few answers from the FAQ, and where to get help.
 */
export function SwapAside({ kind, className = '' }: { kind: 'create' | 'status'; className?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <aside
      aria-label={t('exchange.aside.title')}
      data-testid="swap-aside"
      className={`grid content-start gap-4 text-sm ${className}`}
    >
      <section className="rounded-2xl bg-surface p-5 shadow-sm">
        <h2 className="font-semibold">{t('exchange.aside.nextTitle')}</h2>
        {kind === 'create' ? (
          <ol className="mt-2 grid list-decimal gap-2 pl-5 text-muted">
            {STEPS.map((step) => (
              <li key={step}>{t(`exchange.aside.${step}`)}</li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-muted">{t('exchange.aside.statusNote')}</p>
        )}
      </section>
      <section className="rounded-2xl bg-surface p-5 shadow-sm">
        <h2 className="font-semibold">{t('exchange.aside.faqTitle')}</h2>
        <div className="mt-2 grid gap-2">
          {QUESTIONS.map((n) => (
            <details key={n} className="group rounded-lg bg-canvas px-3 py-2">
              <summary className="cursor-pointer font-medium">{t(`exchange.aside.q${n}`)}</summary>
              <p className="mt-1 text-muted">{t(`exchange.aside.a${n}`)}</p>
            </details>
          ))}
        </div>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
          <Link to={localizePath(lang, '/faq')} className="text-link">
            {t('exchange.aside.faqLink')}
          </Link>
          <Link to={localizePath(lang, '/contact')} className="text-link">
            {t('exchange.aside.contactLink')}
          </Link>
        </p>
      </section>
    </aside>
  );
}
