/**
 * What a partner earns on a swap (the figures /for-partners states):
 * - the affiliate programme (link, code, widget): the partner's `affiliateFeeBps` of the swap's
 *   payout amount, 20 basis points (0.2 %) by default;
 * - API partners (a swap made with the partner's API key): a share of our service fee that grows
 *   with the partner's volume of the last 30 days, up to 50 %.
 */

/** How long a `?ref=` link attaches its partner to the visitor's swaps (the `sg_ref` cookie). */
export const REFERRAL_WINDOW_DAYS = 30;

/** The window of volume an API partner's tier is worked out on. */
export const TIER_WINDOW_DAYS = 30;

export interface ApiTier {
  /** The tier applies from this finished volume (USD, last 30 days) on. */
  fromUsd: number;
  /** The partner's share of our service fee, in basis points (5000 = 50 %). */
  shareBps: number;
}

/** The API partners' tiers, lowest first. */
export const API_TIERS: readonly ApiTier[] = [
  { fromUsd: 0, shareBps: 2_500 },
  { fromUsd: 50_000, shareBps: 3_500 },
  { fromUsd: 250_000, shareBps: 4_500 },
  { fromUsd: 1_000_000, shareBps: 5_000 },
];

/** The tier of an API partner whose finished swaps of the last 30 days came to `volumeUsd`. */
export function apiTier(volumeUsd: number): ApiTier {
  let tier = API_TIERS[0] as ApiTier;
  for (const candidate of API_TIERS) if (volumeUsd >= candidate.fromUsd) tier = candidate;
  return tier;
}
