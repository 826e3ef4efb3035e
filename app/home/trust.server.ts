import { finishedSwapCount, typicalSwapSeconds } from '../../core/exchange/eta.ts';
import type { Services } from '../../core/services.ts';

/** The home hero's figures, all counted from our own data: nothing here is typed in by hand. */
export interface TrustFigures {
  /** Swaps that finished, ever. */
  swaps: number;
  /** Coins in the catalogue. */
  coins: number;
  /** Liquidity providers every quote compares. */
  providers: number;
  /** Median created → finished of the recent finished swaps, in seconds; null with too few. */
  typicalSeconds: number | null;
}

const TTL_MS = 60_000;
const cache = new WeakMap<object, { figures: TrustFigures; until: number }>();

/** The figures, counted at most once a minute per set of services. */
export async function trustFigures(services: Services): Promise<TrustFigures> {
  const cached = cache.get(services);
  if (cached && cached.until > Date.now()) return cached.figures;
  const [swaps, coins, typicalSeconds] = await Promise.all([
    finishedSwapCount(services.db),
    services.catalogue.coins().then((list) => list.length),
    typicalSwapSeconds(services.db, null, { limit: 200 }),
  ]);
  const figures = { swaps, coins, providers: services.quotes.providerCount, typicalSeconds };
  cache.set(services, { figures, until: Date.now() + TTL_MS });
  return figures;
}
