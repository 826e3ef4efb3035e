import { useId } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useLang } from '../routing/page-location.ts';
import { CoinIcon } from './CoinIcon.tsx';
import { type CoinListState, shownCoins } from './coin-picker-state.ts';
import { searchCoins } from './coins.ts';
import type { Coin, Side } from './types.ts';
import { useCoinPicker } from './use-coin-picker.ts';

/**
 * The coin picker's modal <dialog>: a searchable list fetched on first open. Each coin is listed
 * once; choosing it takes its main network, and coins on several networks have a second button to
 * choose another one. Its code loads with the first open (app/exchange/CoinPicker.tsx).
 */
export function CoinPickerDialog({
  side,
  title,
  testId,
  open,
  onChange,
  onClose,
}: {
  side: Side | null;
  title: string;
  testId: string;
  /** Shown as a modal while true; each opening starts with an empty search. */
  open: boolean;
  onChange: (side: Side) => void;
  onClose: () => void;
}) {
  const lang = useLang();
  const { t } = useTranslation();
  const picker = useCoinPicker({ open, side, lang, onChange });
  const headingId = useId();
  const searchId = useId();
  const results = shownCoins(picker.list, picker.query, searchCoins);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click closes the dialog; Escape closes it natively.
    <dialog
      ref={picker.dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) picker.close();
      }}
      data-testid={`${testId}-dialog`}
      // A sheet from the bottom on narrow screens (SPEC: sheets), a centred modal from 640 px.
      className="mx-0 mt-auto mb-0 w-full max-w-none rounded-t-xl bg-surface p-0 text-ink shadow-xl backdrop:bg-slate-900/50 sm:m-auto sm:w-[min(28rem,calc(100vw-2rem))] sm:rounded-xl"
    >
      <div className="flex max-h-[85vh] flex-col sm:max-h-[80vh]">
        <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-4 py-3">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={picker.close}
            aria-label={t('exchange.picker.close')}
            className="rounded-md px-2 py-1 text-xl leading-none text-muted hover:bg-brand-50"
          >
            ×
          </button>
        </div>
        <div className="px-4 pt-3">
          <label htmlFor={searchId} className="sr-only">
            {t('exchange.picker.search')}
          </label>
          <input
            ref={picker.search}
            id={searchId}
            type="search"
            value={picker.query}
            onChange={(event) => picker.setQuery(event.target.value)}
            placeholder={t('exchange.picker.search')}
            autoComplete="off"
            spellCheck={false}
            data-testid={`${testId}-search`}
            className="w-full rounded-lg border border-slate-200 px-3 py-2 focus:border-brand-500 focus:outline-none"
          />
        </div>
        <div className="min-h-40 overflow-y-auto px-2 py-2" aria-live="polite">
          <ListProblem
            list={picker.list}
            query={picker.query}
            empty={results.length === 0}
            onRetry={picker.retry}
          />
          {results.length > 0 && (
            <ul aria-label={t('exchange.picker.results')}>
              {results.map((coin) => (
                <CoinOption
                  key={coin.code}
                  coin={coin}
                  side={side}
                  listId={`${searchId}-${coin.code}`}
                  expanded={picker.shownNetworks === coin.code}
                  onToggle={picker.toggleNetworks}
                  onChoose={picker.choose}
                />
              ))}
            </ul>
          )}
        </div>
      </div>
    </dialog>
  );
}

/** While the list loads, when it failed (with a retry), or when nothing matches the search. */
function ListProblem({
  list,
  query,
  empty,
  onRetry,
}: {
  list: CoinListState;
  query: string;
  empty: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (list.status === 'loading')
    return <p className="px-2 py-4 text-muted">{t('exchange.picker.loading')}</p>;
  if (list.status === 'error') {
    return (
      <div className="px-2 py-4" role="alert">
        <p>{list.message || t('exchange.errors.network')}</p>
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t('exchange.retry')}
        </button>
      </div>
    );
  }
  if (!empty) return null;
  return <p className="px-2 py-4 text-muted">{t('exchange.picker.empty', { query: query.trim() })}</p>;
}

/** One coin: choosing it takes its main network; a coin on several networks lists them on demand. */
function CoinOption({
  coin,
  side,
  listId,
  expanded,
  onToggle,
  onChoose,
}: {
  coin: Coin;
  side: Side | null;
  /** The id of its network list. */
  listId: string;
  /** True while its networks are on show. */
  expanded: boolean;
  onToggle: (code: string, shown: boolean) => void;
  onChoose: (coin: Coin, network: string) => void;
}) {
  const { t } = useTranslation();
  const selected = side?.coin.code === coin.code;
  const several = coin.networks.length > 1;
  return (
    <li className="rounded-lg">
      <div className="flex items-center gap-1">
        <button
          type="button"
          onClick={() => onChoose(coin, coin.networks[0]?.network ?? '')}
          aria-current={selected ? 'true' : undefined}
          data-testid={`coin-option-${coin.code}`}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-brand-50 aria-[current]:bg-brand-50"
        >
          <CoinIcon coin={coin} />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="font-semibold">{coin.code.toUpperCase()}</span>
            <span className="truncate text-sm text-muted">
              {several ? `${coin.name} · ${coin.networks[0]?.name}` : coin.name}
            </span>
          </span>
        </button>
        {several && (
          <button
            type="button"
            onClick={() => onToggle(coin.code, expanded)}
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={t('exchange.picker.networksOf', {
              coin: coin.code.toUpperCase(),
              number: coin.networks.length,
            })}
            data-testid={`coin-networks-${coin.code}`}
            className="shrink-0 rounded-md px-2 py-2 text-xs text-brand-700 hover:bg-brand-50"
          >
            {t('exchange.picker.networks', { number: coin.networks.length })}{' '}
            <span aria-hidden="true">{expanded ? '▴' : '▾'}</span>
          </button>
        )}
      </div>
      {several && expanded && (
        <ul id={listId} className="mb-1 ml-11 flex flex-wrap gap-1.5">
          {coin.networks.map((option) => (
            <li key={option.network}>
              <button
                type="button"
                onClick={() => onChoose(coin, option.network)}
                aria-current={selected && side?.network === option.network ? 'true' : undefined}
                data-testid={`network-option-${coin.code}-${option.network}`}
                className="rounded-full border border-slate-200 px-3 py-1 text-xs hover:border-brand-500 aria-[current]:border-brand-600 aria-[current]:bg-brand-50 aria-[current]:font-semibold"
              >
                {option.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
