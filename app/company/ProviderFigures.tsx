import type { ProviderStats, SourceStats } from '../../core/company/company.ts';
import { formatCount } from '../../core/i18n/format.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { formatSpread } from './parts.tsx';

/** A provider's usual spread, or "not published". */
export function SpreadText({ provider }: { provider: ProviderStats }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      {provider.spreadBps === null ? t('providersPage.notPublished') : formatSpread(provider.spreadBps, lang)}
    </>
  );
}

/** The mean completion time in whole minutes (at least one), or "no finished swap yet". */
export function CompletionText({ provider }: { provider: ProviderStats }) {
  const { t } = useTranslation();
  if (provider.averageCompletionSeconds === null) return <>{t('providersPage.noSwaps')}</>;
  const count = Math.max(1, Math.round(provider.averageCompletionSeconds / 60));
  return <>{t('providersPage.minutes', { count })}</>;
}

/** Each provider as a card of its live figures (pairs served, spread, fixed rate, completion time). */
export function ProviderCards({ providers }: { providers: readonly ProviderStats[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (providers.length === 0) return <p className="text-muted">{t('providersPage.empty')}</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="provider-list">
      {providers.map((provider) => (
        <li
          key={provider.id}
          className="rounded-2xl border border-slate-200 bg-surface p-6"
          data-provider={provider.id}
        >
          <h3 className="text-lg font-semibold">{provider.name}</h3>
          <dl className="mt-4 flex flex-col gap-2 text-sm">
            <div className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-muted">{t('providersPage.columns.pairs')}</dt>
              <dd className="max-w-[55%] text-right font-medium" data-field="pairs">
                {formatCount(provider.pairsServed, lang)}
              </dd>
            </div>
            {provider.coins !== null && (
              <div className="flex items-baseline justify-between gap-4">
                <dt className="min-w-0 text-muted">{t('providersPage.columns.coins')}</dt>
                <dd className="max-w-[55%] text-right font-medium" data-field="coins">
                  {formatCount(provider.coins, lang)}
                </dd>
              </div>
            )}
            <div className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-muted">{t('providersPage.columns.spread')}</dt>
              <dd className="max-w-[55%] text-right font-medium" data-field="spread">
                <SpreadText provider={provider} />
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-muted">{t('providersPage.columns.fixed')}</dt>
              <dd className="max-w-[55%] text-right font-medium" data-field="fixed">
                {provider.fixedRate ? t('providersPage.yes') : t('providersPage.no')}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-muted">{t('providersPage.columns.time')}</dt>
              <dd className="max-w-[55%] text-right font-medium" data-field="time">
                <CompletionText provider={provider} />
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-muted">{t('providersPage.columns.swaps')}</dt>
              <dd className="max-w-[55%] text-right font-medium" data-field="swaps">
                {formatCount(provider.finished, lang)}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * The fiat ramps, DEX and bridge sources switched on beside the exchange providers, each with what
 * it is and how much of our catalogue it serves.
 */
export function SourceCards({ sources }: { sources: readonly SourceStats[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="source-list">
      {sources.map((source) => (
        <li
          key={source.id}
          className="rounded-2xl border border-slate-200 bg-surface p-6"
          data-source={source.id}
          data-kind={source.kind}
        >
          <h3 className="text-lg font-semibold">{source.name}</h3>
          <dl className="mt-4 flex flex-col gap-2 text-sm">
            <div className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-muted">{t('providersPage.columns.kind')}</dt>
              <dd className="max-w-[55%] text-right font-medium" data-field="kind">
                {t(`providersPage.kinds.${source.kind}`)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-muted">{t('providersPage.columns.coins')}</dt>
              <dd className="max-w-[55%] text-right font-medium" data-field="coins">
                {formatCount(source.coins, lang)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-muted">{t('providersPage.columns.networks')}</dt>
              <dd className="max-w-[55%] text-right font-medium" data-field="networks">
                {formatCount(source.networks, lang)}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
