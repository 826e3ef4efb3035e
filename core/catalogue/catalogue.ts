import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { coinNetworks, coins, networks } from '../../db/schema.ts';
import { type MemoKind, NETWORKS, type NetworkId } from '../address/networks.ts';
import type { CoinView } from '../exchange/contract.ts';

export interface CatalogueNetwork {
  id: string;
  name: string;
  nativeCoin: string;
  addressFormat: string;
  memo: { name: string; kind: MemoKind; required: boolean } | null;
  confirmations: number;
  explorerTx: string;
  explorerAddress: string | null;
  networkFeeUsd: string;
}

/** A coin on one network, with what swapping it needs. */
export interface CatalogueAsset {
  coin: string;
  coinName: string;
  network: CatalogueNetwork;
  /** Token contract, or null for the network's own coin. */
  contract: string | null;
  decimals: number;
  min: string;
  max: string;
}

export interface CatalogueCoin {
  code: string;
  name: string;
  rank: number;
  popular: boolean;
  icon: string;
  /** The coin's networks, its main one first. */
  assets: CatalogueAsset[];
}

/** A coin as the exchange API and the pages show it: GET /api/v1/coins. */
/** A coin as GET /api/v1/coins lists it (core/exchange/contract.ts). */
export type PublicCoin = CoinView;

/** A network's memo kind, from its definition (the table stores the English name). */
function memoKind(network: string): MemoKind {
  return NETWORKS[network as NetworkId]?.memo?.kind ?? 'memo';
}

export function publicCoin(coin: CatalogueCoin): PublicCoin {
  return {
    code: coin.code,
    name: coin.name,
    icon: coin.icon,
    networks: coin.assets.map((asset) => ({
      network: asset.network.id,
      name: asset.network.name,
      memo: asset.network.memo,
      referenceMin: asset.min,
      referenceMax: asset.max,
      decimals: asset.decimals,
      contract: asset.contract,
    })),
  };
}

/** Payout amounts carry at most 8 decimals, fewer when the asset has fewer. */
export function payoutDecimals(asset: Pick<CatalogueAsset, 'decimals'>): number {
  return Math.min(asset.decimals, 8);
}

export function coinIconUrl(code: string): string {
  return `/icons/coins/${code}.svg`;
}

/**
 * The enabled coins and their networks, read from the database and kept in memory: the
 * catalogue changes with deployments and seeds, not per request. `reload()` re-reads it.
 */
export class Catalogue {
  readonly #db: Database;
  #coins: CatalogueCoin[] = [];
  #byCode = new Map<string, CatalogueCoin>();
  #loading: Promise<void> | null = null;

  readonly #onChange: (() => void) | undefined;
  #loaded = false;

  /** `onChange` is called after each reload: pages rendered from the earlier catalogue are stale. */
  constructor(db: Database, onChange?: () => void) {
    this.#db = db;
    this.#onChange = onChange;
  }

  async reload(): Promise<void> {
    const [networkRows, coinRows, assetRows] = await Promise.all([
      this.#db.select().from(networks),
      this.#db.select().from(coins).orderBy(asc(coins.rank)),
      this.#db.select().from(coinNetworks),
    ]);
    const networkById = new Map<string, CatalogueNetwork>(
      networkRows.map((row) => [
        row.id,
        {
          id: row.id,
          name: row.name,
          nativeCoin: row.nativeCoin,
          addressFormat: row.addressFormat,
          memo: row.memoName
            ? { name: row.memoName, kind: memoKind(row.id), required: row.memoRequired }
            : null,
          confirmations: row.confirmations,
          explorerTx: row.explorerTx,
          explorerAddress: row.explorerAddress,
          networkFeeUsd: row.networkFeeUsd,
        },
      ]),
    );
    const list: CatalogueCoin[] = [];
    for (const coin of coinRows) {
      if (!coin.enabled) continue;
      const assets = assetRows
        .filter((row) => row.coin === coin.code)
        .flatMap((row) => {
          const network = networkById.get(row.network);
          return network
            ? [
                {
                  coin: coin.code,
                  coinName: coin.name,
                  network,
                  contract: row.contract,
                  decimals: row.decimals,
                  min: row.min,
                  max: row.max,
                },
              ]
            : [];
        })
        // The coin's own chain first, then the order networks were listed in.
        .sort(
          (a, b) => Number(b.network.nativeCoin === coin.code) - Number(a.network.nativeCoin === coin.code),
        );
      if (assets.length === 0) continue;
      list.push({
        code: coin.code,
        name: coin.name,
        rank: coin.rank,
        popular: coin.popular,
        icon: coinIconUrl(coin.code),
        assets,
      });
    }
    this.#coins = list;
    this.#byCode = new Map(list.map((coin) => [coin.code, coin]));
    // The first load changes nothing anyone has shown yet.
    if (this.#loaded) this.#onChange?.();
    this.#loaded = true;
  }

  async #ready(): Promise<void> {
    this.#loading ??= this.reload();
    await this.#loading;
  }

  async coins(): Promise<CatalogueCoin[]> {
    await this.#ready();
    return this.#coins;
  }

  async coin(code: string): Promise<CatalogueCoin | null> {
    await this.#ready();
    return this.#byCode.get(code.toLowerCase()) ?? null;
  }

  /** The coin on the given network, or on its main network when none is given. */
  async asset(code: string, network?: string | null): Promise<CatalogueAsset | null> {
    const coin = await this.coin(code);
    if (!coin) return null;
    if (!network) return coin.assets[0] ?? null;
    return coin.assets.find((asset) => asset.network.id === network.toLowerCase()) ?? null;
  }
}
