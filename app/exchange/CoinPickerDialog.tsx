import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { ApiProblem } from '../lib/api-client.ts';
import { useLang } from '../routing/page-location.ts';
import { CoinIcon } from './CoinIcon.tsx';
import { loadCoins, searchCoins } from './coins.ts';
import type { Coin, Side } from './types.ts';

type ListState =
  | { status: 'loading' }
  | { status: 'ready'; coins: Coin[] }
  /** `message`: the server's, or empty for a network failure. */
  | { status: 'error'; message: string };

const LOADING: ListState = { status: 'loading' };

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
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [list, setList] = useState<ListState>(LOADING);
  // Which coin shows its networks; undefined: the side's coin when it has several.
  const [expanded, setExpanded] = useState<string | null | undefined>(undefined);
  const headingId = useId();
  const searchId = useId();

  // The list loads while the dialog is open and the list is wanted: on the first opening, after a
  // failure on the next opening, and on a retry.
  useEffect(() => {
    if (!open || list.status !== 'loading') return;
    let current = true;
    loadCoins(lang).then(
      (coins) => current && setList({ status: 'ready', coins }),
      (error: unknown) =>
        current && setList({ status: 'error', message: error instanceof ApiProblem ? error.message : '' }),
    );
    return () => {
      current = false;
    };
  }, [open, list.status, lang]);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setQuery('');
      setExpanded(undefined);
      setList((current) => (current.status === 'error' ? LOADING : current));
      element.showModal();
      search.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const close = () => dialog.current?.close();
  const choose = (coin: Coin, network: string) => {
    onChange({ coin, network });
    close();
  };
  const results = list.status === 'ready' ? searchCoins(list.coins, query) : [];
  // The side's coin as listed (the page may carry it with its chosen network only).
  const sideCoin =
    (list.status === 'ready' && list.coins.find((coin) => coin.code === side?.coin.code)) || side?.coin;
  const shownNetworks =
    expanded === undefined ? ((sideCoin?.networks.length ?? 0) > 1 ? sideCoin?.code : null) : expanded;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click closes the dialog; Escape closes it natively.
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
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
            onClick={close}
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
            ref={search}
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('exchange.picker.search')}
            autoComplete="off"
            spellCheck={false}
            data-testid={`${testId}-search`}
            className="w-full rounded-lg border border-slate-200 px-3 py-2 focus:border-brand-500 focus:outline-none"
          />
        </div>
        <div className="min-h-40 overflow-y-auto px-2 py-2" aria-live="polite">
          {list.status === 'loading' && (
            <p className="px-2 py-4 text-muted">{t('exchange.picker.loading')}</p>
          )}
          {list.status === 'error' && (
            <div className="px-2 py-4" role="alert">
              <p>{list.message || t('exchange.errors.network')}</p>
              <button
                type="button"
                onClick={() => setList(LOADING)}
                className="mt-2 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {t('exchange.retry')}
              </button>
            </div>
          )}
          {list.status === 'ready' && results.length === 0 && (
            <p className="px-2 py-4 text-muted">{t('exchange.picker.empty', { query: query.trim() })}</p>
          )}
          {list.status === 'ready' && results.length > 0 && (
            <ul aria-label={t('exchange.picker.results')}>
              {results.map((coin) => {
                const selected = side?.coin.code === coin.code;
                const several = coin.networks.length > 1;
                const isExpanded = shownNetworks === coin.code;
                const listId = `${searchId}-${coin.code}`;
                return (
                  <li key={coin.code} className="rounded-lg">
                    <div className="flex items-center gap-1">
                      <button
                        type="button"
                        onClick={() => choose(coin, coin.networks[0]?.network ?? '')}
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
                          onClick={() => setExpanded(isExpanded ? null : coin.code)}
                          aria-expanded={isExpanded}
                          aria-controls={listId}
                          aria-label={t('exchange.picker.networksOf', {
                            coin: coin.code.toUpperCase(),
                            number: coin.networks.length,
                          })}
                          data-testid={`coin-networks-${coin.code}`}
                          className="shrink-0 rounded-md px-2 py-2 text-xs text-brand-700 hover:bg-brand-50"
                        >
                          {t('exchange.picker.networks', { number: coin.networks.length })}{' '}
                          <span aria-hidden="true">{isExpanded ? '▴' : '▾'}</span>
                        </button>
                      )}
                    </div>
                    {several && isExpanded && (
                      <ul id={listId} className="mb-1 ml-11 flex flex-wrap gap-1.5">
                        {coin.networks.map((option) => (
                          <li key={option.network}>
                            <button
                              type="button"
                              onClick={() => choose(coin, option.network)}
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
              })}
            </ul>
          )}
        </div>
      </div>
    </dialog>
  );
}
