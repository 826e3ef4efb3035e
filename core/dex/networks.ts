/**
 * The EVM networks of DEX swaps (SPEC: Ethereum, BNB Chain, Polygon, Arbitrum, Optimism). Plain
 * data without zod or viem: the browser bundle of /dex, the route checks and the server share it.
 */

export const DEX_NETWORK_IDS = ['ethereum', 'bsc', 'polygon', 'arbitrum', 'optimism'] as const;
export type DexNetworkId = (typeof DEX_NETWORK_IDS)[number];

export interface DexNetwork {
  id: DexNetworkId;
  name: string;
  chainId: number;
  /** The gas token every transaction pays with. */
  native: { symbol: string; name: string; decimals: number };
  /** The wrapped gas token the pools trade (WETH, WBNB, WPOL). */
  wrappedNative: `0x${string}`;
  /** Block explorer: the transaction and address pages. */
  explorer: { name: string; url: string };
  /** The suffix of the RPC URL setting: DEX_RPC_URL_{suffix}. */
  configKey: string;
  /**
   * The chain id of this network's sandbox chain (core/dex/sandbox/chains.ts): its own, never a
   * mainnet's or a known testnet's, so a wallet can never sign for a real chain believing it signs
   * for the sandbox (EIP-155 binds a signature to its chain id).
   */
  sandboxChainId: number;
}

/** How 0x, LI.FI and most wallets write the gas token where a token address is expected. */
export const NATIVE_TOKEN = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const;

export const DEX_NETWORKS: readonly DexNetwork[] = [
  {
    id: 'ethereum',
    name: 'Ethereum',
    chainId: 1,
    native: { symbol: 'ETH', name: 'Ether', decimals: 18 },
    wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    explorer: { name: 'Etherscan', url: 'https://etherscan.io' },
    configKey: 'ETHEREUM',
    sandboxChainId: 77_700_001,
  },
  {
    id: 'bsc',
    name: 'BNB Chain',
    chainId: 56,
    native: { symbol: 'BNB', name: 'BNB', decimals: 18 },
    wrappedNative: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
    explorer: { name: 'BscScan', url: 'https://bscscan.com' },
    configKey: 'BSC',
    sandboxChainId: 77_700_056,
  },
  {
    id: 'polygon',
    name: 'Polygon',
    chainId: 137,
    native: { symbol: 'POL', name: 'Polygon Ecosystem Token', decimals: 18 },
    wrappedNative: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
    explorer: { name: 'PolygonScan', url: 'https://polygonscan.com' },
    configKey: 'POLYGON',
    sandboxChainId: 77_700_137,
  },
  {
    id: 'arbitrum',
    name: 'Arbitrum One',
    chainId: 42161,
    native: { symbol: 'ETH', name: 'Ether', decimals: 18 },
    wrappedNative: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
    explorer: { name: 'Arbiscan', url: 'https://arbiscan.io' },
    configKey: 'ARBITRUM',
    sandboxChainId: 77_742_161,
  },
  {
    id: 'optimism',
    name: 'OP Mainnet',
    chainId: 10,
    native: { symbol: 'ETH', name: 'Ether', decimals: 18 },
    wrappedNative: '0x4200000000000000000000000000000000000006',
    explorer: { name: 'Optimistic Etherscan', url: 'https://optimistic.etherscan.io' },
    configKey: 'OPTIMISM',
    sandboxChainId: 77_700_010,
  },
];

const BY_ID = new Map(DEX_NETWORKS.map((network) => [network.id, network]));
const BY_CHAIN = new Map(DEX_NETWORKS.map((network) => [network.chainId, network]));

export function dexNetwork(id: string): DexNetwork | undefined {
  return BY_ID.get(id as DexNetworkId);
}

export function dexNetworkByChainId(chainId: number): DexNetwork | undefined {
  return BY_CHAIN.get(chainId);
}

/** How a network is named where it runs on its sandbox chain: "Ethereum (sandbox)". */
export function sandboxNetworkName(network: Pick<DexNetwork, 'name'>): string {
  return `${network.name} (sandbox)`;
}

export function isNativeToken(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN.toLowerCase();
}

export function explorerTxUrl(network: DexNetwork, hash: string): string {
  return `${network.explorer.url}/tx/${hash}`;
}

export function explorerAddressUrl(network: DexNetwork, address: string): string {
  return `${network.explorer.url}/address/${address}`;
}

/** The icon of a token: our coin icon of its symbol (the icon set's, else a letter badge). */
export function tokenIconPath(symbol: string): string {
  const code = symbol
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 20);
  return `/icons/coins/${code || 'token'}.svg`;
}

/** Decimal text of a base-unit amount (`1500000`, 6 → `1.5`), exact. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Base units of a decimal text (`1.5`, 6 → 1500000n); null when it is not a plain decimal or has too many places. */
export function parseUnits(text: string, decimals: number): bigint | null {
  const match = /^(\d{1,40})(?:\.(\d{0,40}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > decimals) return null;
  return BigInt(match[1] as string) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}
