import { useCallback, useEffect, useEffectEvent, useReducer } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { isBusy, isTracking, type TrackedStep, type TxStep, txStepReducer } from './tx-steps.ts';
import { type ConnectedWallet, loadWallet } from './use-wallet.tsx';

export type { TrackedStep, TxStep } from './tx-steps.ts';

type Hex = `0x${string}`;
type WalletModule = Awaited<ReturnType<typeof loadWallet>>;

export interface TxTracking<Track extends TrackedStep, S> {
  /** Where the transaction stands now. */
  read: (step: Track) => Promise<S>;
  /** The step with a status just read. */
  merge: (step: Track, status: S) => Track;
  isFinal: (status: S) => boolean;
  /** ms between two reads. */
  every: number;
}

/**
 * The approve / send / follow steps the DEX and cross-chain pages share, kept by `txStepReducer`.
 * `execute` asks the wallet to sign (`send` answers the hash), waits for the receipt, sets the
 * step `finish` makes of it (by default `done`) and answers the hash and outcome; a rejection in
 * the wallet or a failure becomes an `error` step (answer null). With `tracking`, a `tracking`
 * step is read again every `every` ms until final.
 */
export function useTxSteps<A extends string, Extra extends { kind: string } = never, S = never>(
  tracking?: TxTracking<Extra & TrackedStep, S>,
) {
  const { t } = useTranslation();
  const [step, dispatch] = useReducer(txStepReducer<A, Extra>, { kind: 'idle' });
  const setStep = useCallback((next: TxStep<A, Extra>) => dispatch({ type: 'set', step: next }), []);

  const execute = useCallback(
    async (
      action: A,
      wallet: ConnectedWallet,
      send: (module: WalletModule) => Promise<Hex>,
      finish?: (mined: { hash: string; ok: boolean }) => TxStep<A, Extra>,
    ): Promise<{ hash: string; ok: boolean } | null> => {
      const module = await loadWallet();
      dispatch({ type: 'confirm', action });
      try {
        const hash = await send(module);
        dispatch({ type: 'sent', action, hash });
        const ok = await module.waitForReceipt(wallet.provider, hash);
        dispatch({ type: 'mined', action, hash, ok, ...(finish ? { next: finish({ hash, ok }) } : {}) });
        return { hash, ok };
      } catch (error) {
        dispatch({
          type: 'failed',
          message: module.isUserRejection(error) ? t('dex.rejected') : t('dex.failed'),
        });
        return null;
      }
    },
    [t],
  );

  // A `tracking` step: read until final, each answer merged into the step while it is current.
  const tracked = isTracking(step) ? (step as Extra & TrackedStep) : null;
  const trackedHash = tracked?.hash ?? null;
  const first = useEffectEvent(() => tracked);
  const read = useEffectEvent((current: Extra & TrackedStep) =>
    (tracking as TxTracking<Extra & TrackedStep, S>).read(current),
  );
  const merged = useEffectEvent((hash: string, status: S) => {
    const rules = tracking as TxTracking<Extra & TrackedStep, S>;
    dispatch({ type: 'tracked', hash, update: (current) => rules.merge(current, status) });
    return rules.isFinal(status);
  });
  const every = tracking?.every ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: followed again only for another transaction.
  useEffect(() => {
    const followed = first();
    if (!trackedHash || !followed || !tracking) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let final = false;
      try {
        const status = await read(followed);
        if (!live) return;
        final = merged(trackedHash, status);
      } catch {
        // The status cannot be read just now: asked again at the next tick.
      }
      if (live && !final) timer = setTimeout(poll, every);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [trackedHash, every]);

  return { step, setStep, execute, busy: isBusy(step) };
}
