/**
 * Runs `run` with a signal that aborts after `timeoutMs`, and rejects then even if `run` ignores
 * its signal: an outside service never holds a quote past its deadline.
 */
export function withDeadline<T>(run: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  // A controller and a timer cleared on the answer (not AbortSignal.timeout, whose timer and
  // TimeoutError outlive every quote by the whole deadline: thousands of them at a busy node).
  const controller = new AbortController();
  const { signal } = controller;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const reason = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      controller.abort(reason);
      reject(reason);
    }, timeoutMs);
    timer.unref?.();
    Promise.resolve()
      .then(() => run(signal))
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}
