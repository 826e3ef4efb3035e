import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiProblem } from '../lib/api-client.ts';
import {
  type CoinListState,
  expandedCoin,
  LOADING,
  listedSideCoin,
  listOnOpen,
} from './coin-picker-state.ts';
import { loadCoins } from './coins.ts';
import type { Coin, Side } from './types.ts';

/**
 * The coin picker dialog's state and effects: the modal opened and closed with `open` (each
 * opening starts with an empty search), the coin list loaded while the dialog is open and the
 * list is wanted (the first opening, the next opening after a failure, a retry), the search and
 * the coin whose networks are on show.
 */
export function useCoinPicker({
  open,
  side,
  lang,
  onChange,
}: {
  open: boolean;
  side: Side | null;
  lang: string;
  onChange: (side: Side) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [list, setList] = useState<CoinListState>(LOADING);
  // Which coin shows its networks; undefined: the side's coin when it has several.
  const [expanded, setExpanded] = useState<string | null | undefined>(undefined);

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
      setList(listOnOpen);
      element.showModal();
      search.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const close = () => dialog.current?.close();
  return {
    dialog,
    search,
    query,
    setQuery,
    list,
    retry: () => setList(LOADING),
    /** The code of the coin whose networks are on show, or null. */
    shownNetworks: expandedCoin(expanded, listedSideCoin(list, side)),
    /** Shows or hides a coin's networks. */
    toggleNetworks: (code: string, shown: boolean) => setExpanded(shown ? null : code),
    close,
    choose: (coin: Coin, network: string) => {
      onChange({ coin, network });
      close();
    },
  };
}
