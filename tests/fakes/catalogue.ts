import { readFileSync } from 'node:fs';
import { MEMO_NAMES, NETWORKS } from '../../core/address/networks.ts';
import type { CatalogueAsset } from '../../core/catalogue/catalogue.ts';

interface CoinFile {
  code: string;
  name: string;
  networks: {
    network: keyof typeof NETWORKS;
    contract: string | null;
    decimals: number;
    min: string;
    max: string;
  }[];
}

/** The committed coin list (content/catalogue/coins.json), as the adapters' tests read it. */
export const COIN_LIST = JSON.parse(
  readFileSync(new URL('../../content/catalogue/coins.json', import.meta.url), 'utf8'),
) as CoinFile[];

/** Every (coin, network) of the catalogue. */
export const CATALOGUE_ASSETS = COIN_LIST.flatMap((coin) =>
  coin.networks.map((entry) => ({ coin: coin.code, network: entry.network as string })),
);

/** The catalogue's asset lookup over the committed coin list, without a database. */
export const fileCatalogue = {
  async asset(code: string, network?: string | null): Promise<CatalogueAsset | null> {
    const coin = COIN_LIST.find((c) => c.code === code);
    const entry =
      coin?.networks.find((n) => n.network === network) ?? (network ? undefined : coin?.networks[0]);
    if (!coin || !entry) return null;
    const def = NETWORKS[entry.network];
    return {
      coin: coin.code,
      coinName: coin.name,
      contract: entry.contract,
      decimals: entry.decimals,
      min: entry.min,
      max: entry.max,
      network: {
        id: def.id,
        name: def.name,
        nativeCoin: def.nativeCoin,
        addressFormat: def.addressFormat,
        memo: def.memo
          ? { name: MEMO_NAMES[def.memo.kind], kind: def.memo.kind, required: def.memo.required }
          : null,
        confirmations: def.confirmations,
        explorerTx: def.explorer.tx,
        explorerAddress: def.explorer.address,
        networkFeeUsd: String(def.networkFeeUsd),
      },
    };
  },
};
