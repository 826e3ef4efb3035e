import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useNow, useRevalidateEvery } from './api-hooks.ts';
import type { SwapLinks } from './swap-page.server.ts';
import { missingLink, POLL_MS, rateExpiry, shownSwap } from './swap-status-state.ts';
import { FINAL_STATUSES, type SwapView } from './types.ts';

export interface SwapStatusState {
  /** The swap on show: the loader's view, unless a simulated deposit's answer is newer. */
  swap: SwapView;
  /** Takes the sandbox's answer to a simulated deposit. */
  simulated: (swap: SwapView) => void;
  /** When the fixed rate of a waiting swap ends (ms since the epoch), or null. */
  rateExpiresAt: number | null;
  /** The current time, ticking every second while the fixed-rate countdown is on show. */
  now: number;
}

/**
 * The swap page's live state. The route loader is the source: it runs again every POLL_MS until
 * the swap reaches a final status, and at once when a transaction hash is on show without its
 * explorer link (once per new hash, so a network without an explorer cannot start a loop).
 * `onStatus` hears the status shown, at first and at each change.
 */
export function useSwapStatus(
  loaded: SwapView,
  links: SwapLinks,
  onStatus?: (swap: SwapView) => void,
): SwapStatusState {
  const { revalidate } = useRevalidator();
  const [simulated, setSimulated] = useState<SwapView | null>(null);
  const swap = shownSwap(loaded, simulated);

  const shownStatus = swap.status;
  const swapRef = useRef(swap);
  swapRef.current = swap;
  useEffect(() => {
    if (shownStatus) onStatus?.(swapRef.current);
  }, [shownStatus, onStatus]);

  useRevalidateEvery(POLL_MS, !FINAL_STATUSES.has(swap.status));

  const linkMissing = missingLink(swap, links);
  const hashes = `${swap.depositHash ?? ''}|${swap.payoutHash ?? ''}`;
  const revalidatedFor = useRef('');
  useEffect(() => {
    if (!linkMissing || revalidatedFor.current === hashes) return;
    revalidatedFor.current = hashes;
    void revalidate();
  }, [linkMissing, hashes, revalidate]);

  const rateExpiresAt = rateExpiry(swap);
  const now = useNow(rateExpiresAt !== null);
  return { swap, simulated: setSimulated, rateExpiresAt, now };
}
