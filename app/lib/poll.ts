/**
 * Calls `run` `interval` ms from now and again `interval` ms after each call settles (a slow
 * answer never overlaps the next call), until the returned function stops it.
 */
export function repeatAfter(run: () => Promise<unknown>, interval: number): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    timer = setTimeout(() => {
      timer = null;
      run()
        .catch(() => {})
        .finally(() => {
          if (!stopped) schedule();
        });
    }, interval);
  };
  schedule();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}
