import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { type ConnectedWallet, loadWallet } from './use-wallet.tsx';

type Hex = `0x${string}`;
type WalletModule = Awaited<ReturnType<typeof loadWallet>>;

/**
 * Where a page's wallet transaction stands: signed in the wallet (confirm), sent (pending), mined
 * (done, or whatever step the page makes of it), or failed; a page adds its own steps (`Extra`).
 */
export type TxStep<A extends string, Extra extends { kind: string } = never> =
  | { kind: 'idle' }
  | { kind: 'confirm'; action: A }
  | { kind: 'pending'; action: A; hash: string }
  | { kind: 'done'; action: A; hash: string; ok: boolean }
  | { kind: 'error'; message: string }
  | Extra;

/** A sent transaction followed until it is final (a cross-chain transfer until it lands). */
export type TrackedStep = { kind: 'tracking'; hash: string };

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
 * The approve / send / follow steps the DEX and cross-chain pages share. `execute` asks the wallet
 * to sign (`send` answers the hash), waits for the receipt, sets the step `finish` makes of it
 * (by default `done`) and answers the hash and outcome; a rejection in the wallet or a failure
 * becomes an `error` step (answer null). With `tracking`, a `tracking` step is read again every
 * `every` ms until final.
 */
export function useTxSteps<A extends string, Extra extends { kind: string } = never, S = never>(
  tracking?: TxTracking<Extra & TrackedStep, S>,
) {
  const { t } = useTranslation();
  const [step, setStep] = useState<TxStep<A, Extra>>({ kind: 'idle' });

  const execute = useCallback(
    async (
      action: A,
      wallet: ConnectedWallet,
      send: (module: WalletModule) => Promise<Hex>,
      finish?: (mined: { hash: string; ok: boolean }) => TxStep<A, Extra>,
    ): Promise<{ hash: string; ok: boolean } | null> => {
      const module = await loadWallet();
      setStep({ kind: 'confirm', action });
      try {
        const hash = await send(module);
        setStep({ kind: 'pending', action, hash });
        const ok = await module.waitForReceipt(wallet.provider, hash);
        setStep(finish ? finish({ hash, ok }) : { kind: 'done', action, hash, ok });
        return { hash, ok };
      } catch (error) {
        setStep({
          kind: 'error',
          message: module.isUserRejection(error) ? t('dex.rejected') : t('dex.failed'),
        });
        return null;
      }
    },
    [t],
  );

  // A `tracking` step: read until final, each answer merged into the step while it is current.
  const tracked = step.kind === 'tracking' ? (step as unknown as Extra & TrackedStep) : null;
  const trackedHash = tracked?.hash ?? null;
  const first = useEffectEvent(() => tracked);
  const read = useEffectEvent((current: Extra & TrackedStep) =>
    (tracking as unknown as TxTracking<Extra & TrackedStep, S>).read(current),
  );
  const merged = useEffectEvent((status: S) => {
    const rules = tracking as unknown as TxTracking<Extra & TrackedStep, S>;
    setStep((current) =>
      current.kind === 'tracking' && (current as unknown as TrackedStep).hash === trackedHash
        ? rules.merge(current as unknown as Extra & TrackedStep, status)
        : current,
    );
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
        final = merged(status);
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

  return { step, setStep, execute, busy: step.kind === 'confirm' || step.kind === 'pending' };
}
