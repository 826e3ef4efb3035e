import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { useMounted } from './api-hooks.ts';
import { reachedAt, sideExits, stepState } from './swap-status-state.ts';
import { MAIN_STATUSES, type SwapView } from './types.ts';

/**
 * A time in the visitor's time zone. The server and the hydration render show UTC, so both
 * renders agree; the local time replaces it once the page runs.
 */
export function Time({ at }: { at: string }) {
  const lang = useLang();
  const mounted = useMounted();
  const format = new Intl.DateTimeFormat(lang, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    ...(mounted ? {} : { timeZone: 'UTC', timeZoneName: 'short' }),
  });
  return <time dateTime={at}>{format.format(new Date(at))}</time>;
}

/** All the main statuses in order, the reached ones with their time, and any side exit after them. */
export function Timeline({ swap }: { swap: SwapView }) {
  const { t } = useTranslation();
  const exits = sideExits(swap);
  return (
    <section aria-labelledby="timeline-heading" className="rounded-2xl bg-surface p-5 shadow-md">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        {t('swapStatus.timeline')}
      </h2>
      <ol className="mt-3 grid gap-0" data-testid="timeline">
        {MAIN_STATUSES.map((status) => {
          const at = reachedAt(swap, status);
          const state = stepState(swap, status);
          return (
            <li
              key={status}
              data-testid={`timeline-${status}`}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className="relative flex gap-3 pb-4 last:pb-0"
            >
              <span
                aria-hidden="true"
                className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  state === 'done'
                    ? 'bg-green-600 text-white'
                    : state === 'current'
                      ? 'bg-brand-600 text-white ring-4 ring-brand-50'
                      : 'border-2 border-slate-300 bg-surface'
                }`}
              >
                {state === 'done' ? '✓' : ''}
              </span>
              <span className="flex flex-col">
                <span className={state === 'pending' || state === 'skipped' ? 'text-muted' : 'font-medium'}>
                  {t(`swapStatus.statuses.${status}.label`)}
                  <span className="sr-only"> ({t(`swapStatus.step.${state}`)})</span>
                </span>
                {at && (
                  <span className="text-xs text-muted">
                    <Time at={at} />
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {exits.length > 0 && (
        <ul className="mt-4 grid gap-2">
          {exits.map((status) => {
            const at = reachedAt(swap, status);
            const current = swap.status === status;
            return (
              <li
                key={status}
                data-testid={`timeline-${status}`}
                data-state={current ? 'current' : 'done'}
                className={`rounded-lg px-3 py-2 text-sm ${
                  status === 'hold' || status === 'action_needed'
                    ? 'bg-amber-50 text-amber-900'
                    : 'bg-red-50 text-red-900'
                }`}
              >
                <p className="font-semibold">{t(`swapStatus.statuses.${status}.label`)}</p>
                <p>
                  {t(`swapStatus.statuses.${status}.description`, {
                    amount: swap.amountDeposited ?? swap.amountFrom,
                    coin: swap.from.toUpperCase(),
                    toCoin: swap.to.toUpperCase(),
                  })}
                </p>
                {at && (
                  <p className="text-xs opacity-80">
                    <Time at={at} />
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
