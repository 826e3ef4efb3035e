import { formatCount } from '../../core/i18n/format.ts';
import { formatDuration } from '../exchange/offers-format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import type { TrustFigures } from './trust.server.ts';

/**
 * The hero's trust signals: swaps completed, coins, providers compared and the typical swap time,
 * as counted from our database, catalogue and provider registry. A figure we do not have yet (no
 * finished swap) is left out rather than made up.
 */
export function HomeTrust({ figures }: { figures: TrustFigures }) {
  const { t } = useTranslation();
  const lang = useLang();
  const items: { id: string; figure: string; label: string }[] = [];
  if (figures.swaps > 0) {
    items.push({
      id: 'swaps',
      figure: formatCount(figures.swaps, lang),
      label: t('home.trust.swaps', { count: figures.swaps }),
    });
  }
  items.push(
    {
      id: 'coins',
      figure: formatCount(figures.coins, lang),
      label: t('home.trust.coins', { count: figures.coins }),
    },
    {
      id: 'providers',
      figure: formatCount(figures.providers, lang),
      label: t('home.trust.providers', { count: figures.providers }),
    },
  );
  if (figures.typicalSeconds !== null) {
    items.push({
      id: 'time',
      figure: formatDuration(figures.typicalSeconds, lang),
      label: t('home.trust.time'),
    });
  }
  return (
    <section aria-label={t('home.trust.title')} className="mt-6" data-testid="home-trust">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
        {items.map((item) => (
          <div
            key={item.id}
            data-trust={item.id}
            className="min-w-0 rounded-xl bg-surface px-4 py-3 shadow-sm"
          >
            <dt className="sr-only">{item.label}</dt>
            <dd className="text-2xl font-bold tabular-nums" aria-hidden="true">
              {item.figure}
            </dd>
            <dd className="text-sm text-muted break-words">
              <span className="sr-only">{item.figure} </span>
              {item.label}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted">{t('home.trust.note')}</p>
    </section>
  );
}
