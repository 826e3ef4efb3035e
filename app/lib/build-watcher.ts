/** SPEC §4: a new build is detected by polling builds/latest.json; the page reloads on the next navigation. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;
export const RELOAD_GUARD_KEY = 'build-reload-at';
export const RELOAD_GUARD_MS = 10_000;

export async function fetchLatestBuildId(
  fetcher: typeof fetch = fetch,
  now = Date.now(),
): Promise<string | null> {
  try {
    const response = await fetcher(`/builds/latest.json?t=${now}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

/** Whether a reload may happen now: at most one per RELOAD_GUARD_MS, remembered in session storage. */
export function claimReload(storage: Storage, now = Date.now()): boolean {
  const last = Number(storage.getItem(RELOAD_GUARD_KEY) ?? '0');
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_GUARD_KEY, String(now));
  return true;
}

export interface BuildWatcher {
  /** True once a build other than the running one is published. */
  readonly stale: boolean;
  check(): Promise<void>;
  stop(): void;
}

export function watchBuild(
  runningId: string,
  options: { intervalMs?: number; fetcher?: typeof fetch } = {},
): BuildWatcher {
  let stale = false;
  const check = async () => {
    const latest = await fetchLatestBuildId(options.fetcher);
    if (latest && latest !== runningId) stale = true;
  };
  const timer = setInterval(() => void check(), options.intervalMs ?? BUILD_POLL_INTERVAL_MS);
  return {
    get stale() {
      return stale;
    },
    check,
    stop: () => clearInterval(timer),
  };
}
