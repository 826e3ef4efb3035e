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

export type TxStepAction<A extends string, Extra extends { kind: string }> =
  /** Back to no transaction, or a step the page sets itself (a wallet error). */
  | { type: 'set'; step: TxStep<A, Extra> }
  /** The wallet is asked to sign. */
  | { type: 'confirm'; action: A }
  /** Signed and sent: its hash. */
  | { type: 'sent'; action: A; hash: string }
  /** Mined (`ok`: not reverted); `next` is the step the page makes of it, by default `done`. */
  | { type: 'mined'; action: A; hash: string; ok: boolean; next?: TxStep<A, Extra> }
  | { type: 'failed'; message: string }
  /** A new reading of the followed transaction `hash`, heard only while that one is followed. */
  | { type: 'tracked'; hash: string; update: (step: Extra & TrackedStep) => Extra & TrackedStep };

export const TX_IDLE = { kind: 'idle' } as const;

/** The step after one event of a transaction's life. */
export function txStepReducer<A extends string, Extra extends { kind: string }>(
  step: TxStep<A, Extra>,
  event: TxStepAction<A, Extra>,
): TxStep<A, Extra> {
  switch (event.type) {
    case 'set':
      return event.step;
    case 'confirm':
      return { kind: 'confirm', action: event.action };
    case 'sent':
      return { kind: 'pending', action: event.action, hash: event.hash };
    case 'mined':
      return event.next ?? { kind: 'done', action: event.action, hash: event.hash, ok: event.ok };
    case 'failed':
      return { kind: 'error', message: event.message };
    case 'tracked':
      return isTracking(step) && step.hash === event.hash
        ? (event.update(step as Extra & TrackedStep) as TxStep<A, Extra>)
        : step;
  }
}

/** The step follows a sent transaction. */
export function isTracking(step: { kind: string }): step is TrackedStep {
  return step.kind === 'tracking';
}

/** A transaction is on its way: the wallet is signing or it waits to be mined. */
export function isBusy(step: { kind: string }): boolean {
  return step.kind === 'confirm' || step.kind === 'pending';
}
